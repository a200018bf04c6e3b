// A failing test's differences as the Tests panel shows them: each expected and actual
// value as readable JSON (or the engine's text for an elided one, a table's row count in
// the interface's language), one row a difference.
import type { Difference } from '@calcsmith/engine';
import { cellKind, type CellKind } from '../../components/calculator/cell-kind';
import { ScrollBox } from '../../components/scroll-box';
import { localizeEngineMessage, localizeRowCount } from '../../lib/engine/engine-messages';
import { useT } from '../../stores/i18n';
import { useUi, type Locale } from '../../stores/ui';
import { testsMessages } from './tests-messages';

/**
 * A value of the report as JSON with a space after each comma and colon, so an object or
 * a row breaks between its items, never inside a number.
 */
export function readableJson(value: unknown): string {
  const text = JSON.stringify(value, null, 1);
  if (text === undefined) return 'undefined';
  // Every line break of the indented text is the formatting's: strings escape theirs.
  return text
    .replace(/([[{])\n\s*/g, '$1')
    .replace(/\n\s*([\]}])/g, '$1')
    .replace(/\n\s*/g, ' ');
}

/** A reported value's cell: a number, a date or `true` stays on one line. */
function valueKind(value: unknown): CellKind {
  if (value === null || typeof value !== 'object') {
    return cellKind(typeof value === 'string' ? value : (value ?? 0), readableJson(value));
  }
  return 'text';
}

/**
 * A value of a difference: as readable JSON, or an elided one as the engine's text
 * (`"xxx… (1,048,578 characters)`), so that every face shows the same, with its length, or
 * a table's row count ("3 rows"), in the interface's language.
 */
function shown(value: unknown, elided: boolean | undefined, rowCount: boolean, locale: Locale) {
  if (typeof value !== 'string') return readableJson(value);
  if (elided) return localizeEngineMessage(value, locale);
  return readableJson(rowCount ? localizeRowCount(value, locale) : value);
}

/** The cell kind of a shown value: an elided one is text. */
const shownKind = (value: unknown, elided: boolean | undefined): CellKind =>
  elided ? 'text' : valueKind(value);

export function DiffTable({
  differences,
  tables,
}: {
  differences: Difference[];
  tables: string[];
}) {
  const t = useT(testsMessages);
  const locale = useUi((s) => s.locale);
  return (
    <ScrollBox className="tests-diff-scroll" label={t('differences')}>
      <table className="tests-diff">
        <caption>{t('differences')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('output')}</th>
            <th scope="col">{t('row')}</th>
            <th scope="col">{t('column')}</th>
            <th scope="col">{t('expected')}</th>
            <th scope="col">{t('actual')}</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((difference, index) => {
            // A table's difference with neither row nor column: its row count.
            const rowCount =
              tables.includes(difference.output) &&
              difference.row == null &&
              difference.column == null;
            return (
              <tr key={index}>
                <td>{difference.output}</td>
                {/* Rows are counted from 1 for people (the report counts from 0). */}
                <td className="cell-number">{difference.row == null ? '' : difference.row + 1}</td>
                <td>{difference.column ?? ''}</td>
                <td className={`cell-${shownKind(difference.expected, difference.expectedElided)}`}>
                  <code>
                    {shown(difference.expected, difference.expectedElided, rowCount, locale)}
                  </code>
                </td>
                <td className={`cell-${shownKind(difference.actual, difference.actualElided)}`}>
                  <code>{shown(difference.actual, difference.actualElided, rowCount, locale)}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
