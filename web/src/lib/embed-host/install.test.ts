import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcsmithApi } from '../../../public/embed';
import { install } from './install';

const ID = 'AbCdEfGh12345678';
const OTHER = 'ZyXwVuTs98765432';
const CALCSMITH = 'https://calc.example';

// One page runs embed.js once: one install for the file, its observer embedding each test's divs.
let api: CalcsmithApi;
beforeAll(() => {
  api = install(CALCSMITH);
});

/** Puts `html` into the page and waits for embed.js to see it. */
async function place(html: string) {
  document.body.innerHTML = html;
  await new Promise((settled) => setTimeout(settled, 0));
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const frameOf = (element: Element) => element.querySelector('iframe')!;

describe('embed.js on a host page', () => {
  it('puts a frame of /embed/{id} with the div’s options in each data-calcsmith div', async () => {
    await place(
      `<div id="a" data-calcsmith="${ID}" data-theme="dark" data-lang="ru" data-transparent data-autofocus="true" data-values='{"1": 5}'><a href="#">Loan</a></div>` +
        `<div id="b" data-calcsmith="${ID}" data-transparent="false" data-height="640"></div>`,
    );
    const first = frameOf(document.getElementById('a')!);
    const url = new URL(first.src);
    expect(url.origin + url.pathname).toBe(`${CALCSMITH}/embed/${ID}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      theme: 'dark',
      lang: 'ru',
      transparent: '1',
      autofocus: '1',
    });
    expect(JSON.parse(decodeURIComponent(url.hash.slice(1)))).toEqual({ '1': 5 });
    // The fallback link is gone; the frame reserves the default height.
    expect(document.querySelector('#a a')).toBeNull();
    expect(first.title).toBe('Calculator');
    expect(first.style.height).toBe('400px');
    const second = frameOf(document.getElementById('b')!);
    expect(second.src).toBe(`${CALCSMITH}/embed/${ID}`);
    expect(second.style.height).toBe('640px');
  });

  it('ignores bad ids and bad data-values, saying so in the console', async () => {
    await place(
      `<div id="bad" data-calcsmith="../../api/account">keep</div>` +
        `<div id="values" data-calcsmith="${ID}" data-values="[1, 2]"></div>`,
    );
    expect(document.getElementById('bad')!.textContent).toBe('keep');
    expect(frameOf(document.getElementById('values')!).src).toBe(`${CALCSMITH}/embed/${ID}`);
    expect(console.warn).toHaveBeenCalledWith(
      'Calcsmith: data-calcsmith="../../api/account" is not a calculator id.',
    );
    expect(console.warn).toHaveBeenCalledWith(
      `Calcsmith: data-values of "${ID}" is not a JSON object; it is ignored.`,
    );
  });

  it('embeds a div added later, and gives the same handle for its id, the div and the frame', async () => {
    await place('<p>Our loans</p>');
    const later = document.createElement('div');
    later.dataset.calcsmith = OTHER;
    document.body.append(later);
    await new Promise((settled) => setTimeout(settled, 0));
    const frame = frameOf(later);
    expect(frame).not.toBeNull();
    const handle = api.get(OTHER);
    expect(handle.id).toBe(OTHER);
    expect(api.get(later)).toBe(handle);
    expect(api.get(frame)).toBe(handle);
    expect(handle.frame).toBe(frame);
    expect(() => api.get('Nowhere000000000')).toThrow(
      'Calcsmith: no embedded calculator "Nowhere000000000" on this page.',
    );
    expect(() => api.get(document.body)).toThrow(
      'Calcsmith: no embedded calculator this element on this page.',
    );
  });

  it('sizes each frame to the height its calculator reports and remembers it for the next visit', async () => {
    await place(`<div data-calcsmith="${ID}"></div>`);
    const frame = frameOf(document.body);
    const report = (origin: string, height: number) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin,
          source: frame.contentWindow,
          data: { calcsmith: 1, id: ID, type: 'height', height },
        }),
      );
    report('https://evil.example', 10);
    expect(frame.style.height).toBe('400px');
    report(CALCSMITH, 733);
    expect(frame.style.height).toBe('733px');

    // The next page with this calculator reserves that height from the start.
    await place(`<div data-calcsmith="${ID}" data-height="200"></div>`);
    expect(frameOf(document.body).style.height).toBe('733px');
  });
});
