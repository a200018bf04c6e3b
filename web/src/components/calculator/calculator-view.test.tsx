import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc, EvalResult } from '../../lib/types';
import { useUi } from '../../stores/ui';
import { CalculatorView, styleToCss, type CalculatorViewProps } from './calculator-view';

const doc: CalcDoc = {
  name: 'Loan',
  script: '',
  metaInputs: [
    { id: 1, name: 'amount', type: 'number' },
    { id: 2, name: 'extra', type: 'number', autohide: true },
  ],
  metaOutputs: [
    { id: 1, name: 'total', type: 'value' },
    { id: 2, name: 'note', type: 'value' },
    {
      id: 3,
      name: 'schedule',
      type: 'table',
      metaOutputs: [{ id: 1, name: 'month', type: 'value' }],
    },
  ],
};

/** What the Show-when rules hid in a result: nothing (these calculators have no rules). */
const NO_RULES = { hiddenInputs: [] as string[], hiddenOutputs: [] as string[] };

const result = (display: EvalResult['display'], usedInputs = ['amount', 'extra']): EvalResult => ({
  outputs: {},
  display,
  usedInputs,
  error: null,
  ...NO_RULES,
});

function show(props: Partial<CalculatorViewProps> = {}) {
  const onValuesChange = vi.fn();
  render(
    <CalculatorView
      doc={doc}
      values={{ '1': 100, '2': null }}
      onValuesChange={onValuesChange}
      result={result({ total: '$100.00', note: 'ok', schedule: [{ month: 'Jan' }] })}
      {...props}
    />,
  );
  return { onValuesChange };
}

const outputNames = () =>
  Array.from(document.querySelectorAll('[data-output]')).map((el) =>
    el.getAttribute('data-output'),
  );

beforeEach(() => {
  useUi.setState({ locale: 'en' });
});

