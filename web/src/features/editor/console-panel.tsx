// The script's console output (console.log and friends) under the live outputs: the
// author's debugging aid. Published and embedded calculators never show it.
import { useId, useState } from 'react';
import { useT } from '../../stores/i18n';
import type { ConsoleEntry } from '../../lib/types';
import { editorMessages, type EditorMessageKey } from './messages';

const LEVEL_LABEL: Record<ConsoleEntry['level'], EditorMessageKey> = {
  log: 'consoleLog',
  info: 'consoleInfo',
  warn: 'consoleWarn',
  error: 'consoleError',
  debug: 'consoleDebug',
};

/** The last calculation's console lines; `entries` is absent when it printed nothing. */
export function ConsolePanel(props: { entries: ConsoleEntry[] | undefined }) {
  const t = useT(editorMessages);
  const listId = useId();
  const [open, setOpen] = useState(true);
  // Clearing hides this calculation's lines; the next calculation's show again.
  const [cleared, setCleared] = useState<ConsoleEntry[] | undefined>(undefined);
  const entries = props.entries && props.entries !== cleared ? props.entries : [];
  return (
    <section className="console-panel" aria-label={t('console')}>
      <div className="console-head">
        <button
          type="button"
          className="console-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {t('consoleTitle', { count: entries.length })}
        </button>
        <button
          type="button"
          className="console-clear"
          disabled={entries.length === 0}
          onClick={() => setCleared(props.entries)}
        >
          {t('consoleClear')}
        </button>
      </div>
      <div id={listId} hidden={!open}>
        {entries.length === 0 ? (
          <p className="muted console-empty">{t('consoleEmpty')}</p>
        ) : (
          <ol className="console-lines">
            {entries.map((entry, index) => (
              <li key={index} className={`console-line console-${entry.level}`}>
                {entry.level !== 'log' && (
                  <span className="console-level">{t(LEVEL_LABEL[entry.level])}</span>
                )}
                <pre>{entry.text}</pre>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
