// <calcsmith-calculator> in jsdom on stand-in workers: its attributes, methods and events.
// (The real engine, Shadow DOM styles and theming are checked in Chromium: e2e/element.spec.ts.)
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc } from '../lib/types';
import { fakeWorkers, okResult } from '../testing/fake-worker';
import { CalcsmithCalculatorElement } from './calcsmith-calculator';

const fake = fakeWorkers();

class TestCalculator extends CalcsmithCalculatorElement {
  protected override createWorker(): Worker {
    return fake.factory();
  }
}
customElements.define('test-calculator', TestCalculator);

const doc: CalcDoc = {
  name: 'Double',
  script: "'use strict';\nreturn { x: inputs.a * 2 };\n",
  metaInputs: [
    { id: 1, name: 'a', type: 'number' },
    { id: 2, name: 'mode', type: 'choice', choices: [{ id: 1, label: 'Fast', value: 'fast' }] },
  ],
  metaOutputs: [{ id: 1, name: 'x', type: 'value' }],
  defaults: { '1': 3, '2': 'fast' },
};

let element: TestCalculator;

async function mount(attributes: Record<string, string>): Promise<TestCalculator> {
  const made = document.createElement('test-calculator') as TestCalculator;
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  await act(async () => document.body.append(made));
  return made;
}

/** Everything the element said, as `name: detail` in order. */
function record(target: TestCalculator): { name: string; detail: unknown }[] {
  const heard: { name: string; detail: unknown }[] = [];
  for (const name of ['ready', 'result', 'error', 'submit'] as const) {
    target.on(name, (detail) => heard.push({ name, detail }));
  }
  return heard;
}

const shadow = () => element.shadowRoot as ShadowRoot;
const field = (name: string) =>
  Array.from(shadow().querySelectorAll('label')).find((label) => label.textContent === name)
    ?.control as HTMLInputElement | undefined;

beforeEach(() => {
  fake.workers.length = 0;
  fake.factory.mockClear();
});

afterEach(async () => {
  await act(async () => document.body.replaceChildren());
  vi.unstubAllGlobals();
});

