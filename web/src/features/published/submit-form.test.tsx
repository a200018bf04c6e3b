import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionSettings } from '../../lib/submissions/settings';
import { json, stubFetch } from '../../testing/fetch';
import { useUi } from '../../stores/ui';
import { SubmitForm } from './submit-form';

// The real solver runs a proof of work; here it answers at once.
vi.mock('../../lib/captcha', () => ({ solveCaptcha: () => Promise.resolve('solved-captcha') }));

const settings: SubmissionSettings = {
  enabled: true,
  fields: [
    { name: 'name' },
    { name: 'email', required: true },
    { name: 'consent', required: true },
  ],
  consentText: 'You may call me.',
  privacyUrl: 'https://example.com/privacy',
  buttonLabel: 'Get my quote',
  emailResults: true,
};

// jsdom joins the label's parts without the space a browser puts before "(required)".
const EMAIL = /^E-mail ?\(required\)$/;
const CONSENT = /^You may call me\. ?\(required\)$/;

const submitted = {
  id: 's1',
  outputs: { x: 2 },
  display: { x: '2.00' },
  version: 3,
  thankYou: 'Your quote: 2.00',
  redirect: null,
};

beforeEach(() => useUi.setState({ locale: 'en' }));
afterEach(() => vi.unstubAllGlobals());

function show(onSubmitted = vi.fn()) {
  render(
    <SubmitForm
      calcId="abcdefghijklmnop"
      settings={settings}
      values={{ '1': 1 }}
      site="https://shop.example.com/quote"
      onSubmitted={onSubmitted}
    />,
  );
  return onSubmitted;
}

describe('the visitor’s submission form', () => {
  it('has labelled fields, the consent box with its link, and the author’s button', () => {
    stubFetch(() => json(404));
    show();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: EMAIL })).toBeRequired();
    expect(screen.getByRole('checkbox', { name: CONSENT })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    expect(screen.getByRole('checkbox', { name: 'E-mail me my results' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Get my quote' })).toBeVisible();
  });

  it('shows each error at its field and focuses the first, sending nothing', async () => {
    const server = stubFetch(() => json(404));
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Get my quote' }));
    const email = screen.getByRole('textbox', { name: EMAIL });
    expect(email).toHaveAccessibleDescription('E-mail is required.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox', { name: CONSENT })).toHaveAccessibleDescription(
      'Please tick this box to send the form.',
    );
    await vi.waitFor(() => expect(email).toHaveFocus());
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the values, contact, captcha, empty honeypot and site; then thanks', async () => {
    const server = stubFetch(() => json(201, submitted));
    const onSubmitted = show();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' Ada ');
    await userEvent.type(screen.getByRole('textbox', { name: EMAIL }), 'ada@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'E-mail me my results' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get my quote' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Your quote: 2\.00$/);
    expect(server.calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/calc/abcdefghijklmnop/submit',
      body: {
        values: { '1': 1 },
        contact: { name: 'Ada', email: 'ada@example.com', consent: true },
        locale: 'en',
        captchaResponse: 'solved-captcha',
        website: '',
        site: 'https://shop.example.com/quote',
        emailMe: true,
      },
    });
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it('puts the server’s message at its field, or above the button', async () => {
    let answer = json(400, { message: 'Please enter a valid email address.' });
    stubFetch((call) => (call.method === 'POST' ? answer : json(404)));
    show();
    const email = screen.getByRole('textbox', { name: EMAIL });
    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    await userEvent.click(screen.getByRole('button', { name: 'Get my quote' }));
    await vi.waitFor(() =>
      expect(email).toHaveAccessibleDescription('Please enter a valid email address.'),
    );
    answer = json(400, { message: 'a must not be negative (line 1)' });
    await userEvent.click(screen.getByRole('button', { name: 'Get my quote' }));
    expect(await screen.findByText('a must not be negative (line 1)')).toHaveAttribute(
      'role',
      'alert',
    );
  });
});
