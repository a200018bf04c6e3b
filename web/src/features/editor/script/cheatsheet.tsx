// A concise reference for script authors (spec §2): how inputs arrive, what to return,
// libraries, limits, examples. Part of the screen's main chunk: no CodeMirror here.
import { localizeEngineMessage } from '../../../lib/engine/engine-messages';
import { TIMEOUT_MESSAGE } from '../../../lib/engine/protocol';
import { useT } from '../../../stores/i18n';
import { useUi } from '../../../stores/ui';
import { scriptMessages } from './messages';
import './script.css';

type Key = keyof typeof scriptMessages.en;

const INPUT_ROWS: readonly [Key, Key][] = [
  ['csNumber', 'csNumberSees'],
  ['csText', 'csTextSees'],
  ['csCheckbox', 'csCheckboxSees'],
  ['csDate', 'csDateSees'],
  ['csChoice', 'csChoiceSees'],
  ['csList', 'csListSees'],
];

const LIBRARIES: readonly [Key, string][] = [
  ['csLodash', '_'],
  ['csMoment', 'moment'],
  ['csMathjs', 'math'],
  ['csFormulajs', 'formulajs'],
  ['csDecimal', 'Decimal'],
];

const EXAMPLE_TOTAL = `'use strict';

var subtotal = (inputs.price || 0) * (inputs.quantity || 0);

return {
  subtotal: subtotal,
  total: subtotal * 1.2,
};`;

const EXAMPLE_TABLE = `return {
  rows: inputs.items.map(function (item, i) {
    return { n: i + 1, cost: (item.price || 0) * (item.qty || 0) };
  }),
};`;

const EXAMPLE_DATES = `var start = inputs.start, end = inputs.end;

return {
  days: start && end ? moment(end).diff(start, 'days') : null,
};`;

export function Cheatsheet() {
  const t = useT(scriptMessages);
  const locale = useUi((s) => s.locale);
  const [introBefore, introAfter] = t('csInputsIntro').split('{inputs}');
  return (
    <div className="cheatsheet">
      <section>
        <h3>{t('csInputsTitle')}</h3>
        <p>
          {introBefore}
          <code>inputs</code>
          {introAfter}
        </p>
        <table className="cheatsheet-table">
          <thead>
            <tr>
              <th scope="col">{t('csInputType')}</th>
              <th scope="col">{t('csScriptSees')}</th>
            </tr>
          </thead>
          <tbody>
            {INPUT_ROWS.map(([type, sees]) => (
              <tr key={type}>
                <th scope="row">{t(type)}</th>
                <td>{t(sees)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section>
        <h3>{t('csOutputsTitle')}</h3>
        <p>{t('csOutputsIntro')}</p>
        <ul>
          <li>{t('csValueOutputs')}</li>
          <li>{t('csTableOutputs')}</li>
          <li>{t('csFormatting')}</li>
        </ul>
      </section>

      <section>
        <h3>{t('csLibrariesTitle')}</h3>
        <p>{t('csLibrariesIntro')}</p>
        <ul>
          {LIBRARIES.map(([name, global]) => (
            <li key={global}>
              {t(name)} — <code>{global}</code>
            </li>
          ))}
        </ul>
      </section>

      <section>
        <h3>{t('csLimitsTitle')}</h3>
        <ul>
          <li>{t('csLimitTime', { message: localizeEngineMessage(TIMEOUT_MESSAGE, locale) })}</li>
          <li>{t('csLimitApis')}</li>
          <li>
            {t('csErrors')} <code>throw &apos;Too big&apos;;</code>
          </li>
        </ul>
      </section>

      <section>
        <h3>{t('csExamplesTitle')}</h3>
        <h4>{t('csExampleTotal')}</h4>
        <pre className="code cheatsheet-code">{EXAMPLE_TOTAL}</pre>
        <h4>{t('csExampleTable')}</h4>
        <pre className="code cheatsheet-code">{EXAMPLE_TABLE}</pre>
        <h4>{t('csExampleDates')}</h4>
        <pre className="code cheatsheet-code">{EXAMPLE_DATES}</pre>
      </section>
    </div>
  );
}