describe('<calcsmith-calculator>', () => {
  it('renders the doc attribute’s calculator in its shadow root, not in the page', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    expect(field('a')?.value).toBe('3');
    expect(shadow().querySelector('[data-output="x"] dt')?.textContent).toBe('x');
    expect(document.querySelector('.calculator')).toBeNull();
    expect(fake.current.last.values).toEqual({ '1': 3, '2': 'fast' });
  });

  it('tells ready once with the values and first result, then result on each new one', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    const heard = record(element);
    await act(async () => fake.current.answer(okResult({ x: 6 })));
    const six = { outputs: { x: 6 }, display: { x: '6' }, error: null };
    expect(heard).toEqual([
      { name: 'ready', detail: { values: { a: 3, mode: 'fast' }, result: six } },
      { name: 'result', detail: six },
    ]);
    expect(shadow().querySelector('[data-output="x"] dd')?.textContent).toBe('6');

    await act(async () => element.setValues({ a: 5 }));
    await act(async () => fake.current.answer(okResult({ x: 10 })));
    expect(heard.slice(2)).toEqual([
      { name: 'result', detail: { outputs: { x: 10 }, display: { x: '10' }, error: null } },
    ]);
    expect(element.getResult()).toEqual({ outputs: { x: 10 }, display: { x: '10' }, error: null });
  });

  it('also dispatches each event as a bubbling, composed DOM event calcsmith:<name>', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    const seen: string[] = [];
    for (const name of ['calcsmith:ready', 'calcsmith:result']) {
      document.body.addEventListener(name, (event) => {
        seen.push(`${event.type} ${(event as CustomEvent).composed}`);
      });
    }
    await act(async () => fake.current.answer(okResult({ x: 6 })));
    expect(seen).toEqual(['calcsmith:ready true', 'calcsmith:result true']);
  });

  it('sets values by input name, checked as a link’s; refused and unknown names are an error', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    await act(async () => fake.current.answer(okResult({ x: 6 })));
    const heard = record(element);
    let outcome;
    await act(async () => {
      outcome = element.setValues({ a: '7', mode: 'slow', nope: 1 });
    });
    expect(outcome).toEqual({ refused: ['mode'], unknown: ['nope'] });
    expect(heard.slice(0, 1)).toEqual([
      {
        name: 'error',
        detail: {
          message: 'Values refused: mode. No such inputs: nope.',
          refused: ['mode'],
          unknown: ['nope'],
        },
      },
    ]);
    expect(fake.current.last.values).toEqual({ '1': 7, '2': 'fast' });
    expect(element.getValues()).toEqual({ a: 7, mode: 'fast' });
    expect(field('a')?.value).toBe('7');
  });

  it('keeps values set before the calculator arrived and applies them when it does', async () => {
    element = document.createElement('test-calculator') as TestCalculator;
    expect(element.getValues()).toEqual({});
    expect(element.getResult()).toBeNull();
    element.setValues({ a: 11 });
    element.setAttribute('doc', JSON.stringify(doc));
    await act(async () => document.body.append(element));
    expect(element.getValues()).toEqual({ a: 11, mode: 'fast' });
    expect(fake.current.last.values).toEqual({ '1': 11, '2': 'fast' });
  });

  it('resets to the doc’s starting values', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    await act(async () => element.setValues({ a: 9 }));
    await act(async () => element.reset());
    expect(element.getValues()).toEqual({ a: 3, mode: 'fast' });
    expect(field('a')?.value).toBe('3');
  });

  it('focus() puts the focus on the first field inside the shadow root', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    expect(element.focus()).toBe(true);
    expect(shadow().activeElement).toBe(field('a'));
  });

  it('Enter in a field is a submit with the values and the result', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    await act(async () => fake.current.answer(okResult({ x: 6 })));
    const heard = record(element);
    await act(async () => {
      field('a')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(heard).toEqual([
      {
        name: 'submit',
        detail: {
          values: { a: 3, mode: 'fast' },
          result: { outputs: { x: 6 }, display: { x: '6' }, error: null },
        },
      },
    ]);
  });

  it('on() returns what stops the listener', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    const listener = vi.fn();
    const stop = element.on('result', listener);
    stop();
    await act(async () => fake.current.answer(okResult({ x: 6 })));
    expect(listener).not.toHaveBeenCalled();
  });

  it('tells a calculation’s error as an error event, and shows it', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    const heard = record(element);
    await act(async () =>
      fake.current.answer({ ...okResult({}), error: 'ReferenceError: y is not defined' }),
    );
    expect(heard.map((each) => each.name)).toEqual(['ready', 'result', 'error']);
    expect(heard[2].detail).toEqual({ message: 'ReferenceError: y is not defined' });
    expect(shadow().querySelector('[role="alert"]')?.textContent).toBe(
      'ReferenceError: y is not defined',
    );
  });

  it('gives every element a worker of its own', async () => {
    await mount({ doc: JSON.stringify(doc) });
    element = await mount({ doc: JSON.stringify(doc) });
    expect(fake.workers).toHaveLength(2);
    expect(fake.workers.map((worker) => worker.posted.length)).toEqual([1, 1]);
  });

  it('loads a Calcsmith /api/calc answer from src, relative to the page', async () => {
    const fetched = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ doc, doc_style: { fsize: 14 }, result: null })),
    );
    vi.stubGlobal('fetch', fetched);
    element = await mount({ src: 'calcs/double.json' });
    await waitFor(() => expect(field('a')?.value).toBe('3'));
    expect(fetched.mock.calls[0][0]).toBe(new URL('calcs/double.json', document.baseURI).href);
    expect(shadow().querySelector<HTMLElement>('.calculator')?.style.fontSize).toBe('14pt');
  });

  it('says why a src could not be loaded, on screen and as an error event', async () => {
    vi.stubGlobal('fetch', async () => new Response('missing', { status: 404 }));
    const made = document.createElement('test-calculator') as TestCalculator;
    const heard = record(made);
    made.setAttribute('src', 'https://calcs.example/nope.json');
    await act(async () => document.body.append(made));
    element = made;
    await waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toEqual({
      name: 'error',
      detail: { message: 'https://calcs.example/nope.json answered 404.' },
    });
    expect(shadow().querySelector('[role="alert"]')?.textContent).toBe(
      'The calculator could not be loaded.https://calcs.example/nope.json answered 404.',
    );
    expect(fake.workers).toHaveLength(0);
  });

  it('shows a new calculator when its doc attribute changes', async () => {
    element = await mount({ doc: JSON.stringify(doc) });
    const renamed = {
      ...doc,
      metaInputs: [{ id: 1, name: 'b', type: 'number' as const }],
      defaults: {},
    };
    await act(async () => element.setAttribute('doc', JSON.stringify(renamed)));
    expect(field('b')).toBeDefined();
    expect(element.getValues()).toEqual({ b: null });
  });

  it('speaks Russian under lang="ru"', async () => {
    element = await mount({ doc: JSON.stringify(doc), lang: 'ru' });
    expect(shadow().querySelector('.calc-section-title')?.textContent).toBe('Входные данные');
    await act(async () => element.setAttribute('lang', 'en'));
    expect(shadow().querySelector('.calc-section-title')?.textContent).toBe('Inputs');
  });

  it('refuses a calculator whose script is private to its server', async () => {
    const secret = { ...doc, script: undefined, privateScript: true };
    element = await mount({ doc: JSON.stringify(secret) });
    expect(shadow().querySelector('[role="alert"]')?.textContent).toBe(
      'This calculator keeps its script on its Calcsmith server, so it can only be used there.',
    );
    expect(fake.workers).toHaveLength(0);
  });
});
