// The element's styles: the app's own calculator CSS (the page's basics, controls, the
// calculator, its forms) with element.css, which turns the app's palette into the
// element's documented custom properties. Adopted into each shadow root.
import base from '../app/styles/base.css?inline';
import controls from '../app/styles/controls.css?inline';
import calculator from '../app/styles/calculator.css?inline';
import forms from '../components/calculator/forms/forms.css?inline';
import element from './element.css?inline';

/** The whole stylesheet, in the app's cascade order, the element's last. */
export const ELEMENT_CSS = [base, controls, calculator, forms, element].join('\n');

let shared: CSSStyleSheet | null = null;

/** Gives `shadow` the styles: one sheet shared by every element when the browser can. */
export function adoptStyles(shadow: ShadowRoot): void {
  if ('adoptedStyleSheets' in shadow && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(ELEMENT_CSS);
    }
    shadow.adoptedStyleSheets = [shared];
    return;
  }
  const style = document.createElement('style');
  style.textContent = ELEMENT_CSS;
  shadow.append(style);
}
