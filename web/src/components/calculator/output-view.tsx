// An output as the engine formatted it: a value's text, or a table with its chart, its
// Download CSV and Copy, in a box that scrolls sideways when the table is wide.
import { useMemo } from 'react';
import type { OutputDef, OutputDisplay } from '../../lib/types';
import { ScrollBox } from '../scroll-box';
import { cellKind } from './cell-kind';
import { OutputChart } from './chart/output-chart';
import { chartSettings } from './chart/settings';
import { withLinks } from './links';
import { TableActions } from './table-actions';

/** One output's formatted text (a value) or rows (a table). */
export function OutputValue({
  output,
  display,
  raw,
  rounded,
  calcName = '',
}: {
  output: OutputDef;
  display: OutputDisplay | undefined;
  /** The output's raw value (`EvalResult.outputs`): a table's rows for export. */
  raw?: unknown;
  /** A table's cells rounded as shown, for export (`EvalResult.csv`). */
  rounded?: Record<string, string>[];
  /** The calculator's name, for the name of a downloaded file. */
  calcName?: string;
}) {
  if (output.type === 'table') {
    return (
      <TableOutput
        output={output}
        display={display}
        raw={raw}
        rounded={rounded}
        calcName={calcName}
      />
    );
  }
  const text = typeof display === 'string' ? display : '';
  return <span className="output-text">{text ? withLinks(text) : '\u00a0'}</span>;
}

const NO_ROWS: Record<string, string>[] = [];

function TableOutput({
  output,
  display,
  raw,
  rounded,
  calcName,
}: {
  output: OutputDef;
  display: OutputDisplay | undefined;
  raw?: unknown;
  rounded?: Record<string, string>[];
  calcName: string;
}) {
  const columns = output.metaOutputs ?? [];
  const rows = Array.isArray(display) ? display : NO_ROWS;
  // Kept while the result is the same, so the chart is not redrawn for nothing.
  const rawRows = useMemo(
    () =>
      Array.isArray(raw)
        ? raw.filter((row): row is Record<string, unknown> => !!row && typeof row === 'object')
        : [],
    [raw],
  );
  const settings = useMemo(() => chartSettings(output), [output]);
  // A chart needs the raw values; the editor's live values have only the display.
  const chart = settings && raw !== undefined ? settings : null;
  const chartOnly = chart?.show === 'chart';
  const table = (
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
            {columns.map((column) => {
              const text = row[column.name] ?? '';
              const kind = cellKind(rawRows[index]?.[column.name], text);
              return (
                <td key={column.id} className={`cell-${kind}`}>
                  {withLinks(text)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      {chart && <OutputChart output={output} settings={chart} raw={rawRows} display={rows} />}
      <TableActions
        table={{ columns: columns.map((column) => column.name), rows: rawRows, rounded }}
        calcName={calcName}
        outputName={output.name}
      />
      {chartOnly ? (
        // Under a chart shown alone the table is there for screen readers only.
        <div className="visually-hidden" role="region" aria-label={output.name}>
          {table}
        </div>
      ) : (
        <ScrollBox className="table-wrap" label={output.name}>
          {table}
        </ScrollBox>
      )}
    </>
  );
}
