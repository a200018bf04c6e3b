// The What if… panel (issue 33): a disclosure button that opens three tools — goal seek,
// sensitivity table, scenarios — on the calculator shown beside it. The editor shows it in
// calc mode; published pages when the author lets visitors explore (`doc.explore`).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../stores/i18n';
import { GoalSeek } from './goal-seek';
import { whatIfMessages } from './messages';
import { numberInputs, numberOutputs } from './model';
import { Scenarios } from './scenarios';
import { hashScenarios } from './scenarios-model';
import { Sensitivity } from './sensitivity';
import type { ToolProps } from './tool-props';
import './what-if.css';

const TOOLS = ['goalSeek', 'table', 'scenarios'] as const;
type Tool = (typeof TOOLS)[number];

export interface WhatIfProps extends ToolProps {
  /** Where scenarios are kept on this device: the calculator's id. */
  storageKey: string;
  /** The published page a scenarios link opens; null: no link to share. */
  shareUrl: string | null;
}

export default function WhatIf(props: WhatIfProps) {
  const t = useT(whatIfMessages);
  const base = useId();
  // A link with scenarios opens the panel on them.
  const [shared] = useState(() => hashScenarios(window.location.hash));
  const [open, setOpen] = useState(!!shared);
  const [tool, setTool] = useState<Tool>(shared ? 'scenarios' : 'goalSeek');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  // From the doc alone: a result without numbers (an error, say) does not close the tools.
  const usable = numberInputs(props.doc).length > 0 && numberOutputs(props.doc, null).length > 0;

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const last = TOOLS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setTool(TOOLS[next]);
    tabs.current[next]?.focus();
  };

  return (
    <section className="what-if" aria-labelledby={`${base}-toggle`}>
      <button
        id={`${base}-toggle`}
        type="button"
        className="button what-if-toggle"
        aria-expanded={open}
        aria-controls={`${base}-panel`}
        onClick={() => setOpen(!open)}
      >
        {t('open')}
      </button>
      <div id={`${base}-panel`} className="what-if-panel" hidden={!open}>
        {open && (
          <>
            <div className="what-if-tabs" role="tablist" aria-label={t('tools')}>
              {TOOLS.map((each, index) => (
                <button
                  key={each}
                  ref={(element) => {
                    tabs.current[index] = element;
                  }}
                  id={`${base}-tab-${each}`}
                  type="button"
                  role="tab"
                  className="what-if-tab"
                  aria-selected={tool === each}
                  aria-controls={tool === each ? `${base}-tool-${each}` : undefined}
                  tabIndex={tool === each ? 0 : -1}
                  onClick={() => setTool(each)}
                  onKeyDown={(event) => onTabKey(event, index)}
                >
                  {t(each)}
                </button>
              ))}
            </div>
            <div
              id={`${base}-tool-${tool}`}
              role="tabpanel"
              className="what-if-tool"
              aria-labelledby={`${base}-tab-${tool}`}
            >
              {tool !== 'scenarios' && !usable && <p className="muted">{t('noNumbers')}</p>}
              {tool === 'goalSeek' && usable && <GoalSeek {...props} />}
              {tool === 'table' && usable && <Sensitivity {...props} />}
              {tool === 'scenarios' && (
                <Scenarios
                  {...props}
                  storageKey={props.storageKey}
                  shared={shared}
                  shareUrl={props.shareUrl}
                />
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
