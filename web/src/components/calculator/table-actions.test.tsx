import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc, EvalResult } from '../../lib/types';
import { useUi } from '../../stores/ui';
import { CalculatorView } from './calculator-view';

const doc: CalcDoc = {
  name: 'Loan plan',
  script: '',
  metaInputs: [],
  metaOutputs: [
    {
      id: 1,
      name: 'schedule',
      type: 'table',
      metaOutputs: [
        { id: 1, name: 'month', type: 'value' },
        { id: 2, name: 'paid', type: 'value', currencySign: '$', decimalPlaces: 2 },
      ],
    },
  ],
};

const result: EvalResult = {
  outputs: { schedule: [{ month: '2026-01-01T00:00:00.000Z', paid: 1234.5 }] },
  display: { schedule: [{ month: 'Jan 1, 2026', paid: '$1,234.50' }] },
  usedInputs: [],
  error: null,
  ...{ hiddenInputs: [] as string[], hiddenOutputs: [] as string[] },
};

// The editor's preview shows every output (showAll); the published page is the same view.
const show = () =>
  render(
    <CalculatorView doc={doc} values={{}} onValuesChange={() => {}} result={result} showAll />,
  );

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  useUi.setState({ locale: 'en' });
  writeText.mockReset();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TableActions', () => {
  it('copies the raw values as tab-separated text and announces it', async () => {
    writeText.mockResolvedValue();
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('month\tpaid\n2026-01-01\t1234.5');
    const group = screen.getByRole('group', { name: 'Table “schedule”' });
    const note = within(group).getByText('Copied');
    expect(note).toHaveAttribute('aria-live', 'polite');
  });

  it('says so when the clipboard is refused', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(
      await screen.findByText('Could not copy: the browser refused access to the clipboard.'),
    ).toBeInTheDocument();
  });

  it('downloads a CSV named after the calculator and the output', async () => {
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((object: Blob | MediaSource) => {
      blob = object as Blob;
      return 'blob:table';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('Loan-plan-schedule.csv');
      expect(this.getAttribute('href')).toBe('blob:table');
    });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFmonth,paid\r\n2026-01-01,1234.5\r\n',
    );
  });

  it('speaks Russian', () => {
    useUi.setState({ locale: 'ru' });
    show();
    expect(screen.getByRole('button', { name: 'Скачать CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Копировать' })).toBeInTheDocument();
  });
});
