import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc, EvalResult } from '@calcsmith/engine';
import { useUi } from '../../stores/ui';
import { okResult } from '../../testing/fake-worker';
import { useCalculation } from './use-calculation';
import { calcClientOnFakeWorkers } from './fake-calc-client';

const doc: CalcDoc = {
  script: "'use strict';\n\nreturn { x: inputs.a };\n",
  metaInputs: [{ id: 1, name: 'a', type: 'number' }],
  metaOutputs: [{ id: 1, name: 'x', type: 'value' }],
};

const fake = calcClientOnFakeWorkers();

interface Props {
  values: Record<string, unknown>;
  initial?: EvalResult | null;
  suspended?: boolean;
  runToken?: number;
}

function render(props: Props) {
  return renderHook(({ values, ...options }: Props) => useCalculation(doc, values, options), {
    initialProps: props,
  });
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  setVisibility('visible');
});

describe('useCalculation', () => {
  it('sends nothing to the worker while a value breaks its input’s rules', async () => {
    const ruled: CalcDoc = { ...doc, metaInputs: [{ id: 1, name: 'a', type: 'number', max: 10 }] };
    const { result, rerender } = renderHook(({ values }: Props) => useCalculation(ruled, values), {
      initialProps: { values: { '1': 5 } } as Props,
    });
    await act(async () => fake.current.answer(okResult({ x: 5 })));
    const sent = fake.current.posted.length;

    rerender({ values: { '1': 50 } });
    expect(fake.current.posted).toHaveLength(sent);
    expect(result.current.pending).toBe(false);

    rerender({ values: { '1': 9 } });
    expect(fake.current.last.values).toEqual({ '1': 9 });
  });

  it('with Show-when rules calculates even while a shown input breaks a rule, and not a hidden one', async () => {
    const ruled: CalcDoc = {
      ...doc,
      metaInputs: [
        { id: 1, name: 'a', type: 'number' },
        { id: 2, name: 'b', type: 'number', required: true, visibleWhen: 'inputs.a > 1' },
      ],
    };
    const { result, rerender } = renderHook(({ values }: Props) => useCalculation(ruled, values), {
      initialProps: { values: { '1': 5, '2': null } } as Props,
    });
    // b is required and empty, but only a calculation can tell whether it is shown.
    expect(fake.current.last.values).toEqual({ '1': 5, '2': null });
    expect(result.current.pending).toBe(true);
    const hidden = { ...okResult({ x: 0 }), hiddenInputs: ['b'], hiddenOutputs: [] };
    await act(async () => fake.current.answer(hidden as EvalResult));
    expect(result.current).toMatchObject({ result: hidden, pending: false });

    rerender({ values: { '1': 0, '2': null } });
    expect(fake.current.last.values).toEqual({ '1': 0, '2': null });
  });

  it('shows the initial result first, then the live one', async () => {
    const initial = okResult({ x: 'from the server' });
    const { result } = render({ values: { '1': 2 }, initial });
    expect(result.current).toMatchObject({ result: initial, pending: true });
    expect(fake.current.last).toMatchObject({ doc, values: { '1': 2 }, locale: 'en' });

    await act(async () => fake.current.answer(okResult({ x: 2 })));

    expect(result.current).toMatchObject({ result: okResult({ x: 2 }), pending: false });
  });

  it('recalculates when the values or the language change, showing only the latest answer', async () => {
    const { result, rerender } = render({ values: { '1': 1 } });
    expect(result.current.result).toBeNull();
    await act(async () => fake.current.answer(okResult({ x: 1 })));

    rerender({ values: { '1': 7 } });
    expect(result.current).toMatchObject({ result: okResult({ x: 1 }), pending: true });
    expect(fake.current.last.values).toEqual({ '1': 7 });
    await act(async () => fake.current.answer(okResult({ x: 7 })));
    expect(result.current.result).toEqual(okResult({ x: 7 }));

    act(() => useUi.getState().setLocale('ru'));
    expect(fake.current.last).toMatchObject({ values: { '1': 7 }, locale: 'ru' });
  });

  it('does not recalculate while suspended', async () => {
    const { result, rerender } = render({ values: { '1': 1 }, suspended: true });
    rerender({ values: { '1': 2 }, suspended: true });
    rerender({ values: { '1': 3 }, suspended: true });
    expect(fake.factory).not.toHaveBeenCalled();
    expect(result.current.result).toBeNull();

    rerender({ values: { '1': 3 }, suspended: false });
    expect(fake.current.posted.map((r) => r.values)).toEqual([{ '1': 3 }]);
  });

  it('runs once when runToken changes, even while suspended (debug mode)', async () => {
    const { result, rerender } = render({ values: { '1': 1 }, suspended: true, runToken: 0 });
    rerender({ values: { '1': 4 }, suspended: true, runToken: 0 });
    expect(fake.factory).not.toHaveBeenCalled();

    rerender({ values: { '1': 4 }, suspended: true, runToken: 1 });
    expect(fake.current.posted.map((r) => r.values)).toEqual([{ '1': 4 }]);
    await act(async () => fake.current.answer(okResult({ x: 4 })));
    expect(result.current.result).toEqual(okResult({ x: 4 }));

    // Later changes wait for the next run.
    rerender({ values: { '1': 5 }, suspended: true, runToken: 1 });
    expect(fake.current.posted).toHaveLength(1);
  });

  it('runs again when runToken changes with nothing else changed', async () => {
    render({ values: { '1': 1 }, runToken: 0 }).rerender({ values: { '1': 1 }, runToken: 1 });
    expect(fake.factory).toHaveBeenCalledTimes(1);
    // The first request was still waiting for the worker, so only the rerun is sent next.
    await act(async () => fake.current.answer(okResult({ x: 1 })));
    expect(fake.current.posted).toHaveLength(2);
  });

  it('says why an answer is late past the time limit, until it comes', async () => {
    vi.useFakeTimers();
    try {
      const { result } = render({ values: { '1': 1 } });
      fake.current.started();
      act(() => vi.advanceTimersByTime(4999));
      expect(result.current).toMatchObject({ pending: true, late: null });
      act(() => vi.advanceTimersByTime(1));
      // The worker's first calculation: it is still setting the engine up.
      expect(result.current).toMatchObject({ pending: true, late: 'loading' });
      await act(async () => fake.current.answer(okResult({ x: 1 })));
      expect(result.current).toMatchObject({ result: okResult({ x: 1 }), late: null });
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the worker could not load, and asks again on a new one with retry', async () => {
    const { result } = render({ values: { '1': 1 } });
    const failed = fake.current;
    await act(async () =>
      failed.reply({ type: 'failed', id: failed.last.id, message: 'offline', loading: true }),
    );
    expect(result.current).toMatchObject({ result: null, pending: false, unavailable: true });

    act(() => result.current.retry());
    expect(result.current).toMatchObject({ pending: true, unavailable: false });
    expect(fake.factory).toHaveBeenCalledTimes(2);
    expect(fake.current.last.values).toEqual({ '1': 1 });
    await act(async () => fake.current.answer(okResult({ x: 1 })));
    expect(result.current).toMatchObject({ result: okResult({ x: 1 }), unavailable: false });
  });

  it('stops the worker while the tab is hidden and recalculates when it is back', async () => {
    const { result } = render({ values: { '1': 1 } });
    const first = fake.current;
    first.started();

    act(() => setVisibility('hidden'));
    expect(first.terminated).toBe(true);

    act(() => setVisibility('visible'));
    expect(fake.factory).toHaveBeenCalledTimes(2);
    await act(async () => fake.current.answer(okResult({ x: 1 })));
    expect(result.current).toMatchObject({ result: okResult({ x: 1 }), pending: false });
  });
});
