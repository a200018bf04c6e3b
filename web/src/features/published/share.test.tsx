import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashStep, hashValues } from './hash-values';
import { ShareBar } from './share-bar';
import {
  embedSnippet,
  facebookUrl,
  mailUrl,
  oneLineSnippet,
  POPUP_FEATURES,
  shareUrl,
  twitterUrl,
} from './share';

/** The snippet's message listener, removed after each test. */
let snippetListener: EventListener | null = null;

afterEach(() => {
  vi.restoreAllMocks();
  if (snippetListener) window.removeEventListener('message', snippetListener);
  snippetListener = null;
  document.body.innerHTML = '';
});

describe('share links', () => {
  it('point at the published page with s= and a 5-character token', () => {
    const url = shareUrl('AbCdEfGh12345678', 'https://calc.example');
    expect(url).toMatch(/^https:\/\/calc\.example\/calc\/AbCdEfGh12345678\?s=[0-9A-Za-z]{5}$/);
  });

  it('get a new token every time', () => {
    const tokens = new Set(Array.from({ length: 20 }, () => shareUrl('x', 'https://a.b')));
    expect(tokens.size).toBeGreaterThan(1);
  });

  it('carry values in a hash the published page reads back', () => {
    const values = { '1': 5000, '2': 'a "quoted" #text' };
    const url = new URL(shareUrl('id', 'https://a.b', values));
    expect(url.pathname).toBe('/calc/id');
    expect(hashValues(url.hash)).toEqual(values);
    expect(new URL(shareUrl('id', 'https://a.b')).hash).toBe('');
  });

  it('carry the step the visitor is on with the values, and no step without them', () => {
    const url = new URL(shareUrl('id', 'https://a.b', { '1': 5 }, 'co'));
    expect(hashValues(url.hash)).toEqual({ '1': 5, step: 'co' });
    expect(hashStep(hashValues(url.hash))).toBe('co');
    expect(new URL(shareUrl('id', 'https://a.b', undefined, 'co')).hash).toBe('');
  });

  it('default to this page’s origin', () => {
    expect(shareUrl('id')).toMatch(new RegExp(`^${window.location.origin}/calc/id\\?s=`));
  });

  it('are encoded into the service addresses', () => {
    const url = 'https://calc.example/calc/id?s=abcde';
    expect(twitterUrl(url, 'Loan & rate')).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fcalc.example%2Fcalc%2Fid%3Fs%3Dabcde&text=Loan%20%26%20rate',
    );
    expect(facebookUrl(url)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fcalc.example%2Fcalc%2Fid%3Fs%3Dabcde',
    );
    expect(mailUrl(url, 'A calculator')).toBe(
      'mailto:?subject=A%20calculator&body=https%3A%2F%2Fcalc.example%2Fcalc%2Fid%3Fs%3Dabcde',
    );
  });
});

describe('ShareBar', () => {
  it('opens 550 × 420 popups for the micro-blogging service and the social network', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    render(<ShareBar calcId="AbCdEfGh12345678" name="Loan" />);

    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    await user.click(screen.getByRole('button', { name: 'Facebook' }));

    expect(open).toHaveBeenCalledTimes(2);
    for (const [, , features] of open.mock.calls) {
      expect(features).toBe(POPUP_FEATURES);
      expect(features).toMatch(/(^|,)width=550,height=420(,|$)/);
    }
    const [twitter] = open.mock.calls[0];
    const shared = new URL(String(twitter)).searchParams.get('url')!;
    expect(shared).toMatch(/\/calc\/AbCdEfGh12345678\?s=[0-9A-Za-z]{5}$/);
    expect(new URL(String(twitter)).searchParams.get('text')).toBe('Loan');
    expect(String(open.mock.calls[1][0])).toMatch(/^https:\/\/www\.facebook\.com\/sharer\//);
  });

  it('offers an e-mail link with the share link', () => {
    render(<ShareBar calcId="AbCdEfGh12345678" name="Loan" />);
    const mail = screen.getByRole('link', { name: 'E-mail' });
    expect(mail.getAttribute('href')).toMatch(
      /^mailto:\?subject=A%20calculator%20for%20you%3A%20Loan&body=.*%2Fcalc%2FAbCdEfGh12345678%3Fs%3D[0-9A-Za-z]{5}$/,
    );
  });

  it('opens the link dialog with the link and both embed snippets', async () => {
    const user = userEvent.setup();
    render(<ShareBar calcId="AbCdEfGh12345678" name="Loan" />);
    await user.click(screen.getByRole('button', { name: 'Link' }));
    // The dialog's code loads on first use; only an open dialog has the role.
    await screen.findByRole('dialog', { name: 'Share this calculator' });
    const link = screen.getByLabelText('Link to this calculator');
    expect((link as HTMLInputElement).value).toMatch(/\/calc\/AbCdEfGh12345678\?s=[0-9A-Za-z]{5}$/);
    const snippet = screen.getByLabelText(/Embed on your site/) as HTMLTextAreaElement;
    expect(snippet.value).toBe(embedSnippet('AbCdEfGh12345678', 'Loan'));
    expect(snippet.value).toContain('/embed/AbCdEfGh12345678');
    const oneLine = screen.getByLabelText(
      'One-line embed: it sizes itself, and your page’s scripts can fill it in and read its results',
    ) as HTMLTextAreaElement;
    expect(oneLine.value).toBe(
      `<script src="${window.location.origin}/embed.js" async></script>\n` +
        `<div data-calcsmith="AbCdEfGh12345678"><a href="${window.location.origin}/calc/AbCdEfGh12345678">Loan</a></div>`,
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByLabelText('Link to this calculator')).toBeNull();
  });
});

