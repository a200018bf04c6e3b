// The worker's what-if requests (issue 33) on a stand-in engine: goal seek, and sweeps
// computed a row at a time with progress and cancel between rows.
import { describe, expect, it, vi } from 'vitest';
import type { CalcDoc, GoalSeekResult, SweepResult, SweepSpec } from '@calcsmith/engine';
import { okResult } from '../../testing/fake-worker';
import { EngineHost } from './engine-host';
import type { EngineLike, EnginePackage } from './module-engine';
import type { SweepRequest, WorkerReply } from './protocol';

const doc: CalcDoc = { script: 'return { y: inputs.x * 2 };' };

/** A table of `rows` rows whose cell is twice its row's value, sliced as asked. */
function sliced(rows: number[], spec: SweepSpec): SweepResult {
  const start = spec.rowStart ?? 0;
  const count = spec.rowCount ?? rows.length;
  return {
    output: spec.output,
    input: spec.input,
    rows,
    rowStart: start,
    cells: rows
      .slice(start, start + count)
      .map((row) => [{ value: row * 2, display: String(row * 2) }]),
  };
}

function host(engine: Partial<EngineLike>) {
  const full: EngineLike = {
    setOptions() {},
    hasLibrary: () => false,
    loadLibrary() {},
    evaluate: () => okResult({ y: 1 }),
    ...engine,
  };
  const pkg: EnginePackage = {
    init: async () => {},
    reset() {},
    createEngine: () => full,
    refusedAllocations: () => 0,
    usesIntl: () => false,
  };
  return new EngineHost(
    pkg,
    async () => '',
    async () => pkg,
  );
}

const request = (spec: SweepRequest['spec']): SweepRequest => ({
  type: 'sweep',
  id: 7,
  doc,
  values: { '1': 3 },
  locale: 'en',
  spec,
});

describe('EngineHost what-if requests', () => {
  it('answers a goal seek with what the engine found', async () => {
    const found: GoalSeekResult = {
      value: 0.06,
      output: 1798.65,
      display: '1,798.65',
      evaluations: 9,
      tolerance: 1e-6,
    };
    const goalSeek = vi.fn(() => found);
    const replies: WorkerReply[] = [];
    const spec = { output: 'payment', target: 1798.65, input: 'rate' };
    await host({ goalSeek }).goalSeek(
      { type: 'goalSeek', id: 3, doc, values: { '1': 1 }, locale: 'en', spec },
      (reply) => replies.push(reply),
    );
    expect(goalSeek).toHaveBeenCalledWith(doc, { '1': 1 }, spec);
    expect(replies).toEqual([
      { type: 'started', id: 3 },
      { type: 'sought', id: 3, result: found },
    ]);
  });

  it('computes a sweep one row at a time, posting each row, then says it is done', async () => {
    const rows = [1, 2, 3];
    const sweep = vi.fn((_doc: CalcDoc, _values: unknown, spec: SweepSpec) => sliced(rows, spec));
    const replies: WorkerReply[] = [];
    await host({ sweep }).sweep(
      request({ output: 'y', input: 'x', values: rows }),
      (reply) => replies.push(reply),
      () => false,
    );
    expect(sweep.mock.calls.map(([, , spec]) => [spec.rowStart, spec.rowCount])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    const slices = replies.filter((reply) => reply.type === 'sweepSlice');
    expect(slices.map((reply) => reply.slice.cells)).toEqual([
      [[{ value: 2, display: '2' }]],
      [[{ value: 4, display: '4' }]],
      [[{ value: 6, display: '6' }]],
    ]);
    expect(replies.at(-1)).toEqual({ type: 'swept', id: 7, cancelled: false });
  });

  it('stops a sweep cancelled between rows before the next row', async () => {
    const rows = [1, 2, 3, 4];
    let cancelled = false;
    const sweep = vi.fn((_doc: CalcDoc, _values: unknown, spec: SweepSpec) => {
      // The cancel arrives while the second row is computed.
      if (spec.rowStart === 1) cancelled = true;
      return sliced(rows, spec);
    });
    const replies: WorkerReply[] = [];
    await host({ sweep }).sweep(
      request({ output: 'y', input: 'x', values: rows }),
      (reply) => replies.push(reply),
      () => cancelled,
    );
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(replies.filter((reply) => reply.type === 'sweepSlice')).toHaveLength(2);
    expect(replies.at(-1)).toEqual({ type: 'swept', id: 7, cancelled: true });
  });

  it("ends a sweep the engine refuses with the engine's reason", async () => {
    const sweep = vi.fn(() => ({ error: 'There is no output named "z".' }));
    const replies: WorkerReply[] = [];
    await host({ sweep }).sweep(
      request({ output: 'z', input: 'x', from: 1, to: 2, steps: 2 }),
      (reply) => replies.push(reply),
      () => false,
    );
    expect(replies.at(-1)).toEqual({
      type: 'sweepFailed',
      id: 7,
      message: 'There is no output named "z".',
    });
  });

  it('ends a sweep whose engine trapped with the crash message', async () => {
    const sweep = vi.fn(() => {
      throw new WebAssembly.RuntimeError('unreachable');
    });
    const replies: WorkerReply[] = [];
    await host({ sweep }).sweep(
      request({ output: 'y', input: 'x', from: 1, to: 2, steps: 2 }),
      (reply) => replies.push(reply),
      () => false,
    );
    expect(replies.at(-1)).toEqual({
      type: 'sweepFailed',
      id: 7,
      message: 'Calculation stopped unexpectedly.',
    });
  });
});
