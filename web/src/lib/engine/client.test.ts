import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc } from '@calcsmith/engine';
import { fakeWorkers, okResult } from '../../testing/fake-worker';
import {
  CalcWorkerClient,
  FIRST_CALCULATION_MS,
  KILL_GRACE_MS,
  type Lateness,
  type Outcome,
} from './client';

const doc: CalcDoc = {
  script: "'use strict';\n\nreturn { x: inputs.a };\n",
  metaInputs: [{ id: 1, name: 'a', type: 'number' }],
  metaOutputs: [{ id: 1, name: 'x', type: 'value' }],
};

const withMathjs: CalcDoc = { ...doc, libraries: { mathjs: true } };

const TIMEOUT = 'Calculation did not finish after 5 seconds. Is there an infinite loop?';
const timedOut = {
  outputs: null,
  display: null,
  usedInputs: [],
  hiddenInputs: [],
  hiddenOutputs: [],
  error: TIMEOUT,
};

/** A request's outcome, readable without awaiting (undefined while it runs). */
function track(promise: Promise<Outcome>) {
  const box: { outcome?: Outcome } = {};
  void promise.then((outcome) => (box.outcome = outcome));
  return box;
}

let fake: ReturnType<typeof fakeWorkers>;
let client: CalcWorkerClient;

/** Makes the worker's first calculation (with `calcDoc`'s libraries), so it is warm. */
async function warmUp(calcDoc: CalcDoc = doc) {
  const first = client.evaluate(calcDoc, { '1': 0 }, 'en');
  fake.current.answer(okResult({ x: 0 }));
  await first;
}

