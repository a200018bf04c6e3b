import type { OutputDef, OutputDisplay } from '../../lib/types';
import { withLinks } from './links';

/** One output's formatted text (a value) or rows (a table). */
export function OutputValue({
  output,
  display,
}: {
  output: OutputDef;
  display: OutputDisplay | undefined;
}) {
  if (output.type === 'table') {
    const columns = output.metaOutputs ?? [];
    const rows = Array.isArray(display) ? display : [];
    return (
      // A wide table scrolls sideways: focusable, so the keyboard can scroll it too.
      <div className="table-wrap" tabIndex={0} role="region" aria-label={output.name}>
        <table className="output-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col">
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.id}>{withLinks(row[column.name] ?? '')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const text = typeof display === 'string' ? display : '';
  return <span className="output-text">{text ? withLinks(text) : '\u00a0'}</span>;
}
