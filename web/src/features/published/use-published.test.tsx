import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCalc, savedCalc } from '../../lib/offline/saved-calcs';
import type { CalcDoc, PublishedCalc } from '../../lib/types';
import { fakeCaches } from '../../testing/fake-caches';
import { okResult } from '../../testing/fake-worker';
import { json, stubFetch } from '../../testing/fetch';
import { PublishedCalculator } from './published-calculator';
import { usePublished, type PublishedState } from './use-published';
import { calcClientOnFakeWorkers } from '../../components/calculator/fake-calc-client';

const doc: CalcDoc = {
  name: 'Area',
  script: "'use strict';\n\nreturn { area: inputs.w * inputs.h };\n",
  metaInputs: [
    { id: 1, name: 'w', type: 'number' },
    { id: 2, name: 'h', type: 'number' },
    { id: 3, name: 'round', type: 'binary' },
  ],
  metaOutputs: [{ id: 1, name: 'area', type: 'value' }],
  defaults: { '1': 2, '2': 3 },
};

const published = (extra: Partial<PublishedCalc> = {}): PublishedCalc => ({
  doc,
  doc_style: {},
  error: null,
  result: okResult({ area: 6 }, ['w', 'h']),
  ...extra,
});

const fake = calcClientOnFakeWorkers();

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

async function load(calc: PublishedCalc | Response): Promise<PublishedState> {
  const { calls } = stubFetch(() => (calc instanceof Response ? calc : json(200, calc)));
  const { result } = renderHook(() => usePublished('AbCdEfGh12345678'));
  expect(result.current).toEqual({ status: 'loading' });
  await waitFor(() => expect(result.current.status).not.toBe('loading'));
  expect(calls).toEqual([{ method: 'GET', path: '/api/calc/AbCdEfGh12345678', body: undefined }]);
  return result.current;
}

describe('usePublished', () => {
  it("without a hash starts from the defaults and the server's result", async () => {
    const state = await load(published());
    expect(state).toMatchObject({
      status: 'ready',
      values: { '1': 2, '2': 3, '3': false },
      initial: okResult({ area: 6 }, ['w', 'h']),
    });
  });

  it('with a hash merges its values over the defaults and waits for a live result', async () => {
    window.history.replaceState(null, '', `/calc/x#${encodeURIComponent('{"2":10,"3":true}')}`);
    const state = await load(published());
    expect(state).toMatchObject({
      status: 'ready',
      values: { '1': 2, '2': 10, '3': true },
      initial: null,
    });
  });

  it('clamps a slider, refuses a non-number and ignores unknown ids from the hash', async () => {
    const sliderDoc: CalcDoc = {
      ...doc,
      metaInputs: [
        { id: 1, name: 'w', type: 'number', presentationType: 'slider', sliderMax: 2000 },
        { id: 2, name: 'h', type: 'number' },
      ],
    };
    window.history.replaceState(
      null,
      '',
      `/calc/x#${encodeURIComponent('{"1":5000,"2":"abc","77":1}')}`,
    );
    const state = await load(published({ doc: sliderDoc }));
    expect(state).toMatchObject({
      status: 'ready',
      values: { '1': 2000, '2': 3 },
      refused: { '2': 'abc' },
    });
    expect(state.status === 'ready' && Object.keys(state.values)).toEqual(['1', '2']);
  });

  it('opens on the step the hash names, if it names one', async () => {
    window.history.replaceState(null, '', `/calc/x#${encodeURIComponent('{"2":10,"step":"s2"}')}`);
    expect(await load(published())).toMatchObject({ values: { '2': 10 }, step: 's2' });
  });

  it('opens on no step without a hash', async () => {
    expect(await load(published())).toMatchObject({ step: null });
  });

  it('ignores a hash with bad JSON', async () => {
    window.history.replaceState(null, '', '/calc/x#{"2":');
    const state = await load(published());
    expect(state).toMatchObject({ values: { '1': 2, '2': 3, '3': false } });
    expect(state.status === 'ready' && state.initial).toEqual(okResult({ area: 6 }, ['w', 'h']));
  });

  it("shows the server's error as the initial result", async () => {
    const state = await load(
      published({ error: 'Multiple outputs have name "area".', result: null }),
    );
    expect(state.status === 'ready' && state.initial).toEqual({
      outputs: null,
      display: null,
      usedInputs: [],
      error: 'Multiple outputs have name "area".',
      hiddenInputs: [],
      hiddenOutputs: [],
    });
  });

  it('reports a calculator that is missing or private', async () => {
    const state = await load(json(404, { message: 'Not found.' }));
    expect(state).toMatchObject({ status: 'failed', notFound: true });
  });

  it('reports other failures with Oops, an error.', async () => {
    const state = await load(json(500));
    expect(state).toEqual({ status: 'failed', notFound: false, message: 'Oops, an error.' });
  });

  it('starts the worker while the calculator loads', async () => {
    await load(published());
    expect(fake.factory).toHaveBeenCalledTimes(1);
  });
});

