import { useEffect, useState } from 'react';
import { useT } from '../../stores/i18n';
import { csvFileName, tableToCsv, tableToTsv, type ExportTable } from '../../lib/table-export';
import { downloadCsv } from '../../lib/download';
import { calcMessages } from './messages';

/** How long "Copied" stays before the note clears. */
const NOTE_MS = 4000;

/** "Download CSV" and "Copy" for one table output: values (rounded where a column rounds), not the display. */
export function TableActions({
  table,
  calcName,
  outputName,
}: {
  table: ExportTable;
  calcName: string;
  outputName: string;
}) {
  const t = useT(calcMessages);
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);

  useEffect(() => {
    if (!note || note.failed) return;
    const timer = setTimeout(() => setNote(null), NOTE_MS);
    return () => clearTimeout(timer);
  }, [note]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(tableToTsv(table));
      setNote({ text: t('tableCopied'), failed: false });
    } catch {
      setNote({ text: t('tableCopyRefused'), failed: true });
    }
  };

  return (
    <div
      className="table-actions"
      role="group"
      aria-label={t('tableActions', { name: outputName })}
    >
      <button
        type="button"
        className="button subtle small"
        onClick={() => downloadCsv(tableToCsv(table), csvFileName(calcName, outputName))}
      >
        {t('downloadCsv')}
      </button>
      <button type="button" className="button subtle small" onClick={() => void copy()}>
        {t('copyTable')}
      </button>
      {/* Always there, so screen readers announce what is put in it. */}
      <span className={`table-note ${note?.failed ? 'failed' : ''}`} aria-live="polite">
        {note?.text ?? ''}
      </span>
    </div>
  );
}