beforeEach(() => {
  vi.useFakeTimers();
  fake = fakeWorkers();
  client = new CalcWorkerClient(fake.factory);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CalcWorkerClient', () => {
  it("resolves a request with the worker's result", async () => {
    const request = client.evaluate(doc, { '1': 5 }, 'ru');
    expect(fake.factory).toHaveBeenCalledTimes(1);
    expect(fake.current.last).toMatchObject({
      type: 'evaluate',
      doc,
      values: { '1': 5 },
      locale: 'ru',
    });

    fake.current.answer(okResult({ x: 5 }, ['a']));

    await expect(request).resolves.toEqual({ status: 'done', result: okResult({ x: 5 }, ['a']) });
  });

  it('keeps one warm worker for requests made one after another', async () => {
    const first = client.evaluate(doc, { '1': 1 }, 'en');
    fake.current.answer(okResult({ x: 1 }));
    await first;
    const second = client.evaluate(doc, { '1': 2 }, 'en');
    fake.current.answer(okResult({ x: 2 }));
    await expect(second).resolves.toMatchObject({ result: { outputs: { x: 2 } } });
    expect(fake.factory).toHaveBeenCalledTimes(1);
    expect(fake.current.posted).toHaveLength(2);
  });

  it('restarts a worker busy calculating when a new request comes', async () => {
    await warmUp();
    const old = track(client.evaluate(doc, { '1': 1 }, 'en'));
    const busy = fake.current;
    busy.started();

    const latest = client.evaluate(doc, { '1': 2 }, 'en');
    await Promise.resolve();

    expect(old.outcome).toEqual({ status: 'superseded' });
    expect(busy.terminated).toBe(true);
    expect(fake.factory).toHaveBeenCalledTimes(2);
    const fresh = fake.current;
    expect(fresh).not.toBe(busy);
    expect(fresh.posted.map((r) => r.values)).toEqual([{ '1': 2 }]);

    fresh.answer(okResult({ x: 2 }));
    await expect(latest).resolves.toEqual({ status: 'done', result: okResult({ x: 2 }) });
  });

  it("lets a library's first calculation finish, runs the new request after it, and restarts later ones", async () => {
    const first = track(client.evaluate(withMathjs, { '1': 1 }, 'en'));
    const worker = fake.current;
    worker.started();

    const second = track(client.evaluate(withMathjs, { '1': 2 }, 'en'));
    const third = track(client.evaluate(withMathjs, { '1': 3 }, 'en'));
    await Promise.resolve();
    expect(first.outcome).toEqual({ status: 'superseded' });
    expect(second.outcome).toEqual({ status: 'superseded' });
    expect(worker.terminated).toBe(false);
    expect(fake.factory).toHaveBeenCalledTimes(1);

    worker.answer(okResult({ x: 1 }));
    await Promise.resolve();
    expect(first.outcome).toEqual({ status: 'superseded' });
    expect(worker.posted.map((r) => r.values)).toEqual([{ '1': 1 }, { '1': 3 }]);

    // Math.js is warm in this worker now: a busy one is restarted as for any calculator.
    worker.started();
    const fourth = client.evaluate(withMathjs, { '1': 4 }, 'en');
    await Promise.resolve();
    expect(third.outcome).toEqual({ status: 'superseded' });
    expect(worker.terminated).toBe(true);
    const fresh = fake.current;
    expect(fresh.posted.map((r) => r.values)).toEqual([{ '1': 4 }]);
    // And the fresh worker's first Math.js calculation is kept again.
    fresh.started();
    const fifth = client.evaluate(withMathjs, { '1': 5 }, 'en');
    await Promise.resolve();
    expect(fresh.terminated).toBe(false);
    fresh.answer(okResult({ x: 4 }));
    await Promise.resolve();
    fresh.answer(okResult({ x: 5 }));
    await expect(fifth).resolves.toEqual({ status: 'done', result: okResult({ x: 5 }) });
    await expect(fourth).resolves.toEqual({ status: 'superseded' });
  });

  it("stops a library's first calculation only past the time limit and the allowance, then runs the new request", async () => {
    client.evaluate(withMathjs, { '1': 1 }, 'en');
    const stuck = fake.current;
    stuck.started();
    const latest = track(client.evaluate(withMathjs, { '1': 2 }, 'en'));
    vi.advanceTimersByTime(5000 + KILL_GRACE_MS + FIRST_CALCULATION_MS - 1);
    expect(stuck.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(stuck.terminated).toBe(true);
    expect(fake.current.posted.map((r) => r.values)).toEqual([{ '1': 2 }]);
    fake.current.answer(okResult({ x: 2 }));
    await Promise.resolve();
    expect(latest.outcome).toEqual({ status: 'done', result: okResult({ x: 2 }) });
  });

  it("ignores a late answer from a worker it stopped, and the old request's time-out", async () => {
    await warmUp();
    client.evaluate(doc, { '1': 1 }, 'en');
    const busy = fake.current;
    busy.started();
    const latest = track(client.evaluate(doc, { '1': 2 }, 'en'));
    busy.reply({ type: 'result', id: busy.last.id, result: okResult({ x: 1 }) });
    vi.advanceTimersByTime(5000 + KILL_GRACE_MS);
    await Promise.resolve();
    expect(latest.outcome).toBeUndefined();
  });

  it('lets a worker still loading finish, then runs the new request on it', async () => {
    const first = track(client.evaluate(doc, { '1': 1 }, 'en'));
    const loading = fake.current;

    const second = track(client.evaluate(doc, { '1': 2 }, 'en'));

    expect(loading.terminated).toBe(false);
    expect(fake.factory).toHaveBeenCalledTimes(1);
    expect(loading.posted).toHaveLength(1);

    loading.answer(okResult({ x: 1 }));
    await Promise.resolve();
    expect(first.outcome).toEqual({ status: 'done', result: okResult({ x: 1 }) });
    expect(loading.posted.map((r) => r.values)).toEqual([{ '1': 1 }, { '1': 2 }]);

    loading.answer(okResult({ x: 2 }));
    await Promise.resolve();
    expect(second.outcome).toEqual({ status: 'done', result: okResult({ x: 2 }) });
    expect(fake.factory).toHaveBeenCalledTimes(1);
  });

  it('runs only the latest of the requests waiting for a loading worker', async () => {
    const running = track(client.evaluate(doc, { '1': 1 }, 'en'));
    const worker = fake.current;
    const older = track(client.evaluate(doc, { '1': 2 }, 'en'));
    const newer = track(client.evaluate(doc, { '1': 3 }, 'en'));
    const newest = track(client.evaluate(doc, { '1': 4 }, 'en'));
    await Promise.resolve();
    expect(older.outcome).toEqual({ status: 'superseded' });
    expect(newer.outcome).toEqual({ status: 'superseded' });

    worker.answer(okResult({ x: 1 }));
    worker.answer(okResult({ x: 4 }));
    await Promise.resolve();
    expect(running.outcome).toMatchObject({ status: 'done' });
    expect(newest.outcome).toEqual({ status: 'done', result: okResult({ x: 4 }) });
    expect(worker.posted.map((r) => r.values)).toEqual([{ '1': 1 }, { '1': 4 }]);
  });

  it('stops a calculation the engine did not end by the time limit, after a grace, and says why', async () => {
    await warmUp();
    const late: Lateness[] = [];
    const request = track(client.evaluate(doc, { '1': 1 }, 'en', (why) => late.push(why)));
    const stuck = fake.current;
    stuck.started();

    vi.advanceTimersByTime(4999);
    expect(late).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(late).toEqual(['calculating']);

    vi.advanceTimersByTime(KILL_GRACE_MS - 1);
    await Promise.resolve();
    expect(request.outcome).toBeUndefined();
    expect(stuck.terminated).toBe(false);

    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(request.outcome).toEqual({ status: 'done', result: timedOut });
    expect(stuck.terminated).toBe(true);

    const next = client.evaluate(doc, { '1': 2 }, 'en');
    expect(fake.factory).toHaveBeenCalledTimes(2);
    fake.current.answer(okResult({ x: 2 }));
    await expect(next).resolves.toMatchObject({ status: 'done', result: { error: null } });
  });

  it('keeps a worker whose engine ended a calculation at the time limit itself', async () => {
    await warmUp(withMathjs);
    const request = client.evaluate(withMathjs, { '1': 1 }, 'en');
    const worker = fake.current;
    worker.started();
    vi.advanceTimersByTime(5000);
    worker.answer(timedOut);
    await expect(request).resolves.toEqual({ status: 'done', result: timedOut });
    expect(worker.terminated).toBe(false);
    expect(fake.factory).toHaveBeenCalledTimes(1);
  });

  it('does not count time spent loading before the script started', async () => {
    const request = track(client.evaluate(doc, { '1': 1 }, 'en'));
    vi.advanceTimersByTime(20_000);
    fake.current.answer(okResult({ x: 1 }));
    await Promise.resolve();
    expect(request.outcome).toEqual({ status: 'done', result: okResult({ x: 1 }) });
  });

  it('runs the request that waited behind a timed-out one on a fresh worker', async () => {
    client.evaluate(doc, { '1': 1 }, 'en');
    const first = fake.current;
    const waiting = track(client.evaluate(doc, { '1': 2 }, 'en')); // first is still loading
    first.started();
    vi.advanceTimersByTime(5000 + KILL_GRACE_MS + FIRST_CALCULATION_MS);
    expect(first.terminated).toBe(true);
    expect(fake.factory).toHaveBeenCalledTimes(2);
    fake.current.answer(okResult({ x: 2 }));
    await Promise.resolve();
    expect(waiting.outcome).toEqual({ status: 'done', result: okResult({ x: 2 }) });
  });

  it('turns a failed evaluation into an error result', async () => {
    const request = client.evaluate(doc, {}, 'en');
    fake.current.started();
    fake.current.fail('The mathjs library could not be loaded.');
    await expect(request).resolves.toEqual({
      status: 'done',
      result: {
        outputs: null,
        display: null,
        usedInputs: [],
        hiddenInputs: [],
        hiddenOutputs: [],
        error: 'The mathjs library could not be loaded.',
      },
    });
    expect(fake.current.terminated).toBe(false);
  });

  it('turns a worker crashed while calculating into an error result and starts a new one next time', async () => {
    const request = client.evaluate(doc, {}, 'en');
    const crashed = fake.current;
    crashed.started();
    crashed.crash();
    const outcome = await request;
    expect(outcome.status).toBe('done');
    expect(outcome.status === 'done' && outcome.result.error).toBe(
      'Calculation stopped unexpectedly.',
    );
    expect(crashed.terminated).toBe(true);

    const next = client.evaluate(doc, {}, 'en');
    expect(fake.factory).toHaveBeenCalledTimes(2);
    expect(fake.current).not.toBe(crashed);
    fake.current.answer(okResult({ x: 1 }));
    await expect(next).resolves.toMatchObject({ status: 'done', result: { error: null } });
  });

  describe('a page opened on a busy machine (issue 26, item 12)', () => {
    it('keeps a first Math.js calculation running past the time limit, says why the answer is late, and answers the newest request on the same worker', async () => {
      // The page's first calculation, then the language the calculator is pinned to.
      const late: Lateness[] = [];
      const first = track(client.evaluate(withMathjs, { '1': 7 }, 'en'));
      const worker = fake.current;
      worker.started();
      const newest = track(client.evaluate(withMathjs, { '1': 7 }, 'ru', (why) => late.push(why)));

      // Math.js making its functions takes longer than the time limit on a busy machine.
      vi.advanceTimersByTime(5000);
      await Promise.resolve();
      expect(worker.terminated).toBe(false);
      expect(late).toEqual(['loading']);
      vi.advanceTimersByTime(4000);
      await Promise.resolve();
      expect(worker.terminated).toBe(false);
      expect(fake.factory).toHaveBeenCalledTimes(1);

      worker.answer(okResult({ x: 7 }));
      await Promise.resolve();
      expect(first.outcome).toEqual({ status: 'superseded' });
      expect(worker.posted.map((r) => r.locale)).toEqual(['en', 'ru']);
      worker.answer(okResult({ x: 7 }));
      await Promise.resolve();
      expect(newest.outcome).toEqual({ status: 'done', result: okResult({ x: 7 }) });
      expect(fake.factory).toHaveBeenCalledTimes(1);
    });

    it("never restarts a worker's first calculation when a new request comes", async () => {
      const first = track(client.evaluate(doc, { '1': 1 }, 'en'));
      const worker = fake.current;
      worker.started();
      const newest = track(client.evaluate(doc, { '1': 2 }, 'en'));
      await Promise.resolve();
      expect(worker.terminated).toBe(false);
      expect(first.outcome).toEqual({ status: 'superseded' });

      worker.answer(okResult({ x: 1 }));
      worker.answer(okResult({ x: 2 }));
      await Promise.resolve();
      expect(newest.outcome).toEqual({ status: 'done', result: okResult({ x: 2 }) });
      expect(fake.factory).toHaveBeenCalledTimes(1);
    });

    it('says a request waiting for a worker still loading is late after the time limit', async () => {
      const late: Lateness[] = [];
      client.evaluate(withMathjs, { '1': 1 }, 'en');
      const waiting = track(client.evaluate(withMathjs, { '1': 2 }, 'en', (why) => late.push(why)));
      vi.advanceTimersByTime(4999);
      expect(late).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(late).toEqual(['loading']);
      // A newer request is told at once: it waits for the same worker.
      const newest: Lateness[] = [];
      client.evaluate(withMathjs, { '1': 3 }, 'en', (why) => newest.push(why));
      expect(newest).toEqual(['loading']);
      await Promise.resolve();
      expect(waiting.outcome).toEqual({ status: 'superseded' });
      expect(fake.current.terminated).toBe(false);
    });

    it('ends a request as unavailable when the worker could not load, and starts a new worker next time', async () => {
      const request = client.evaluate(withMathjs, { '1': 1 }, 'en');
      const failed = fake.current;
      failed.reply({
        type: 'failed',
        id: failed.last.id,
        message: 'The mathjs library could not be loaded.',
        loading: true,
      });
      await expect(request).resolves.toEqual({ status: 'unavailable' });
      expect(failed.terminated).toBe(true);

      const retry = client.evaluate(withMathjs, { '1': 1 }, 'en');
      expect(fake.factory).toHaveBeenCalledTimes(2);
      fake.current.answer(okResult({ x: 1 }));
      await expect(retry).resolves.toEqual({ status: 'done', result: okResult({ x: 1 }) });
    });

    it('ends a request as unavailable when the worker crashed while loading', async () => {
      const request = client.evaluate(doc, {}, 'en');
      const crashed = fake.current;
      crashed.crash();
      await expect(request).resolves.toEqual({ status: 'unavailable' });
      expect(crashed.terminated).toBe(true);
    });
  });

  it('suspend() stops the worker and supersedes what was asked', async () => {
    const running = track(client.evaluate(doc, {}, 'en'));
    const waiting = track(client.evaluate(doc, { '1': 2 }, 'en'));
    const worker = fake.current;

    client.suspend();
    await Promise.resolve();

    expect(worker.terminated).toBe(true);
    expect(running.outcome).toEqual({ status: 'superseded' });
    expect(waiting.outcome).toEqual({ status: 'superseded' });

    client.evaluate(doc, {}, 'en');
    expect(fake.factory).toHaveBeenCalledTimes(2);
    expect(fake.current.posted).toHaveLength(1);
  });

  it('says at once that a calculation waits for the Intl module, and never stops the worker for it', async () => {
    const late: Lateness[] = [];
    const calculation = track(client.evaluate(doc, { '1': 1 }, 'en', (why) => late.push(why)));
    const worker = fake.current;
    worker.reply({ type: 'waiting', id: worker.last.id });
    expect(late).toEqual(['building']);
    // A newer request waits for the same worker, and is told why at once.
    const newer: Lateness[] = [];
    const newest = track(client.evaluate(doc, { '1': 2 }, 'en', (why) => newer.push(why)));
    expect(newer).toEqual(['building']);
    for (let waited = 0; waited < 60_000; waited += 5000) {
      await vi.advanceTimersByTimeAsync(5000);
      worker.reply({ type: 'waiting', id: worker.posted[0].id });
    }
    expect(worker.terminated).toBe(false);
    expect(late).toEqual(['building']);
    expect(newer).toEqual(['building']);

    worker.answer(okResult({ x: 1 }), worker.posted[0].id);
    await Promise.resolve();
    expect(calculation.outcome).toEqual({ status: 'done', result: okResult({ x: 1 }) });
    worker.answer(okResult({ x: 2 }));
    await Promise.resolve();
    expect(newest.outcome).toEqual({ status: 'done', result: okResult({ x: 2 }) });
    expect(fake.factory).toHaveBeenCalledTimes(1);
  });

  it('tells who listens that a worker loaded the Intl module, and a later listener at once', () => {
    const told: string[] = [];
    const stop = client.onIntlLoaded(() => told.push('first'));
    client.evaluate(doc, {}, 'en');
    fake.current.reply({ type: 'intlLoaded' });
    expect(told).toEqual(['first']);
    stop();
    client.onIntlLoaded(() => told.push('later'));
    expect(told).toEqual(['first', 'later']);
    fake.current.reply({ type: 'intlLoaded' });
    expect(told).toEqual(['first', 'later', 'later']);
  });

  describe('format', () => {
    const formatDoc: CalcDoc = { script: "'use strict';\nreturn { t: [{ v: 1 }] };\n" };
    const formatted = {
      outputs: { t: [{ v: 1 }] },
      display: { t: [{ v: '$1' }] },
      usedInputs: [],
      hiddenInputs: [],
      hiddenOutputs: [],
      error: null,
    };

    it('answers beside a running calculation, which it neither stops nor waits for', async () => {
      const calculation = track(client.evaluate(doc, { '1': 1 }, 'en'));
      const worker = fake.current;
      worker.started();
      const format = client.format(formatDoc, 'ru');
      expect(worker.lastFormat).toMatchObject({ type: 'format', doc: formatDoc, locale: 'ru' });
      worker.reply({ type: 'formatted', id: worker.lastFormat.id, result: formatted });
      await expect(format).resolves.toEqual(formatted);
      expect(worker.terminated).toBe(false);
      expect(calculation.outcome).toBeUndefined();
      worker.answer(okResult({ x: 1 }));
      await vi.waitFor(() => expect(calculation.outcome?.status).toBe('done'));
    });

    it('answers null when the worker is stopped before it answered', async () => {
      const format = client.format(formatDoc, 'en');
      client.suspend();
      await expect(format).resolves.toBeNull();
    });

    it('answers null when a new calculation replaces a busy worker', async () => {
      await warmUp();
      void client.evaluate(doc, { '1': 1 }, 'en');
      fake.current.started();
      const format = client.format(formatDoc, 'en');
      void client.evaluate(doc, { '1': 2 }, 'en');
      await expect(format).resolves.toBeNull();
    });
  });
  describe('runTests', () => {
    const tested: CalcDoc = {
      ...doc,
      tests: [{ name: 'one', values: { '1': 1 }, expected: { x: 1 } }],
    };
    const report = { passed: 1, failed: 0, tests: [{ name: 'one', passed: true }] };

    it("resolves with the worker's report, beside the calculations", async () => {
      const run = client.runTests(tested, 'ru');
      const worker = fake.current;
      expect(worker.tests.at(-1)).toMatchObject({ type: 'runTests', doc: tested, locale: 'ru' });
      worker.answerTests(report);
      await expect(run).resolves.toEqual({ status: 'done', report });
      expect(worker.posted).toHaveLength(0);
    });

    it('supersedes an earlier run still waiting, and says when the engine refused the doc', async () => {
      const first = client.runTests(tested, 'en');
      const second = client.runTests(tested, 'en');
      await expect(first).resolves.toEqual({ status: 'superseded' });
      const worker = fake.current;
      worker.reply({
        type: 'testsFailed',
        id: worker.tests.at(-1)!.id,
        message: 'doc is not a calculator',
      });
      await expect(second).resolves.toEqual({
        status: 'failed',
        message: 'doc is not a calculator',
      });
    });

    it('stops a run that outlasts every test and fails each test with the time-out message', async () => {
      const run = track(client.runTests(tested, 'en') as unknown as Promise<Outcome>);
      const worker = fake.current;
      await vi.advanceTimersByTimeAsync(3 * 1000 * 5 - 1);
      expect(run.outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(worker.terminated).toBe(true);
      expect(run.outcome).toEqual({
        status: 'done',
        report: { passed: 0, failed: 1, tests: [{ name: 'one', passed: false, error: TIMEOUT }] },
      });
    });

    it('gives a run the whole time again each time the worker says it waits for the Intl module', async () => {
      const run = track(client.runTests(tested, 'en') as unknown as Promise<Outcome>);
      const worker = fake.current;
      const id = worker.tests.at(-1)!.id;
      for (let waited = 0; waited < 60_000; waited += 5000) {
        await vi.advanceTimersByTimeAsync(5000);
        worker.reply({ type: 'waiting', id });
      }
      expect(worker.terminated).toBe(false);
      expect(run.outcome).toBeUndefined();
      // Once the module is there, the run has its whole time again, and no more.
      await vi.advanceTimersByTimeAsync(3 * 1000 * 5);
      expect(worker.terminated).toBe(true);
    });

    it('is superseded when the worker is stopped', async () => {
      const run = client.runTests(tested, 'en');
      client.suspend();
      await expect(run).resolves.toEqual({ status: 'superseded' });
    });
  });
});