describe('usePublished on /calc/{id} (kept for offline use)', () => {
  const ID = 'AbCdEfGh12345678';
  const noNetwork = () => {
    throw new TypeError('Failed to fetch');
  };

  beforeEach(() => {
    fakeCaches();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const open = () => renderHook(() => usePublished(ID, { offline: true })).result;
  const savedAtOf = (state: PublishedState) => (state.status === 'ready' ? state.savedAt : 'n/a');

  it('saves a calculator a signed-out visitor loads', async () => {
    stubFetch(() => json(200, published()));
    const result = open();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(savedAtOf(result.current)).toBeUndefined();
    await waitFor(async () => expect((await savedCalc(ID))?.calc.doc.name).toBe('Area'));
  });

  it('without a network shows the saved copy, marked as such', async () => {
    await saveCalc({ ...published(), _id: ID }, false, new Date('2026-11-27T08:00:00Z'));
    stubFetch(noNetwork);
    const result = open();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({
      status: 'ready',
      savedAt: '2026-11-27T08:00:00.000Z',
      values: { '1': 2, '2': 3, '3': false },
      initial: okResult({ area: 6 }, ['w', 'h']),
    });
  });

  it("shows the server's newer calculator once the network is back, and saves it", async () => {
    await saveCalc({ ...published(), _id: ID }, false);
    let online = false;
    const newer = published({ doc: { ...doc, name: 'Area v2' } });
    stubFetch(() => (online ? json(200, newer) : noNetwork()));
    const result = open();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.status === 'ready' && result.current.savedAt).toBeTruthy();

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current).toMatchObject({ version: 1, calc: newer }));
    expect(savedAtOf(result.current)).toBeUndefined();
    await waitFor(async () => expect((await savedCalc(ID))?.calc.doc.name).toBe('Area v2'));
  });

  it('keeps the saved copy on screen, unmarked, when the server has the same one', async () => {
    await saveCalc({ ...published(), _id: ID }, false);
    let online = false;
    stubFetch(() => (online ? json(200, published()) : noNetwork()));
    const result = open();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(savedAtOf(result.current)).toBeUndefined());
    expect(result.current).toMatchObject({ version: 0, calc: published() });
  });

  it('drops the saved copy once back online if the calculator is gone', async () => {
    await saveCalc({ ...published(), _id: ID }, false);
    let online = false;
    stubFetch(() => (online ? json(404, { message: 'Not found.' }) : noNetwork()));
    const result = open();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'failed', notFound: true }));
    await waitFor(async () => expect(await savedCalc(ID)).toBeNull());
  });

  it('says so when offline with no saved copy', async () => {
    stubFetch(noNetwork);
    const result = open();
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current).toMatchObject({ status: 'failed', offline: true, notFound: false });
  });

  it('forgets the saved copy of a calculator that is gone or private now', async () => {
    await saveCalc({ ...published(), _id: ID }, false);
    stubFetch(() => json(404, { message: 'Not found.' }));
    const result = open();
    await waitFor(() => expect(result.current.status).toBe('failed'));
    await waitFor(async () => expect(await savedCalc(ID)).toBeNull());
  });

  it('an embed neither saves nor falls back to a saved copy', async () => {
    await saveCalc({ ...published(), _id: ID }, false);
    stubFetch(noNetwork);
    const { result } = renderHook(() => usePublished(ID));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current).toEqual({
      status: 'failed',
      notFound: false,
      message: 'Oops, an error.',
    });
  });
});

describe('PublishedCalculator', () => {
  it("shows the server's outputs at once, then the live ones", async () => {
    const calc = published();
    render(<PublishedCalculator calc={calc} values={{ '1': 2, '2': 3 }} initial={calc.result!} />);
    expect(document.querySelector('[data-output="area"]')).toHaveTextContent('6');
    expect(fake.current.last.values).toEqual({ '1': 2, '2': 3 });

    await act(async () => fake.current.answer(okResult({ area: 'live 6' }, ['w', 'h'])));
    expect(document.querySelector('[data-output="area"]')).toHaveTextContent('live 6');
  });

  it('tells the visitor at the input that a value from the link was refused', async () => {
    const calc = published();
    render(
      <PublishedCalculator
        calc={calc}
        values={{ '1': 2, '2': 3 }}
        initial={null}
        refused={{ '2': 'abc' }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The link gave “abc”, which this input cannot take; the default is used.',
    );
  });

  it("shows a published calculator's error", () => {
    const calc = published({ error: 'Output "t" must be an array, null, or undefined.' });
    const initial = {
      outputs: null,
      display: null,
      usedInputs: [],
      error: calc.error ?? null,
      hiddenInputs: [],
      hiddenOutputs: [],
    };
    render(<PublishedCalculator calc={calc} values={{}} initial={initial} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Output "t" must be an array, null, or undefined.',
    );
  });
});
