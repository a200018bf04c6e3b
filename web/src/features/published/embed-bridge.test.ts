import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalcsmithResult } from '../../../public/embed';
import type { CalcDoc } from '../../lib/types';
import { createEmbedBridge, forgetHost, reportHeight, type Incoming } from './embed-bridge';
import { seededRandom } from '../../testing/random';

const ID = 'AbCdEfGh12345678';
const HOST = 'https://shop.example';

const loanDoc = (fields: Partial<CalcDoc> = {}): CalcDoc => ({
  name: 'Loan',
  script: 'return {};',
  metaInputs: [
    { id: 1, name: 'amount', type: 'number' },
    {
      id: 2,
      name: 'plan',
      type: 'choice',
      choices: [
        { id: 1, label: 'Basic', value: 'basic' },
        { id: 2, label: 'Plus', value: 'plus' },
      ],
    },
    {
      id: 3,
      name: 'items',
      type: 'list',
      metaInputs: [{ id: 1, name: 'qty', type: 'number' }],
    },
    { id: 4, name: 'note', type: 'string' },
  ],
  defaults: { '1': 1000, '2': 'basic', '3': [], '4': '' },
  ...fields,
});

const RESULT: CalcsmithResult = { outputs: { x: 2 }, display: { x: '2.00' }, error: null };

/** A bridge over a page whose parent is `parent`, with its posts and values recorded. */
function setUp(doc = loanDoc()) {
  const parent = { name: 'the parent window' } as unknown as Window;
  let values: Record<string, unknown> = { '1': 1000, '2': 'basic', '3': [], '4': '' };
  let result: CalcsmithResult | null = RESULT;
  const posts: { message: Record<string, unknown>; origin: string }[] = [];
  const shown: Record<string, unknown>[] = [];
  const focus = vi.fn();
  const bridge = createEmbedBridge({
    calcId: ID,
    doc,
    parent,
    post: (message, origin) => posts.push({ message: message as Record<string, unknown>, origin }),
    values: () => values,
    result: () => result,
    setValues: (next) => {
      values = next;
      shown.push(next);
    },
    defaults: () => ({ '1': 1000, '2': 'basic', '3': [], '4': '' }),
    focus,
  });
  const from = (data: unknown, origin = HOST, source: unknown = parent): Incoming => ({
    data,
    origin,
    source: source as MessageEventSource,
  });
  const send = (data: unknown, origin = HOST, source: unknown = parent) =>
    bridge.receive(from(data, origin, source));
  const message = (type: string, fields: Record<string, unknown> = {}) => ({
    calcsmith: 1,
    id: ID,
    type,
    ...fields,
  });
  return {
    bridge,
    parent,
    posts,
    shown,
    focus,
    send,
    message,
    values: () => values,
    setResult: (next: CalcsmithResult | null) => (result = next),
    hello: (origin = HOST) => send(message('hello'), origin),
  };
}

afterEach(() => forgetHost());

