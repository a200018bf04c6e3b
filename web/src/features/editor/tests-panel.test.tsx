// The Tests panel: adding a test from the current values and outputs, a failing test's
// diff (with the engine's elided values, differences not shown and dropped details) and
// "Load inputs", editing the expectation, delete and reorder, and Russian.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestCase, TestReport } from '@calcsmith/engine';
import type { CalcDoc, EvalResult } from '../../lib/types';
import { useUi } from '../../stores/ui';
import { okResult } from '../../testing/fake-worker';
import { readableJson } from './test-diff';
import { TestsBadge, TestsPanel } from './tests-panel';
import type { TestRun } from './use-test-run';
import { errorResult } from '../../lib/engine/protocol';

afterEach(() => act(() => useUi.setState({ locale: 'en', toasts: [] })));

const baseDoc: CalcDoc = {
  script: 'return { total: inputs.a * 2, rows: [] };',
  metaInputs: [{ id: 1, name: 'a', type: 'number' }],
  metaOutputs: [
    { id: 1, name: 'total', type: 'value' },
    { id: 2, name: 'rows', type: 'table', metaOutputs: [{ id: 1, name: 'x', type: 'value' }] },
  ],
};

const typical: TestCase = { name: 'Typical', values: { '1': 2 }, expected: { total: 4 } };
const broken: TestCase = {
  name: 'Broken',
  values: { '1': 5 },
  expected: { total: 10, rows: [{ x: 1 }] },
  note: 'kept',
};

/** The panel over a doc kept in state, as the editor keeps it; returns the doc's holder. */
function renderPanel(options: {
  tests?: TestCase[];
  report?: TestReport | null;
  result?: EvalResult | null;
  values?: Record<string, unknown>;
}) {
  const holder: { doc: CalcDoc } = { doc: { ...baseDoc, tests: options.tests ?? [] } };
  const onLoadValues = vi.fn();
  function Host() {
    const [doc, setDoc] = useState(holder.doc);
    holder.doc = doc;
    const run: TestRun = {
      report: options.report ?? null,
      tests: options.tests ?? [],
      error: null,
    };
    return (
      <TestsPanel
        doc={doc}
        values={options.values ?? { '1': 3 }}
        result={options.result === undefined ? okResult({ total: 6, rows: [] }) : options.result}
        run={run}
        onDocChange={(change) => setDoc((old) => change(old))}
        onLoadValues={onLoadValues}
      />
    );
  }
  render(<Host />);
  return { holder, onLoadValues };
}

const failingReport: TestReport = {
  passed: 1,
  failed: 1,
  tests: [
    { name: 'Typical', passed: true },
    {
      name: 'Broken',
      passed: false,
      differences: [
        { output: 'total', expected: 10, actual: 11 },
        { output: 'rows', expected: '1 row', actual: '0 rows' },
        { output: 'rows', row: 0, column: 'x', expected: 1, actual: null },
      ],
    },
  ],
};

const item = (name: string) => screen.getByRole('listitem', { name: `Test ${name}` });

