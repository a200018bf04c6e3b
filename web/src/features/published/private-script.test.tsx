// A published calculator whose script is private (`doc.privateScript`, no `script`): the
// server calculates it through `POST /api/calc/{id}/eval`, debounced; a busy server is
// said politely with a retry; the worker, What if… and offline copies are not used.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc, PublishedCalc } from '../../lib/types';
import { okResult } from '../../testing/fake-worker';
import { json, stubFetch, type FetchCall } from '../../testing/fetch';
import { PublishedCalculator } from './published-calculator';
import { calcClientOnFakeWorkers } from '../../components/calculator/fake-calc-client';

const ID = 'AbCdEfGh12345678';
const EVAL = `/api/calc/${ID}/eval`;
const NOTE =
  'Its author keeps this calculator’s formulas private: it calculates on the server, so it does not work offline and has no What if… tools or export.';
const BUSY = 'The server is busy calculating right now. Please try again in a few seconds.';

const doc: CalcDoc = {
  name: 'Margin',
  privateScript: true,
  explore: true,
  metaInputs: [{ id: 1, name: 'a', type: 'number' }],
  metaOutputs: [{ id: 1, name: 'x', type: 'value' }],
  defaults: { '1': 21 },
};
const calc: PublishedCalc = {
  doc,
  doc_style: {},
  error: null,
  result: okResult({ x: 64 }, ['a']),
};

const fake = calcClientOnFakeWorkers();

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers each eval with `x = 3a + 1`, or with `refuse` while it gives a response. */
function server(refuse: (call: FetchCall) => Response | null = () => null) {
  return stubFetch((call) => {
    const refused = refuse(call);
    if (refused) return refused;
    const a = Number((call.body as { values: Record<string, number> }).values['1']);
    return json(200, okResult({ x: 3 * a + 1 }, ['a']));
  });
}

const output = () => document.querySelector('[data-output="x"]');
const evals = (calls: FetchCall[]) => calls.filter((call) => call.path === EVAL);

function show() {
  render(
    <PublishedCalculator calc={calc} values={{ '1': 21 }} initial={calc.result!} calcId={ID} />,
  );
}

describe('a published calculator with a private script', () => {
  it("shows the server's result, then asks the server, never the worker", async () => {
    const { calls } = server();
    show();
    expect(output()).toHaveTextContent('64');
    await waitFor(() => expect(evals(calls)).toHaveLength(1));
    expect(evals(calls)[0]).toEqual({
      method: 'POST',
      path: EVAL,
      body: { values: { '1': 21 }, locale: 'en' },
    });
    expect(fake.workers.every((worker) => worker.posted.length === 0)).toBe(true);
  });

  it('sends the values once they rest, and shows the answer', async () => {
    const { calls } = server();
    show();
    await waitFor(() => expect(evals(calls)).toHaveLength(1));
    const input = screen.getByLabelText('a');
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.change(input, { target: { value: '10' } });
    await waitFor(() => expect(output()).toHaveTextContent('31'));
    expect(evals(calls).map((call) => call.body)).toEqual([
      { values: { '1': 21 }, locale: 'en' },
      { values: { '1': 10 }, locale: 'en' },
    ]);
  });

  it('says politely when the server is busy, and tries again when asked', async () => {
    let busy = true;
    const { calls } = server(() =>
      busy ? json(503, { message: 'The server is busy calculating.' }) : null,
    );
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(BUSY);
    busy = false;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(evals(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(output()).toHaveTextContent('64');
  });

  it("shows a valid-when rule's message under its input, as the server's 400 names it", async () => {
    const TOO_SMALL = 'must be 5 or more';
    const { calls } = server((call) => {
      const a = Number((call.body as { values: Record<string, number> }).values['1']);
      return a < 5
        ? json(400, {
            message: `a: ${TOO_SMALL}`,
            error: `a: ${TOO_SMALL}`,
            invalid: { a: TOO_SMALL },
          })
        : null;
    });
    show();
    await waitFor(() => expect(evals(calls)).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('a'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByLabelText('a')).toHaveAccessibleDescription(TOO_SMALL));
    expect(screen.getByText('Fix the highlighted fields to see the results.')).toBeVisible();
    expect(screen.queryByText(`a: ${TOO_SMALL}`)).toBeNull();
  });

  it('says why it has no What if… tools, offline use or export, though its author lets visitors explore', async () => {
    const { calls } = server();
    show();
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    await waitFor(() => expect(evals(calls)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'What if…' })).toBeNull();
  });
});
