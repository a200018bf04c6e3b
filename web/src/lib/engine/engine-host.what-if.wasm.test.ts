// The worker's what-if requests over the real engine package (pkg/): a goal seek on a loan
// checked against a bisection in Node, and a sweep computed a row at a time whose cells are
// the calculator's own formatted payments.
import { describe, expect, it } from 'vitest';
import type { CalcDoc } from '@calcsmith/engine';
import { wasmPackage } from '../../testing/wasm-package';
import { EngineHost } from './engine-host';
import type { WorkerReply } from './protocol';

const host = new EngineHost(
  wasmPackage,
  async () => '',
  async () => {
    throw new Error('no Intl module in this test');
  },
);

const loan: CalcDoc = {
  script:
    "'use strict';\n\nconst r = inputs.rate / 100 / 12;\nconst n = inputs.years * 12;\n" +
    'return { payment: (inputs.amount * r) / (1 - Math.pow(1 + r, -n)) };\n',
  metaInputs: [
    { id: 1, name: 'amount', type: 'number' },
    { id: 2, name: 'years', type: 'number' },
    { id: 3, name: 'rate', type: 'number' },
  ],
  metaOutputs: [{ id: 1, name: 'payment', type: 'value', decimalPlaces: 2 }],
};
const values = { '1': 300000, '2': 30, '3': 6 };

const annuity = (rate: number) => {
  const r = rate / 100 / 12;
  return (300000 * r) / (1 - Math.pow(1 + r, -360));
};

describe('what-if requests on the real engine', () => {
  it('finds the rate of a 2,000 payment as a bisection does', async () => {
    let low = 0.001;
    let high = 100;
    for (let i = 0; i < 200; i++) {
      const mid = (low + high) / 2;
      if (annuity(mid) < 2000) low = mid;
      else high = mid;
    }
    const replies: WorkerReply[] = [];
    await host.goalSeek(
      {
        type: 'goalSeek',
        id: 1,
        doc: loan,
        values,
        locale: 'en',
        spec: { output: 'payment', target: 2000, input: 'rate', min: 0.001, max: 100 },
      },
      (reply) => replies.push(reply),
    );
    const sought = replies.at(-1);
    if (sought?.type !== 'sought' || 'error' in sought.result)
      throw new Error(JSON.stringify(sought));
    expect(Math.abs(sought.result.value - low)).toBeLessThan(1e-6);
    expect(sought.result.display).toBe('2,000.00');
  });

  it('makes a 3 × 2 table a row at a time, formatted as the output', async () => {
    const replies: WorkerReply[] = [];
    await host.sweep(
      {
        type: 'sweep',
        id: 2,
        doc: loan,
        values,
        locale: 'en',
        spec: {
          output: 'payment',
          input: 'rate',
          values: [5, 6, 7],
          input2: 'years',
          values2: [15, 30],
        },
      },
      (reply) => replies.push(reply),
      () => false,
    );
    const slices = replies.flatMap((reply) => (reply.type === 'sweepSlice' ? [reply.slice] : []));
    expect(slices.map((slice) => slice.rowStart)).toEqual([0, 1, 2]);
    expect(slices[1].cells).toEqual([
      [
        // The CSV's text is rounded by the engine as the page shows it.
        { value: expect.closeTo(2531.57, 2), display: '2,531.57', csv: '2531.57' },
        { value: expect.closeTo(1798.65, 2), display: '1,798.65', csv: '1798.65' },
      ],
    ]);
    expect(replies.at(-1)).toEqual({ type: 'swept', id: 2, cancelled: false });
  });
});