describe('CalculatorView', () => {
  it('labels its sections Inputs and Outputs', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Inputs' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Outputs' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Inputs' })).toBeInTheDocument();
  });

  it('labels them Входные данные and Результаты in Russian', () => {
    useUi.setState({ locale: 'ru' });
    show();
    expect(screen.getByRole('heading', { name: 'Входные данные' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Результаты' })).toBeInTheDocument();
  });

  it("uses the doc's own labels when it has them", () => {
    show({ doc: { ...doc, inputs_label: 'Your loan', outputs_label: 'What you pay' } });
    expect(screen.getByRole('heading', { name: 'Your loan' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What you pay' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Inputs' })).toBeNull();
  });

  it('labels each input with its name and reports a change with every value', async () => {
    const { onValuesChange } = show();
    const amount = screen.getByLabelText('amount');
    expect(amount).toHaveValue(100);
    await userEvent.setup().type(amount, '5');
    expect(onValuesChange).toHaveBeenLastCalledWith({ '1': 1005, '2': null });
  });

  it('hides an autohide input the calculation did not read', () => {
    show({ result: result({ total: '1', note: 'x', schedule: [] }, ['amount']) });
    expect(screen.getByLabelText('amount')).toBeInTheDocument();
    expect(screen.queryByLabelText('extra')).toBeNull();
  });

  it('shows an autohide input the calculation read', () => {
    show({ result: result({ total: '1' }, ['amount', 'extra']) });
    expect(screen.getByLabelText('extra')).toBeInTheDocument();
  });

  it('shows every input and output with showAll (edit mode)', () => {
    show({ result: result({ total: null, note: null, schedule: [] }, ['amount']), showAll: true });
    expect(screen.getByLabelText('extra')).toBeInTheDocument();
    expect(outputNames()).toEqual(['total', 'note', 'schedule']);
  });

  it('hides an output whose display is null or an empty table', () => {
    show({ result: result({ total: '$1.00', note: null, schedule: [] }) });
    expect(outputNames()).toEqual(['total']);
    show({ result: result({ total: '$1.00', schedule: null }) });
    expect(outputNames()).toEqual(['total', 'total']);
  });

  it('shows a table output as rows under its column names', () => {
    show({
      result: result({ total: '1', note: 'x', schedule: [{ month: 'Jan' }, { month: 'Feb' }] }),
    });
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'month' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Jan', 'Feb']);
  });

  it('shows the error of a failed calculation instead of the outputs', () => {
    show({
      result: {
        ...NO_RULES,
        outputs: null,
        display: null,
        usedInputs: [],
        error: 'Calculation did not finish after 5 seconds. Is there an infinite loop?',
      },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Calculation did not finish after 5 seconds. Is there an infinite loop?',
    );
    expect(outputNames()).toEqual([]);
  });

  it.each([
    [
      'Calculation did not finish after 5 seconds. Is there an infinite loop?',
      'Расчёт не завершился за 5 секунд. Нет ли в скрипте бесконечного цикла?',
    ],
    [
      'ReferenceError: rate is not defined (line 4)',
      'ReferenceError: rate is not defined (строка 4)',
    ],
  ])('shows the error "%s" in Russian as "%s"', (error, shown) => {
    useUi.setState({ locale: 'ru' });
    show({ result: { ...NO_RULES, outputs: null, display: null, usedInputs: [], error } });
    expect(screen.getByRole('alert')).toHaveTextContent(shown);
  });

  it('shows every input while the result is an error (nothing is known to be unused)', () => {
    show({ result: { ...NO_RULES, outputs: null, display: null, usedInputs: [], error: 'Boom' } });
    expect(screen.getByLabelText('extra')).toBeInTheDocument();
  });

  it('shows a placeholder for outputs before the first result', () => {
    show({ result: null, pending: true });
    expect(outputNames()).toEqual(['total', 'note', 'schedule']);
    expect(screen.getAllByText('Calculating…')).toHaveLength(3);
  });

  it('makes http(s) links clickable, shortened past 30 characters', () => {
    const long = 'https://example.com/a/very/long/path/to/a/page';
    show({
      result: result({
        total: `See ${long} now`,
        note: 'http://short.io/x and ftp://not.a/link',
        schedule: [{ month: 'https://example.org/month/january/2025' }],
      }),
    });
    const longLink = screen.getByRole('link', { name: 'https://example.com/a/very/lon…' });
    expect(longLink).toHaveAttribute('href', long);
    expect(longLink).toHaveAttribute('target', '_blank');
    expect(longLink.getAttribute('rel')).toContain('noopener');
    expect(longLink.closest('dd')).toHaveTextContent(`See https://example.com/a/very/lon… now`);

    expect(screen.getByRole('link', { name: 'http://short.io/x' })).toHaveAttribute(
      'href',
      'http://short.io/x',
    );
    expect(screen.queryByRole('link', { name: /ftp/ })).toBeNull();
    expect(
      within(screen.getByRole('table')).getByRole('link', {
        name: 'https://example.org/month/janu…',
      }),
    ).toHaveAttribute('href', 'https://example.org/month/january/2025');
  });

  it('does not shorten a link of exactly 30 characters', () => {
    const thirty = 'https://example.com/abcdefghij';
    expect(thirty).toHaveLength(30);
    show({ result: result({ total: thirty }) });
    expect(screen.getByRole('link', { name: thirty })).toBeInTheDocument();
  });

  it("applies the author's style, with the font size in pt", () => {
    expect(styleToCss({ bgcolor: '#102030', fcolor: '#fafafa', fsize: 14 }, 'light')).toMatchObject(
      {
        backgroundColor: '#102030',
        color: '#fafafa',
        fontSize: '14pt',
      },
    );
    show({ style: { fsize: 12, bgcolor: 'rgb(1, 2, 3)' } });
    const root = document.querySelector<HTMLElement>('.calculator')!;
    expect(root.style.fontSize).toBe('12pt');
    expect(root.style.backgroundColor).toBe('rgb(1, 2, 3)');
  });

  it("gives the fields and labels colours from the author's, not the page theme's", () => {
    useUi.setState({ theme: 'dark' });
    show({ style: { bgcolor: '#fff8e7', fcolor: '#5a4a2a' } });
    const root = document.querySelector<HTMLElement>('.calculator')!;
    // Fields, labels and outputs read these variables (styles.css).
    expect(root.style.getPropertyValue('--text')).toBe('#5a4a2a');
    expect(root.style.getPropertyValue('--surface')).not.toBe('');
    expect(root.style.getPropertyValue('--muted')).not.toBe('');
    expect(root.style.colorScheme).toBe('light');
  });

  it('follows the page theme without author colours, and a pinned theme otherwise', () => {
    useUi.setState({ theme: 'dark' });
    show();
    expect(document.querySelector<HTMLElement>('.calculator')!.style.cssText).toBe('');
    document.body.innerHTML = '';
    show({ theme: 'light' });
    const root = document.querySelector<HTMLElement>('.calculator')!;
    expect(root.style.backgroundColor).toBe('rgb(255, 255, 255)');
    expect(root.style.colorScheme).toBe('light');
  });

  it('shows why a value from the link was not taken at its input', () => {
    show({ inputErrors: { '1': 'Not a number: "abc".' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Not a number: "abc".');
  });

  describe('an answer that is late or cannot come', () => {
    const progress = { late: null, unavailable: false, retry: vi.fn() };

    it('says what is still loading once the answer is late', () => {
      show({ result: null, pending: true, progress: { ...progress, late: 'loading' } });
      expect(screen.getByText(/taking longer/)).toHaveTextContent(
        'This is taking longer than usual: still loading the calculation engine. The outputs will appear as soon as it is ready.',
      );
      expect(screen.getAllByText('Calculating…')).toHaveLength(3);
      cleanup();
      useUi.setState({ locale: 'ru' });
      show({
        doc: { ...doc, libraries: { mathjs: true, moment: true } },
        result: null,
        pending: true,
        progress: { ...progress, late: 'loading' },
      });
      expect(screen.getByText(/больше времени/)).toHaveTextContent(
        'Это занимает больше времени, чем обычно: продолжается загрузка Moment.js и Math.js. Результаты появятся, как только всё будет готово.',
      );
    });

    it('says a calculation past the time limit is still running', () => {
      show({ pending: true, progress: { ...progress, late: 'calculating' } });
      expect(screen.getByText(/taking longer/)).toHaveTextContent(
        'This is taking longer than usual: still calculating.',
      );
    });

    it('says the calculation waits for the Intl module the server is still building', () => {
      show({ result: null, pending: true, progress: { ...progress, late: 'building' } });
      expect(document.querySelector('.calc-late')).toHaveTextContent(
        /^The Intl module is still being built on this server\. This calculator will answer when it is ready\.$/,
      );
      expect(screen.queryByRole('alert')).toBeNull();
      cleanup();
      useUi.setState({ locale: 'ru' });
      show({ result: null, pending: true, progress: { ...progress, late: 'building' } });
      expect(document.querySelector('.calc-late')).toHaveTextContent(
        /^Модуль Intl на этом сервере ещё собирается\. Калькулятор ответит, когда он будет готов\.$/,
      );
    });

    it('says the calculator could not load, with a retry', async () => {
      const retry = vi.fn();
      show({ result: null, progress: { ...progress, unavailable: true, retry } });
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The calculator could not load its calculation engine or libraries. Check your connection and try again.',
      );
      expect(document.querySelector('.output-list')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(retry).toHaveBeenCalledTimes(1);
    });
  });

  describe('while recalculating', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const outputs = () => document.querySelector('.calc-outputs')!;

    it('marks the outputs stale only after 300 ms', () => {
      show({ result: result({ total: '1' }), pending: true });
      expect(outputs()).not.toHaveClass('busy');
      expect(screen.getByRole('status')).toHaveTextContent('');
      act(() => vi.advanceTimersByTime(299));
      expect(outputs()).not.toHaveClass('busy');
      act(() => vi.advanceTimersByTime(1));
      expect(outputs()).toHaveClass('busy');
      expect(outputs()).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('status')).toHaveTextContent('Recalculating…');
      // The old value stays, marked.
      expect(document.querySelector('[data-output="total"]')).toHaveTextContent('1');
    });

    it('marks only the values: the stale class sits on the outputs, at once when told', () => {
      show({ result: result({ total: '1' }), pending: true });
      act(() => vi.advanceTimersByTime(300));
      expect(outputs()).toHaveClass('values-stale');
      cleanup();
      show({ result: result({ total: '1' }), stale: true });
      expect(outputs()).toHaveClass('values-stale');
      expect(outputs()).not.toHaveClass('busy');
      expect(screen.getByRole('status')).toHaveTextContent('');
    });

    it('shows nothing for an answer within 300 ms', () => {
      const props = {
        doc,
        values: {},
        onValuesChange: vi.fn(),
        result: result({ total: '1' }),
      };
      const { rerender } = render(<CalculatorView {...props} pending />);
      act(() => vi.advanceTimersByTime(200));
      rerender(<CalculatorView {...props} result={result({ total: '2' })} pending={false} />);
      act(() => vi.advanceTimersByTime(500));
      expect(outputs()).not.toHaveClass('busy');
      expect(screen.getByRole('status')).toHaveTextContent('');
    });
  });

  it('focuses the first visible input with autofocus', () => {
    // `extra` comes first but is hidden: the calculation did not read it.
    show({
      autofocus: true,
      doc: { ...doc, metaInputs: [...doc.metaInputs!].reverse() },
      result: result({ total: '1' }, ['amount']),
    });
    expect(screen.getByLabelText('amount')).toHaveFocus();
  });
});

describe('CalculatorView input rules and units', () => {
  const ruled: CalcDoc = {
    name: 'Delivery',
    script: '',
    metaInputs: [
      {
        id: 1,
        name: 'weight',
        type: 'number',
        prefix: '≈',
        suffix: 'kg',
        placeholder: 'e.g. 75',
        help: 'Without packaging',
        required: true,
        min: 1,
        max: 2000,
        step: 0.5,
      },
      { id: 2, name: 'note', type: 'string', placeholder: 'Optional' },
    ],
    metaOutputs: [{ id: 1, name: 'price', type: 'value', suffix: '₽' }],
  };
  const computed = result({ price: '1\u00a0200\u00a0₽' });

  it('shows the units, placeholder and help, and describes the field by them', () => {
    show({ doc: ruled, values: { '1': 75, '2': null }, result: computed });
    const field = screen.getByRole('spinbutton', { name: /weight/ });
    expect(field).toHaveAttribute('placeholder', 'e.g. 75');
    expect(field).toHaveAccessibleDescription('≈ kg Without packaging');
    expect(field).toHaveAttribute('min', '1');
    expect(field).toHaveAttribute('step', '0.5');
    expect(screen.getByRole('textbox', { name: 'note' })).toHaveAttribute(
      'placeholder',
      'Optional',
    );
    // The engine's no-break spaces (the matcher reads them as spaces).
    expect(screen.getByText('1 200 ₽')).toBeInTheDocument();
  });

  it('marks a required input in its name, visibly and for screen readers', () => {
    show({ doc: ruled, values: { '1': 75, '2': null }, result: computed });
    const field = screen.getByRole('spinbutton', { name: /^weight.*\(required\)$/ });
    expect(
      (field as HTMLInputElement).labels?.[0].querySelector('[aria-hidden="true"]'),
    ).toHaveTextContent('*');
    expect(screen.getByText('* Required')).toBeInTheDocument();
  });

  it.each([
    [null, 'Enter a value: this input is required.'],
    [0.5, 'Must be at least 1.'],
    [5000, 'Must be at most 2,000.'],
    [1.25, 'Must go in steps of 0.5: the nearest allowed values are 1 and 1.5.'],
  ])('says why %s is refused and marks every output as not calculated', (value, message) => {
    show({ doc: ruled, values: { '1': value, '2': null }, result: computed });
    const field = screen.getByRole('spinbutton', { name: /weight/ });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`≈ kg Without packaging ${message}`);
    expect(screen.getByText('Not calculated: put right the marked inputs.')).toBeInTheDocument();
    // The last result is not shown as if it were this value's.
    expect(screen.queryByText('1 200 ₽')).toBeNull();
    const price = document.querySelector('[data-output="price"]') as HTMLElement;
    expect(within(price).getByText('Not calculated')).toBeInTheDocument();
  });

  it('says it in Russian with Russian numbers', () => {
    useUi.setState({ locale: 'ru' });
    show({ doc: ruled, values: { '1': 5000, '2': null }, result: computed });
    expect(screen.getByText('Значение должно быть не больше 2 000.')).toBeInTheDocument();
    expect(screen.getByText('Не рассчитано: исправьте отмеченные поля.')).toBeInTheDocument();
  });

  it('shows a slider value with its units', () => {
    const slider: CalcDoc = {
      ...ruled,
      metaInputs: [{ id: 1, name: 'w', type: 'number', presentationType: 'slider', suffix: 'kg' }],
    };
    show({ doc: slider, values: { '1': 40 }, result: computed });
    expect(screen.getByRole('slider', { name: 'w' })).toHaveAttribute(
      'aria-valuetext',
      '40\u00a0kg',
    );
    expect(screen.getByText('40 kg')).toBeInTheDocument();
  });

  it('checks the sub-inputs of each list item', () => {
    const list: CalcDoc = {
      ...ruled,
      metaInputs: [
        {
          id: 1,
          name: 'parcels',
          type: 'list',
          metaInputs: [{ id: 1, name: 'kg', type: 'number', min: 1 }],
        },
      ],
    };
    show({ doc: list, values: { '1': [{ '1': 3 }, { '1': 0 }] }, result: computed });
    expect(screen.getByText('Item 2: Must be at least 1.')).toBeInTheDocument();
    const second = screen.getAllByRole('spinbutton', { name: 'kg' })[1];
    expect(second).toHaveAccessibleDescription('Must be at least 1.');
  });
});
