import { getIndentUnit } from '@codemirror/language';
import { forEachDiagnostic, type Diagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import ScriptEditor from './script-editor';

type Props = Parameters<typeof ScriptEditor>[0];

// jsdom has no layout: CodeMirror's measuring asks ranges for rectangles it lacks.
beforeAll(() => {
  const empty = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getBoundingClientRect ??= empty;
  Range.prototype.getClientRects ??= () =>
    Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
});

function setup(overrides: Partial<Props> = {}) {
  const props: Props = {
    script: "'use strict';\n\nreturn {};\n",
    onChange: vi.fn(),
    tabSize: 2,
    libraries: undefined,
    inputNames: [],
    error: null,
    goTo: null,
    ...overrides,
  };
  const result = render(<ScriptEditor {...props} />);
  const content = screen.getByRole('textbox', { name: 'Script' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor view');
  const rerender = (next: Partial<Props>) => {
    Object.assign(props, next);
    result.rerender(<ScriptEditor {...props} />);
  };
  return { props, view, content, rerender };
}

function diagnostics(view: EditorView): Diagnostic[] {
  const found: Diagnostic[] = [];
  forEachDiagnostic(view.state, (diagnostic) => found.push(diagnostic));
  return found;
}

describe('ScriptEditor', () => {
  it('is a labelled text box holding the script', () => {
    const { view, content } = setup();
    expect(view.state.doc.toString()).toBe("'use strict';\n\nreturn {};\n");
    expect(content).toHaveAccessibleDescription(/Escape, then Tab/);
  });

  it('reports the author’s edits, not the screen’s own script changes', () => {
    const { view, props, rerender } = setup();
    act(() => view.dispatch({ changes: { from: 0, insert: '// hi\n' }, userEvent: 'input' }));
    expect(props.onChange).toHaveBeenCalledWith("// hi\n'use strict';\n\nreturn {};\n");

    vi.mocked(props.onChange).mockClear();
    view.dispatch({ selection: { anchor: view.state.doc.length } });
    rerender({ script: "'use strict';\n\nreturn {\n  a: 1,\n};\n" });
    expect(view.state.doc.toString()).toBe("'use strict';\n\nreturn {\n  a: 1,\n};\n");
    expect(props.onChange).not.toHaveBeenCalled();
    // The cursor at the end stays at the end.
    expect(view.state.selection.main.head).toBe(view.state.doc.length);
  });

  it('uses the doc’s tab size', () => {
    const { view, rerender } = setup({ tabSize: 4 });
    expect(view.state.tabSize).toBe(4);
    expect(getIndentUnit(view.state)).toBe(4);
    rerender({ tabSize: 2 });
    expect(view.state.tabSize).toBe(2);
    expect(getIndentUnit(view.state)).toBe(2);
  });

  it('lints with the enabled libraries’ globals', async () => {
    const { view, rerender } = setup({ script: 'return { a: _.sum([1]), b: math.sqrt(4) };' });
    await waitFor(() =>
      expect(diagnostics(view).map((d) => d.message)).toEqual([
        "'_' is not defined.",
        "'math' is not defined.",
      ]),
    );
    rerender({ libraries: { lodash: true, mathjs: false } });
    await waitFor(() =>
      expect(diagnostics(view).map((d) => d.message)).toEqual(["'math' is not defined."]),
    );
  });

  it('knows formulajs and Decimal while formula.js and decimal.js are on', async () => {
    const script = 'return { a: formulajs.PMT(0, 1, 1), b: new Decimal(1) };';
    const { view, rerender } = setup({ script });
    await waitFor(() => expect(diagnostics(view)).toHaveLength(2));
    rerender({ libraries: { formulajs: true, decimal: true } });
    await waitFor(() => expect(diagnostics(view)).toEqual([]));
  });

  it('shows the engine’s error at its line', async () => {
    const script = "'use strict';\nvar x = 1;\nthrow 'Too big';\n";
    const { view, rerender } = setup({ script });
    rerender({ error: 'Too big (line 3)' });
    await waitFor(() => expect(diagnostics(view)).toHaveLength(1));
    const [diagnostic] = diagnostics(view);
    expect(diagnostic).toMatchObject({ severity: 'error', message: 'Too big (line 3)' });
    expect(view.state.doc.lineAt(diagnostic.from).number).toBe(3);

    rerender({ error: null });
    await waitFor(() => expect(diagnostics(view)).toHaveLength(0));
  });

  it('goes to a line when asked, once per request', () => {
    const script = 'var a = 1;\nvar b = 2;\nvar c = 3;\n';
    const { view, rerender } = setup({ script });
    const request = { line: 2, nonce: 1 };
    rerender({ goTo: request });
    expect(view.state.selection.main.head).toBe(view.state.doc.line(2).from);
    expect(view.hasFocus).toBe(true);

    view.dispatch({ selection: { anchor: 0 } });
    rerender({ goTo: request, tabSize: 4 });
    expect(view.state.selection.main.head).toBe(0);

    rerender({ goTo: { line: 99, nonce: 2 } });
    expect(view.state.selection.main.head).toBe(view.state.doc.line(view.state.doc.lines).from);
  });
});
