import type { OutputDef, OutputDisplay } from '../../lib/types';
import { withLinks } from './links';
import { TableActions } from './table-actions';

/** One output's formatted text (a value) or rows (a table). */
export function OutputValue({
  output,
  display,
  raw,
  calcName = '',
}: {
  output: OutputDef;
  display: OutputDisplay | undefined;
  /** The output's raw value (`EvalResult.outputs`): a table's rows for export. */
  raw?: unknown;
  /** The calculator's name, for the name of a downloaded file. */
  calcName?: string;
}) {
  if (output.type === 'table') {
    const columns = output.metaOutputs ?? [];
    const rows = Array.isArray(display) ? display : [];
    const rawRows = Array.isArray(raw)
      ? raw.filter((row): row is Record<string, unknown> => !!row && typeof row === 'object')
      : [];
    return (
      <>
        <TableActions
          table={{ columns: columns.map((column) => column.name), rows: rawRows }}
          calcName={calcName}
          outputName={output.name}
        />
        {/* A wide table scrolls sideways: focusable, so the keyboard can scroll it too. */}
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
      </>
    );
  }
  const text = typeof display === 'string' ? display : '';
  return <span className="output-text">{text ? withLinks(text) : '\u00a0'}</span>;
}
