import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbedHandle } from './handle';
import { seededRandom } from '../../testing/random';

const ID = 'AbCdEfGh12345678';
const CALCSMITH = 'https://calc.example';
const RESULT = { outputs: { x: 2 }, display: { x: '2.00' }, error: null };

/** A handle over a frame in this page, with what it posts to the frame recorded. */
function setUp() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const own = frame.contentWindow!;
  const posted = vi.spyOn(own, 'postMessage').mockImplementation(() => {});
  const heights: number[] = [];
  const handle = new EmbedHandle(ID, frame, CALCSMITH, (height) => heights.push(height));
  const from = (data: unknown, origin = CALCSMITH, source: unknown = own) =>
    handle.receive({ data, origin, source: source as MessageEventSource });
  const message = (type: string, fields: Record<string, unknown> = {}) => ({
    calcsmith: 1,
    id: ID,
    type,
    ...fields,
  });
  const ready = () =>
    from(message('ready', { name: 'Loan', values: { amount: 1000 }, result: RESULT }));
  return { frame, own, posted, heights, handle, from, message, ready };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('a Calcsmith handle', () => {
  it('says hello to the Calcsmith origin when its frame has loaded', () => {
    const page = setUp();
    page.from(page.message('loaded'));
    expect(page.posted).toHaveBeenCalledWith({ calcsmith: 1, id: ID, type: 'hello' }, CALCSMITH);
  });

  it('keeps what the frame reports and tells its listeners', async () => {
    const page = setUp();
    const events: unknown[] = [];
    page.handle.on('ready', (detail) => events.push(['ready', detail]));
    page.handle.on('result', (detail) => events.push(['result', detail]));
    page.handle.on('error', (detail) => events.push(['error', detail]));
    page.handle.on('submit', (detail) => events.push(['submit', detail]));
    expect(page.handle.getValues()).toBeNull();
    expect(page.handle.getResult()).toBeNull();

    page.ready();
    expect(page.frame.title).toBe('Loan');
    expect(page.handle.getValues()).toEqual({ amount: 1000 });
    expect(page.handle.getResult()).toEqual(RESULT);
    const next = { outputs: { x: 4 }, display: { x: '4.00' }, error: null };
    page.from(page.message('result', { result: next }));
    page.from(page.message('error', { error: { code: 'calculation', message: 'Oops' } }));
    page.from(page.message('submit', { values: { amount: 2 } }));
    page.from(page.message('height', { height: 512.2 }));
    page.from({ type: 'calcsmith:height', id: ID, height: 300 });
    expect(page.handle.getResult()).toEqual(next);
    expect(events).toEqual([
      ['ready', { values: { amount: 1000 }, result: RESULT }],
      ['result', next],
      ['error', { code: 'calculation', message: 'Oops' }],
      ['submit', { values: { amount: 2 } }],
    ]);
    expect(page.heights).toEqual([513, 300]);

    // A late `ready` listener is told at once, asynchronously.
    const late = vi.fn();
    page.handle.on('ready', late);
    expect(late).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(late).toHaveBeenCalledWith({ values: { amount: 1000 }, result: next });
  });

  it('sends what was asked before the frame was ready once it is, and resolves with the values', async () => {
    const page = setUp();
    const set = page.handle.setValues({ amount: 5 });
    const reset = page.handle.reset();
    expect(page.posted).not.toHaveBeenCalled();
    page.ready();
    expect(page.posted.mock.calls).toEqual([
      [{ calcsmith: 1, id: ID, type: 'setValues', values: { amount: 5 }, request: 1 }, CALCSMITH],
      [{ calcsmith: 1, id: ID, type: 'reset', request: 2 }, CALCSMITH],
    ]);
    page.from(page.message('values', { values: { amount: 5 }, request: 1 }));
    page.from(page.message('values', { values: { amount: 1000 }, request: 2 }));
    await expect(set).resolves.toEqual({ amount: 5 });
    await expect(reset).resolves.toEqual({ amount: 1000 });
    expect(page.handle.getValues()).toEqual({ amount: 1000 });

    const focus = vi.spyOn(page.frame, 'focus');
    page.handle.focus();
    expect(focus).toHaveBeenCalled();
    expect(page.posted).toHaveBeenLastCalledWith(
      { calcsmith: 1, id: ID, type: 'focus' },
      CALCSMITH,
    );
  });

  it('refuses what it cannot send, and events it does not have', async () => {
    const page = setUp();
    await expect(page.handle.setValues([1] as unknown as Record<string, unknown>)).rejects.toThrow(
      'Calcsmith: setValues takes an object of values by input name.',
    );
    await expect(page.handle.setValues({ amount: () => 5 })).rejects.toThrow();
    for (const event of ['change', '__proto__', 'toString']) {
      expect(() => page.handle.on(event as 'ready', () => {})).toThrow(
        `Calcsmith: no event "${event}" (ready, result, error, submit).`,
      );
    }
  });

  it('keeps telling the other listeners when one throws', () => {
    const page = setUp();
    vi.stubGlobal('reportError', () => {});
    const after = vi.fn();
    page.handle.on('result', () => {
      throw new Error('the host page’s own bug');
    });
    page.handle.on('result', after);
    page.from(page.message('result', { result: RESULT }));
    expect(after).toHaveBeenCalledWith(RESULT);
    vi.unstubAllGlobals();
  });

  it('stops telling a listener once removed', () => {
    const page = setUp();
    const listener = vi.fn();
    const off = page.handle.on('result', listener);
    off();
    page.from(page.message('result', { result: RESULT }));
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('a Calcsmith handle, given junk', () => {
  it('ignores thousands of messages from other windows, origins, versions, ids and shapes', () => {
    const page = setUp();
    page.ready();
    page.posted.mockClear();
    const listener = vi.fn();
    for (const event of ['ready', 'result', 'error', 'submit'] as const)
      page.handle.on(event, listener);
    const other = document.createElement('iframe');
    document.body.append(other);
    const next = seededRandom(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const valid = [
      page.message('result', { result: { outputs: { x: 666 }, display: null, error: null } }),
      page.message('values', { values: { amount: 666 }, request: 1 }),
      page.message('error', { error: { code: 'calculation', message: 'forged' } }),
      page.message('submit', { values: { amount: 666 } }),
      page.message('ready', { values: { amount: 666 }, result: null }),
      page.message('height', { height: 666 }),
      page.message('loaded'),
      { type: 'calcsmith:height', id: ID, height: 666 },
    ];
    const junk = [
      null,
      'result',
      [],
      { ...valid[0], calcsmith: 2 },
      { ...valid[0], calcsmith: '1' },
      { ...valid[0], id: 'AbCdEfGh12345679' },
      page.message('result', { result: { outputs: 'x', display: null, error: null } }),
      page.message('result', { result: { outputs: null, display: null, error: 5 } }),
      page.message('values', { values: [666] }),
      page.message('error', { error: { code: 'other', message: 'forged' } }),
      page.message('error', { error: 'forged' }),
      page.message('height', { height: -1 }),
      page.message('height', { height: 1e9 }),
      page.message('height', { height: '666' }),
      page.message('ready', { values: null, result: null }),
      JSON.parse('{"__proto__": {"calcsmith": 1, "id": "AbCdEfGh12345678", "type": "loaded"}}'),
    ];
    const strangers = [null, window, other.contentWindow];
    const origins = [
      'https://evil.example',
      'http://calc.example',
      'https://calc.example.evil',
      'null',
    ];
    for (let round = 0; round < 3000; round++) {
      const way = Math.floor(next() * 3);
      if (way === 0) page.from(pick(junk));
      else if (way === 1) page.from(pick(valid), CALCSMITH, pick(strangers));
      else page.from(pick(valid), pick(origins));
    }
    expect(listener).not.toHaveBeenCalled();
    expect(page.posted).not.toHaveBeenCalled();
    expect(page.heights).toEqual([]);
    expect(page.handle.getValues()).toEqual({ amount: 1000 });
    expect(page.handle.getResult()).toEqual(RESULT);
  });
});