describe('the link dialog', () => {
  async function openDialog(values?: Record<string, unknown>) {
    const user = userEvent.setup();
    render(<ShareBar calcId="AbCdEfGh12345678" name="Loan" values={values} />);
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await screen.findByRole('dialog', { name: 'Share this calculator' });
    return user;
  }
  const link = () => (screen.getByLabelText('Link to this calculator') as HTMLInputElement).value;

  it('adds the current values to the link only when asked to', async () => {
    const user = await openDialog({ '1': 250, '2': true });
    const option = screen.getByRole('checkbox', { name: 'Open with the values entered now' });
    expect(option).not.toBeChecked();
    expect(new URL(link()).hash).toBe('');
    await user.click(option);
    expect(hashValues(new URL(link()).hash)).toEqual({ '1': 250, '2': true });
    await user.click(option);
    expect(new URL(link()).hash).toBe('');
  });

  it('offers no such option for a calculator without inputs', async () => {
    await openDialog({});
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('embedSnippet', () => {
  const origin = 'https://calc.example';
  const id = 'AbCdEfGh12345678';

  /** Puts the snippet into this page as a site owner would, running its script. */
  function embed(snippet: string): HTMLIFrameElement {
    const [frameHtml, scriptHtml] = snippet.split('\n');
    document.body.innerHTML = frameHtml;
    const code = scriptHtml.replace(/^<script>/, '').replace(/<\/script>$/, '');
    const listeners: EventListener[] = [];
    const add = vi.spyOn(window, 'addEventListener').mockImplementation((type, listener) => {
      if (type === 'message') listeners.push(listener as EventListener);
    });
    new Function(code)();
    add.mockRestore();
    expect(listeners).toHaveLength(1);
    snippetListener = listeners[0];
    window.addEventListener('message', snippetListener);
    return document.querySelector('iframe')!;
  }

  const post = (from: string, data: unknown) =>
    window.dispatchEvent(new MessageEvent('message', { origin: from, data }));

  it('frames /embed/{id} with the calculator title', () => {
    const snippet = embedSnippet(id, 'Loan "pro" <b>', origin);
    const frame = embed(snippet);
    expect(frame.getAttribute('src')).toBe(`${origin}/embed/${id}`);
    expect(frame.getAttribute('title')).toBe('Loan "pro" <b>');
    expect(snippet).toContain('calcsmith:height');
    expect(snippet).toContain(`e.origin!=="${origin}"`);
  });

  it('sizes the frame to the height the embed page reports', () => {
    const frame = embed(embedSnippet(id, 'Loan', origin));
    post(origin, { type: 'calcsmith:height', id, height: 777 });
    expect(frame.style.height).toBe('777px');
  });

  it('ignores messages from other origins, other calculators and other kinds', () => {
    const frame = embed(embedSnippet(id, 'Loan', origin));
    post('https://evil.example', { type: 'calcsmith:height', id, height: 1 });
    post(origin, { type: 'calcsmith:height', id: 'someOtherCalc000', height: 2 });
    post(origin, { type: 'other', id, height: 3 });
    post(origin, null);
    expect(frame.style.height).toBe('');
  });
});

describe('oneLineSnippet', () => {
  const origin = 'https://calc.example';
  const id = 'AbCdEfGh12345678';

  it('loads embed.js from this site and marks the place with the id and a link', () => {
    document.body.innerHTML = oneLineSnippet(id, 'Loan "pro" <b> & co', origin);
    const script = document.querySelector('script')!;
    expect(script.getAttribute('src')).toBe(`${origin}/embed.js`);
    expect(script.hasAttribute('async')).toBe(true);
    const place = document.querySelector('[data-calcsmith]') as HTMLElement;
    expect(place.dataset.calcsmith).toBe(id);
    // The title stays text: no element of its own, the link says it as written.
    const link = place.querySelector('a')!;
    expect(link.getAttribute('href')).toBe(`${origin}/calc/${id}`);
    expect(link.textContent).toBe('Loan "pro" <b> & co');
    expect(place.querySelectorAll('b')).toHaveLength(0);
  });
});