describe('TestsPanel', () => {
  it('adds a test from the current values and outputs under the name the author gives', async () => {
    const user = userEvent.setup();
    const { holder } = renderPanel({});
    expect(screen.getByText('No tests yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add test from current values' }));
    const name = screen.getByLabelText('Test name');
    expect(name).toHaveValue('Test 1');
    expect(
      JSON.parse((screen.getByLabelText('Expected outputs (JSON)') as HTMLTextAreaElement).value),
    ).toEqual({
      total: 6,
      rows: [],
    });
    await user.clear(name);
    await user.type(name, 'Three');
    await user.click(screen.getByRole('button', { name: 'Save test' }));
    expect(holder.doc.tests).toEqual([
      { name: 'Three', values: { '1': 3 }, expected: { total: 6, rows: [] } },
    ]);
  });

  it('refuses an expectation that is not a JSON object, and a negative tolerance', async () => {
    const user = userEvent.setup();
    const { holder } = renderPanel({});
    await user.click(screen.getByRole('button', { name: 'Add test from current values' }));
    const expectation = screen.getByLabelText('Expected outputs (JSON)');
    await user.clear(expectation);
    await user.type(expectation, '[[1]');
    await user.click(screen.getByRole('button', { name: 'Save test' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The expected outputs must be a JSON object: [1]',
    );
    await user.clear(expectation);
    await user.type(expectation, '{{"total": 6}');
    await user.type(screen.getByLabelText('Tolerance for numbers'), '-1');
    await user.click(screen.getByRole('button', { name: 'Save test' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The tolerance must be a number of 0 or more.',
    );
    expect(holder.doc.tests).toEqual([]);
  });

  it('cannot add a test while the calculation fails', () => {
    renderPanel({
      result: errorResult('Boom'),
    });
    expect(screen.getByRole('button', { name: 'Add test from current values' })).toBeDisabled();
    expect(screen.getByText(/Fix the calculation’s error first/)).toBeInTheDocument();
  });

  it('shows each test passing or failing, and a failure as a readable diff', () => {
    renderPanel({ tests: [typical, broken], report: failingReport });
    expect(screen.getByRole('status')).toHaveTextContent('1 passed, 1 failed');
    expect(within(item('Typical')).getByText('Passed')).toBeInTheDocument();
    expect(within(item('Typical')).queryByRole('table')).toBeNull();
    const failing = item('Broken');
    expect(within(failing).getByText('Failed')).toBeInTheDocument();
    const rows = within(within(failing).getByRole('table', { name: 'What differs' }))
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['total', '', '', '10', '11'],
      ['rows', '', '', '"1 row"', '"0 rows"'],
      ['rows', '1', 'x', '1', 'null'],
    ]);
  });

  it('shows a test that ended in an error with the error', () => {
    renderPanel({
      tests: [typical],
      report: {
        passed: 0,
        failed: 1,
        tests: [{ name: 'Typical', passed: false, error: 'TypeError: x' }],
      },
    });
    expect(within(item('Typical')).getByText('Error: TypeError: x')).toBeInTheDocument();
  });

  it('shows an elided value as the engine wrote it, the differences not shown and dropped details', () => {
    const elided = `"${'x'.repeat(199)}… (1,048,578 characters)`;
    renderPanel({
      tests: [typical, broken],
      report: {
        passed: 0,
        failed: 2,
        tests: [
          {
            name: 'Typical',
            passed: false,
            differences: [
              { output: 'total', expected: 4, actual: elided, actualElided: true },
              { output: 'total', expected: elided, actual: 'x', expectedElided: true },
            ],
            moreDifferences: 11,
          },
          { name: 'Broken', passed: false, detailsDropped: true },
        ],
      },
    });
    const rows = within(within(item('Typical')).getByRole('table', { name: 'What differs' }))
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['total', '', '', '4', elided],
      ['total', '', '', elided, '"x"'],
    ]);
    expect(within(item('Typical')).getByText('Differences not shown: 11')).toBeInTheDocument();
    expect(within(item('Broken')).getByText('Failed')).toBeInTheDocument();
    expect(within(item('Broken')).queryByRole('table')).toBeNull();
    expect(
      within(item('Broken')).getByText('Details left out: the report grew too large.'),
    ).toBeInTheDocument();
  });

  it('says the tests are running until a report for these very tests comes', () => {
    renderPanel({ tests: [typical, broken], report: null });
    expect(screen.getByRole('status')).toHaveTextContent('Running…');
    expect(within(item('Broken')).getByText('Running…')).toBeInTheDocument();
  });

  it("loads a test's values into the inputs in one click", async () => {
    const user = userEvent.setup();
    const { onLoadValues } = renderPanel({ tests: [typical, broken], report: failingReport });
    await user.click(within(item('Broken')).getByRole('button', { name: 'Load inputs' }));
    expect(onLoadValues).toHaveBeenCalledWith({ '1': 5 });
  });

  it('edits a test, keeping what else it holds', async () => {
    const user = userEvent.setup();
    const { holder } = renderPanel({ tests: [typical, broken], report: failingReport });
    await user.click(within(item('Broken')).getByRole('button', { name: 'Edit' }));
    const expectation = screen.getByLabelText('Expected outputs (JSON)');
    await user.clear(expectation);
    await user.type(expectation, '{{"total": 11}');
    await user.type(screen.getByLabelText('Tolerance for numbers'), '0.001');
    await user.click(screen.getByRole('button', { name: 'Save test' }));
    expect(holder.doc.tests?.[1]).toEqual({
      name: 'Broken',
      values: { '1': 5 },
      expected: { total: 11 },
      tolerance: 0.001,
      note: 'kept',
    });
  });

  it('moves tests up and down and deletes them', async () => {
    const user = userEvent.setup();
    const { holder } = renderPanel({ tests: [typical, broken], report: failingReport });
    expect(within(item('Typical')).getByRole('button', { name: 'Move up' })).toBeDisabled();
    await user.click(within(item('Typical')).getByRole('button', { name: 'Move down' }));
    expect(holder.doc.tests?.map((test) => test.name)).toEqual(['Broken', 'Typical']);
    await user.click(within(item('Typical')).getByRole('button', { name: 'Move up' }));
    expect(holder.doc.tests?.map((test) => test.name)).toEqual(['Typical', 'Broken']);
    await user.click(within(item('Typical')).getByRole('button', { name: 'Delete' }));
    expect(holder.doc.tests?.map((test) => test.name)).toEqual(['Broken']);
  });

  it('speaks Russian', () => {
    act(() => useUi.setState({ locale: 'ru' }));
    renderPanel({ tests: [typical, broken], report: failingReport });
    expect(screen.getByRole('status')).toHaveTextContent('пройдено: 1, не пройдено: 1');
    expect(screen.getByRole('button', { name: 'Добавить тест из текущих значений' })).toBeEnabled();
    const failing = screen.getByRole('listitem', { name: 'Тест Broken' });
    expect(within(failing).getByRole('table', { name: 'Что отличается' })).toBeInTheDocument();
    expect(within(failing).getByRole('button', { name: 'Загрузить входные данные' })).toBeEnabled();
  });

  it("shows the engine's row counts, text lengths and fixed errors in Russian", () => {
    act(() => useUi.setState({ locale: 'ru' }));
    const elided = `"${'x'.repeat(199)}… (1,048,578 characters)`;
    renderPanel({
      tests: [typical, broken],
      report: {
        passed: 0,
        failed: 2,
        tests: [
          {
            name: 'Typical',
            passed: false,
            differences: [
              { output: 'rows', expected: '1 row', actual: '5 rows' },
              { output: 'total', expected: '3 rows', actual: elided, actualElided: true },
            ],
          },
          {
            name: 'Broken',
            passed: false,
            error: 'Not run: a calculator runs at most 100 tests.',
          },
        ],
      },
    });
    const typicalItem = screen.getByRole('listitem', { name: 'Тест Typical' });
    const rows = within(within(typicalItem).getByRole('table', { name: 'Что отличается' }))
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // A value output's text stays as it is, even when it reads like a row count.
    expect(rows.slice(1)).toEqual([
      ['rows', '', '', '"1 строка"', '"5 строк"'],
      ['total', '', '', '"3 rows"', `"${'x'.repeat(199)}… (1\u00a0048\u00a0578 символов)`],
    ]);
    const brokenItem = screen.getByRole('listitem', { name: 'Тест Broken' });
    expect(
      within(brokenItem).getByText(
        'Ошибка: Не запущен: калькулятор выполняет не больше 100 тестов.',
      ),
    ).toBeInTheDocument();
  });

  it('speaks Russian about differences not shown and dropped details', () => {
    act(() => useUi.setState({ locale: 'ru' }));
    renderPanel({
      tests: [typical, broken],
      report: {
        passed: 0,
        failed: 2,
        tests: [
          {
            name: 'Typical',
            passed: false,
            differences: [{ output: 'total', expected: 4, actual: 5 }],
            moreDifferences: 3,
          },
          { name: 'Broken', passed: false, detailsDropped: true },
        ],
      },
    });
    const typicalItem = screen.getByRole('listitem', { name: 'Тест Typical' });
    expect(within(typicalItem).getByText('Не показано различий: 3')).toBeInTheDocument();
    const brokenItem = screen.getByRole('listitem', { name: 'Тест Broken' });
    expect(
      within(brokenItem).getByText('Подробности опущены: отчёт получился слишком большим.'),
    ).toBeInTheDocument();
  });
});

