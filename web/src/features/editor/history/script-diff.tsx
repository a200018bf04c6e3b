// Two scripts side by side with their differences marked (@codemirror/merge), read-only,
// in the interface's theme and language.
// A chunk of its own: loaded only when a version with another script is opened.
import { javascript } from '@codemirror/lang-javascript';
import { MergeView } from '@codemirror/merge';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { useUi } from '../../../stores/ui';
import { editorPhrases } from '../script/editor-phrases';
import { editorTheme, themedHighlighting } from '../script/editor-theme';
import '../script/script.css';

export default function ScriptDiff(props: {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const { before, after, beforeLabel, afterLabel } = props;
  const locale = useUi((s) => s.locale);
  const dark = useUi((s) => s.theme === 'dark');

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const side = (label: string): Extension[] => [
      javascript(),
      editorTheme,
      themedHighlighting,
      EditorView.darkTheme.of(dark),
      editorPhrases(locale),
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ];
    const view = new MergeView({
      a: { doc: before, extensions: side(beforeLabel) },
      b: { doc: after, extensions: side(afterLabel) },
      parent,
      gutter: true,
      collapseUnchanged: { margin: 3, minSize: 8 },
    });
    return () => view.destroy();
  }, [before, after, beforeLabel, afterLabel, locale, dark]);

  return (
    <div className="script-diff">
      <div className="script-diff-labels" aria-hidden="true">
        <span>{beforeLabel}</span>
        <span>{afterLabel}</span>
      </div>
      {/* Focusable, so a keyboard scrolls a long comparison (the editors are read-only). */}
      <div
        ref={host}
        className="script-diff-view"
        data-testid="script-diff"
        role="group"
        aria-label={`${beforeLabel} · ${afterLabel}`}
        tabIndex={0}
      />
    </div>
  );
}
