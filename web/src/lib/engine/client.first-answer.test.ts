// `firstAnswer`: the published page saves itself for offline use only once the worker's
// first calculation is behind it (calc-screen.tsx), so the two do not compete (issue 34).
import { describe, expect, it } from 'vitest';
import type { CalcDoc } from '@calcsmith/engine';
import { fakeWorkers, okResult } from '../../testing/fake-worker';
import { CalcWorkerClient } from './client';

const doc: CalcDoc = { script: 'return { x: 1 };', libraries: { mathjs: true } };

/** Whether `promise` has settled, after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('CalcWorkerClient.firstAnswer', () => {
  it('waits while the worker loads and makes its first calculation, and resolves with its answer', async () => {
    const fake = fakeWorkers();
    const client = new CalcWorkerClient(fake.factory);
    void client.evaluate(doc, {}, 'en');
    fake.current.started();
    expect(await settled(client.firstAnswer)).toBe(false);
    fake.current.answer(okResult({ x: 1 }));
    expect(await settled(client.firstAnswer)).toBe(true);
  });

  it('resolves when the first calculation failed, or the worker crashed', async () => {
    const failing = fakeWorkers();
    const one = new CalcWorkerClient(failing.factory);
    void one.evaluate(doc, {}, 'en');
    failing.current.fail('The mathjs library could not be loaded.');
    expect(await settled(one.firstAnswer)).toBe(true);

    const crashing = fakeWorkers();
    const other = new CalcWorkerClient(crashing.factory);
    void other.evaluate(doc, {}, 'en');
    crashing.current.crash();
    expect(await settled(other.firstAnswer)).toBe(true);
  });
});
