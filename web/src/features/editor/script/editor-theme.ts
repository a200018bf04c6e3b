// The editor's look, from the app's CSS variables so it follows the light and dark themes
// (syntax colours are `--code-*` variables defined in script.css for both).
import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';

const MONO = "ui-monospace, 'Cascadia Code', 'DejaVu Sans Mono', monospace";

export const editorTheme = EditorView.theme({
  '&': {
    color: 'var(--text)',
    backgroundColor: 'var(--surface)',
    border: '1px solid var(--border)',
    borderRadius: 'var(--radius)',
    fontSize: '0.9rem',
  },
  '&.cm-focused': { outline: '3px solid var(--focus)', outlineOffset: '2px' },
  '.cm-scroller': { fontFamily: MONO, lineHeight: '1.55' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'color-mix(in srgb, var(--primary) 28%, transparent)' },
  '.cm-gutters': {
    backgroundColor: 'var(--surface-2)',
    color: 'var(--muted)',
    borderRight: '1px solid var(--border)',
    borderRadius: 'var(--radius) 0 0 var(--radius)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--primary) 7%, transparent)' },
  '.cm-activeLineGutter': {
    backgroundColor: 'color-mix(in srgb, var(--primary) 16%, transparent)',
    color: 'var(--text)',
  },
  '&.cm-focused .cm-matchingBracket': {
    backgroundColor: 'color-mix(in srgb, var(--primary) 25%, transparent)',
    outline: '1px solid var(--primary)',
  },
  '&.cm-focused .cm-nonmatchingBracket': {
    backgroundColor: 'var(--danger-bg)',
    color: 'var(--danger)',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--surface)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
    boxShadow: 'var(--shadow)',
  },
  '.cm-tooltip-autocomplete > ul': { fontFamily: MONO },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--primary)',
    color: 'var(--on-primary)',
  },
  '.cm-completionDetail': { fontStyle: 'normal', opacity: '0.85', marginLeft: '0.8em' },
  '.cm-diagnostic': { padding: '4px 8px' },
  '.cm-panels': { backgroundColor: 'var(--surface-2)', color: 'var(--text)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-panel.cm-panel-lint ul [aria-selected]': {
    backgroundColor: 'var(--primary)',
    color: 'var(--on-primary)',
  },
  '.cm-lintRange-error': { backgroundColor: 'color-mix(in srgb, var(--danger) 12%, transparent)' },
  // The diff's bar for collapsed unchanged lines: @codemirror/merge paints it near-white
  // (or near-black) whatever the theme, and marks it with "⦚", which few fonts have.
  '& .cm-collapsedLines': {
    fontFamily: 'var(--font-ui)',
    color: 'var(--muted)',
    background: 'var(--surface-2)',
    borderBlock: '1px solid var(--border)',
  },
  '& .cm-collapsedLines:before, & .cm-collapsedLines:after': { content: '"↕"' },
});

/** CodeMirror's default highlighting with each colour swapped for a theme variable. */
const COLOURS: Record<string, string> = {
  '#404740': 'var(--muted)',
  '#708': 'var(--code-keyword)',
  '#219': 'var(--code-atom)',
  '#164': 'var(--code-number)',
  '#a11': 'var(--code-string)',
  '#e40': 'var(--code-regexp)',
  '#00f': 'var(--code-def)',
  '#30a': 'var(--code-local)',
  '#085': 'var(--code-type)',
  '#167': 'var(--code-type)',
  '#256': 'var(--code-special)',
  '#00c': 'var(--code-def)',
  '#940': 'var(--code-comment)',
  '#f00': 'var(--danger)',
};

export const themedHighlighting = syntaxHighlighting(
  HighlightStyle.define(
    defaultHighlightStyle.specs.map((spec) =>
      typeof spec.color === 'string' && spec.color in COLOURS
        ? { ...spec, color: COLOURS[spec.color] }
        : spec,
    ),
  ),
);
