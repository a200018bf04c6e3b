// @calcsmith/element's entry: importing it registers `<calcsmith-calculator>` (once, if no
// other copy on the page did) and exports the class.
import { CalcsmithCalculatorElement } from './calcsmith-calculator';

if (!customElements.get('calcsmith-calculator')) {
  customElements.define('calcsmith-calculator', CalcsmithCalculatorElement);
}

export { CalcsmithCalculatorElement };
