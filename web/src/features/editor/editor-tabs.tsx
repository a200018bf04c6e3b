// The editor's two tabs (inputs and outputs, the script) as an ARIA tab list: arrow keys,
// Home and End move between them; and the panel each tab shows.
import type { ReactNode } from 'react';
import { useT } from '../../stores/i18n';
import { editorMessages } from './messages';

export type TabIndex = 0 | 1;

/** The ids of tab `index` and of its panel. */
export const tabId = (base: string, index: TabIndex) => `${base}-tab-${index}`;
export const tabPanelId = (base: string, index: TabIndex) => `${base}-panel-${index}`;

export function EditorTabs({
  base,
  tab,
  onSelect,
}: {
  base: string;
  tab: TabIndex;
  onSelect(next: TabIndex): void;
}) {
  const t = useT(editorMessages);
  const onTabKey = (event: React.KeyboardEvent) => {
    const keys: Record<string, TabIndex> = {
      ArrowRight: tab === 0 ? 1 : 0,
      ArrowLeft: tab === 0 ? 1 : 0,
      Home: 0,
      End: 1,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    const next = keys[event.key];
    onSelect(next);
    document.getElementById(tabId(base, next))?.focus();
  };
  return (
    <div className="editor-tabs" role="tablist" aria-label={t('tabs')}>
      {([0, 1] as const).map((index) => (
        <button
          key={index}
          id={tabId(base, index)}
          type="button"
          role="tab"
          aria-selected={tab === index}
          aria-controls={tabPanelId(base, index)}
          tabIndex={tab === index ? 0 : -1}
          className="editor-tab"
          onClick={() => onSelect(index)}
          onKeyDown={onTabKey}
        >
          {t(index === 0 ? 'tabInputsOutputs' : 'tabScript')}
        </button>
      ))}
    </div>
  );
}

/** The panel of tab `index`, hidden while another tab is selected. */
export function EditorTabPanel(props: {
  base: string;
  index: TabIndex;
  tab: TabIndex;
  children: ReactNode;
}) {
  return (
    <div
      id={tabPanelId(props.base, props.index)}
      role="tabpanel"
      aria-labelledby={tabId(props.base, props.index)}
      tabIndex={0}
      hidden={props.tab !== props.index}
      className="editor-tabpanel"
    >
      {props.children}
    </div>
  );
}