describe('the embed frame’s bridge', () => {
  it('answers its parent’s hello with the name, values by name and result, to that origin', () => {
    const page = setUp();
    page.hello();
    expect(page.posts).toEqual([
      {
        origin: HOST,
        message: {
          calcsmith: 1,
          id: ID,
          type: 'ready',
          name: 'Loan',
          values: { amount: 1000, plan: 'basic', items: [], note: '' },
          result: RESULT,
        },
      },
    ]);
    expect(page.bridge.host()).toBe(HOST);
  });

  it('sets a host’s values by name as a link’s: refusals named in an error, the rest shown', () => {
    const page = setUp();
    page.hello();
    page.send(
      page.message('setValues', {
        values: { amount: '2500', plan: 'gold', nope: 1, items: [{ qty: 2 }, { qty: 'x' }] },
        request: 7,
      }),
    );
    expect(page.shown).toEqual([{ '1': 2500, '2': 'basic', '3': [], '4': '' }]);
    expect(page.posts.slice(1)).toEqual([
      {
        origin: HOST,
        message: {
          calcsmith: 1,
          id: ID,
          type: 'error',
          request: 7,
          error: {
            code: 'refused',
            message: 'These values were refused: nope, plan, items.',
            inputs: ['nope', 'plan', 'items'],
          },
        },
      },
      {
        origin: HOST,
        message: {
          calcsmith: 1,
          id: ID,
          type: 'values',
          request: 7,
          values: { amount: 2500, plan: 'basic', items: [], note: '' },
        },
      },
    ]);
  });

  it('reads a list’s items by their fields’ names, both ways', () => {
    const page = setUp();
    page.hello();
    page.send(
      page.message('setValues', { values: { items: [{ qty: 2 }, { qty: 3 }] }, request: 1 }),
    );
    expect(page.values()['3']).toEqual([{ '1': 2 }, { '1': 3 }]);
    expect(page.posts.at(-1)?.message.values).toEqual({
      amount: 1000,
      plan: 'basic',
      items: [{ qty: 2 }, { qty: 3 }],
      note: '',
    });
  });

  it('resets to the author’s defaults and focuses the first field when asked', () => {
    const page = setUp();
    page.hello();
    page.send(page.message('setValues', { values: { amount: 5 }, request: 1 }));
    page.send(page.message('reset', { request: 2 }));
    expect(page.values()).toEqual({ '1': 1000, '2': 'basic', '3': [], '4': '' });
    expect(page.posts.at(-1)).toMatchObject({
      origin: HOST,
      message: { type: 'values', request: 2 },
    });
    page.send(page.message('focus'));
    expect(page.focus).toHaveBeenCalledTimes(1);
  });

  it('tells the host each new result once, and a calculation’s error as an error', () => {
    const page = setUp();
    page.hello();
    page.bridge.update();
    expect(page.posts).toHaveLength(1);
    page.setResult({ outputs: null, display: null, error: 'Division by zero' });
    page.bridge.update();
    page.bridge.update();
    expect(page.posts.slice(1).map((post) => post.message)).toEqual([
      {
        calcsmith: 1,
        id: ID,
        type: 'result',
        result: { outputs: null, display: null, error: 'Division by zero' },
      },
      {
        calcsmith: 1,
        id: ID,
        type: 'error',
        error: { code: 'calculation', message: 'Division by zero' },
      },
    ]);
    page.bridge.submitted({ '1': 3 });
    expect(page.posts.at(-1)?.message).toMatchObject({ type: 'submit', values: { amount: 3 } });
  });

  it('does nothing for a host that has not said hello', () => {
    const page = setUp();
    page.send(page.message('setValues', { values: { amount: 5 }, request: 1 }));
    page.send(page.message('reset', { request: 2 }));
    page.send(page.message('focus'));
    page.bridge.update();
    page.bridge.submitted({ '1': 3 });
    expect(page.posts).toEqual([]);
    expect(page.shown).toEqual([]);
    expect(page.focus).not.toHaveBeenCalled();
  });

  it('answers only the sites the doc’s embedDomains allow', () => {
    const page = setUp(loanDoc({ embedDomains: ['shop.example', 'http://127.0.0.1:5174'] }));
    page.hello('https://evil.example');
    page.hello('http://shop.example');
    page.hello('null');
    expect(page.posts).toEqual([]);
    page.hello('http://127.0.0.1:5174');
    expect(page.posts.map((post) => post.origin)).toEqual(['http://127.0.0.1:5174']);
    page.hello(HOST);
    expect(page.posts.map((post) => post.origin)).toEqual(['http://127.0.0.1:5174', HOST]);
  });

  it('ignores another origin once a host has said hello, even from the parent', () => {
    const page = setUp();
    page.hello();
    page.send(
      page.message('setValues', { values: { amount: 5 }, request: 1 }),
      'https://evil.example',
    );
    page.send(page.message('focus'), 'https://evil.example');
    expect(page.posts).toHaveLength(1);
    expect(page.shown).toEqual([]);
    expect(page.focus).not.toHaveBeenCalled();
  });

  it('refuses prototype keys and huge values, and changes nothing for them', () => {
    const page = setUp();
    page.hello();
    const hostile = JSON.parse(
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "toString": 1}',
    );
    page.send(page.message('setValues', { values: hostile, request: 1 }));
    expect(page.posts[1].message.error).toEqual({
      code: 'refused',
      message: 'These values were refused: __proto__, constructor, toString.',
      inputs: ['__proto__', 'constructor', 'toString'],
    });
    page.send(page.message('setValues', { values: { note: 'x'.repeat(200_000) }, request: 2 }));
    expect(page.posts.at(-2)?.message.error).toEqual({
      code: 'refused',
      message: 'The values are too large.',
      inputs: [],
    });
    const cycle: Record<string, unknown> = { note: 'x' };
    cycle.self = cycle;
    for (const values of [{ amount: BigInt(5) }, cycle]) {
      page.send(page.message('setValues', { values, request: 3 }));
      expect(page.posts.at(-2)?.message.error).toEqual({
        code: 'refused',
        message: 'The values are not JSON data.',
        inputs: [],
      });
    }
    expect(page.shown).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(page.posts.every((post) => post.origin === HOST)).toBe(true);
  });
});