describe('TestsBadge', () => {
  it('shows the failures, or the passes when all pass, with the counts for screen readers', () => {
    const { rerender } = render(<TestsBadge report={failingReport} />);
    expect(screen.getByText('✗ 1')).toBeInTheDocument();
    expect(screen.getByText('(1 passed, 1 failed)')).toBeInTheDocument();
    expect(screen.getByTitle('Tests: 1 passed, 1 failed')).toBeInTheDocument();
    rerender(<TestsBadge report={{ passed: 2, failed: 0, tests: [] }} />);
    expect(screen.getByText('✓ 2')).toBeInTheDocument();
    rerender(<TestsBadge report={null} />);
    expect(screen.queryByText(/passed/)).toBeNull();
  });
});

describe('readableJson', () => {
  it('spaces objects and rows so they break between items, never inside a number', () => {
    expect(readableJson(3333.3333333333335)).toBe('3333.3333333333335');
    expect(readableJson('interest')).toBe('"interest"');
    expect(readableJson([{ k: 1, v: 'a, b' }, []])).toBe('[{"k": 1, "v": "a, b"}, []]');
    expect(readableJson({ text: 'line\nbreak' })).toBe('{"text": "line\\nbreak"}');
    expect(readableJson(undefined)).toBe('undefined');
  });
});
