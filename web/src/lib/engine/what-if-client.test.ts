// The what-if tools' worker client over a stand-in worker (testing/fake-worker.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc } from '@calcsmith/engine';
import { fakeWorkers } from '../../testing/fake-worker';
import type { SweepRequest } from './protocol';
import { WhatIfClient, type SweepProgress } from './what-if-client';

const doc: CalcDoc = { script: 'return { y: inputs.x * 2 };' };
const TIMEOUT = 'Calculation did not finish after 5 seconds. Is there an infinite loop?';

let fake: ReturnType<typeof fakeWorkers>;
let client: WhatIfClient;

beforeEach(() => {
  vi.useFakeTimers();
  fake = fakeWorkers();
  client = new WhatIfClient(fake.factory, 5000);
});
afterEach(() => vi.useRealTimers());

/** Answers a sweep's row `row` of `rows` with one cell, twice the row's value. */
function answerRow(id: number, rows: number[], row: number) {
  fake.current.reply({ type: 'started', id });
  fake.current.reply({
    type: 'sweepSlice',
    id,
    slice: {
      output: 'y',
      input: 'x',
      rows,
      rowStart: row,
      cells: [[{ value: rows[row] * 2, display: String(rows[row] * 2) }]],
    },
  });
}

describe('WhatIfClient', () => {
  it("posts a goal seek to a worker of its own and resolves with the engine's answer", async () => {
    const spec = { output: 'y', target: 10, input: 'x' };
    const outcome = client.goalSeek(doc, { '1': 1 }, 'ru', spec);
    const request = fake.current.whatIf[0];
    expect(request).toEqual({
      type: 'goalSeek',
      id: 1,
      doc,
      values: { '1': 1 },
      locale: 'ru',
      spec,
    });
    const found = { value: 5, output: 10, display: '10', evaluations: 4, tolerance: 1e-9 };
    fake.current.reply({ type: 'started', id: 1 });
    fake.current.reply({ type: 'sought', id: 1, result: found });
    expect(await outcome).toEqual({ status: 'done', value: found });
  });

  it('assembles a sweep row by row, telling progress after each', async () => {
    const progress: SweepProgress[] = [];
    const running = client.sweep(doc, {}, 'en', { output: 'y', input: 'x', values: [1, 2] }, (p) =>
      progress.push(p),
    );
    const request = fake.current.whatIf[0] as SweepRequest;
    expect(request.rowsPerSlice).toBe(1);
    answerRow(request.id, [1, 2], 0);
    answerRow(request.id, [1, 2], 1);
    fake.current.reply({ type: 'swept', id: request.id, cancelled: false });
    expect(progress).toEqual([
      { done: 1, total: 2 },
      { done: 2, total: 2 },
    ]);
    expect(await running.outcome).toEqual({
      status: 'done',
      value: {
        output: 'y',
        input: 'x',
        input2: undefined,
        rows: [1, 2],
        columns: undefined,
        cells: [[{ value: 2, display: '2' }], [{ value: 4, display: '4' }]],
      },
    });
  });

  it('cancels a sweep at once and tells the worker, which stops before its next row', async () => {
    const running = client.sweep(doc, {}, 'en', { output: 'y', input: 'x', values: [1, 2, 3] });
    answerRow(1, [1, 2, 3], 0);
    running.cancel();
    expect(await running.outcome).toEqual({ status: 'cancelled' });
    expect(fake.current.whatIf.at(-1)).toEqual({ type: 'cancel', id: 1 });
    expect(fake.current.terminated).toBe(false);
  });

  it("ends a sweep the engine refused with the engine's message", async () => {
    const running = client.sweep(doc, {}, 'en', {
      output: 'q',
      input: 'x',
      from: 1,
      to: 2,
      steps: 2,
    });
    fake.current.reply({ type: 'sweepFailed', id: 1, message: 'There is no output named "q".' });
    expect(await running.outcome).toEqual({
      status: 'failed',
      message: 'There is no output named "q".',
    });
  });

  it('stops a worker whose row runs past its allowance and starts a new one next time', async () => {
    const running = client.sweep(doc, {}, 'en', { output: 'y', input: 'x', values: [1] });
    answerRow(1, [1, 2], 0);
    // The second row started and never answers: 5 s a calculation, 2 s grace (warm worker).
    fake.current.reply({ type: 'started', id: 1 });
    vi.advanceTimersByTime(6999);
    expect(fake.current.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(fake.current.terminated).toBe(true);
    expect(await running.outcome).toEqual({ status: 'failed', message: TIMEOUT });
    void client.goalSeek(doc, {}, 'en', { output: 'y', target: 1, input: 'x' });
    expect(fake.workers).toHaveLength(2);
  });

  it('says the engine is unavailable when the worker could not load it', async () => {
    const outcome = client.goalSeek(doc, {}, 'en', { output: 'y', target: 1, input: 'x' });
    fake.current.reply({ type: 'failed', id: 1, message: 'offline', loading: true });
    expect(await outcome).toEqual({ status: 'failed', message: 'offline', unavailable: true });
    expect(fake.current.terminated).toBe(true);
  });

  it("evaluates a scenario's values on its worker", async () => {
    const outcome = client.evaluate(doc, { '1': 2 }, 'en');
    const result = {
      outputs: { y: 4 },
      display: { y: '4' },
      usedInputs: [],
      hiddenInputs: [],
      hiddenOutputs: [],
      error: null,
    };
    fake.current.answer(result, 1);
    expect(await outcome).toEqual({ status: 'done', value: result });
  });
});