const JUNK: unknown[] = [
  null,
  undefined,
  0,
  NaN,
  '',
  'hello',
  '{"calcsmith":1}',
  [],
  [1, 2],
  {},
  { type: 'hello' },
  { calcsmith: '1', id: ID, type: 'hello' },
  { calcsmith: 2, id: ID, type: 'hello' },
  { calcsmith: 1, id: 'AbCdEfGh12345679', type: 'hello' },
  { calcsmith: 1, id: ID.toLowerCase(), type: 'hello' },
  { calcsmith: 1, id: ID, type: 'HELLO' },
  { calcsmith: 1, id: ID, type: 'setValues', values: { amount: 5 } },
  { calcsmith: 1, id: ID, type: 'setValues', values: [5], request: 1 },
  { calcsmith: 1, id: ID, type: 'setValues', values: 'amount=5', request: 1 },
  { calcsmith: 1, id: ID, type: 'setValues', values: { amount: 5 }, request: -1 },
  { calcsmith: 1, id: ID, type: 'setValues', values: { amount: 5 }, request: 1.5 },
  { calcsmith: 1, id: ID, type: 'setValues', values: new Date(), request: 1 },
  { calcsmith: 1, id: ID, type: 'reset' },
  { calcsmith: 1, id: ID, type: 'ready', values: {}, result: null },
  { calcsmith: 1, id: ID, type: '__proto__' },
  { calcsmith: 1, id: ID, type: 'constructor' },
  { type: 'calcsmith:height', id: ID, height: 5 },
  JSON.parse('{"__proto__": {"calcsmith": 1, "id": "AbCdEfGh12345678", "type": "hello"}}'),
];

describe('the embed frame’s bridge, given junk', () => {
  it('changes nothing and tells nobody, for thousands of hostile shapes, sources and origins', () => {
    const page = setUp(loanDoc({ embedDomains: ['shop.example'] }));
    const next = seededRandom(32);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const strangers = [null, window, {}, { postMessage: () => {} }];
    const origins = [
      'https://evil.example',
      'http://shop.example',
      'https://shop.example.evil',
      'null',
      '',
    ];
    for (let round = 0; round < 3000; round++) {
      const valid = page.message(pick(['hello', 'setValues', 'reset', 'focus']), {
        values: { amount: Math.floor(next() * 100) },
        request: round,
      });
      // Each round is wrong in at least one way: its shape, its source or its origin.
      const way = Math.floor(next() * 3);
      if (way === 0) page.send(pick(JUNK), pick([HOST, ...origins]));
      else if (way === 1) page.send(valid, HOST, pick(strangers));
      else page.send(valid, pick(origins));
    }
    page.bridge.update();
    expect(page.posts).toEqual([]);
    expect(page.shown).toEqual([]);
    expect(page.focus).not.toHaveBeenCalled();
    expect(page.bridge.host()).toBeNull();
  });

  it('keeps the values for every value a link could not set, and answers only the host', () => {
    const page = setUp();
    page.hello();
    const next = seededRandom(7);
    const refusable = [
      { amount: 'ten' },
      { amount: Infinity },
      { amount: {} },
      { amount: [1] },
      { plan: 'gold' },
      { plan: { value: 'basic' } },
      { items: 'many' },
      { items: [1, 2] },
      { items: [{ qty: 'x' }] },
      { note: 5 },
      { note: null, amount: 'x' },
      { unknown: 1 },
    ];
    for (let round = 0; round < 500; round++) {
      const values = refusable[Math.floor(next() * refusable.length)];
      page.send(page.message('setValues', { values, request: round }));
    }
    expect(
      page.shown.every((shown) => JSON.stringify(shown) === JSON.stringify(page.values())),
    ).toBe(true);
    // Only `note: null` could be taken (a string input may be empty), nothing else.
    expect(page.values()).toMatchObject({ '1': 1000, '2': 'basic', '3': [] });
    expect(page.posts.every((post) => post.origin === HOST)).toBe(true);
    expect(page.posts.filter((post) => post.message.type === 'error')).toHaveLength(500);
  });
});

describe('reportHeight', () => {
  it('uses the old message to any parent until a host says hello, then only that host', () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    reportHeight(parent, ID, 321);
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      { type: 'calcsmith:height', id: ID, height: 321 },
      '*',
    );
    const page = setUp();
    page.hello();
    reportHeight(parent, ID, 400);
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      { calcsmith: 1, id: ID, type: 'height', height: 400 },
      HOST,
    );
  });
});
