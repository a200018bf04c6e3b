// Webhooks (issue 29) from the author's side: an endpoint on a local receiver (loopback is
// allowed in the tests' server), its secret shown once, a test event and a submission
// delivered and signed (checked here with the secret), the delivery log with each
// attempt's code and response, Redeliver, a new secret, deletion; axe in both themes.
// Runs once the server has the webhooks API (the webhooks helper's branch).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator } from '@playwright/test';
import {
  baseUrl,
  expectAccessible,
  newAccount,
  saveCalculator,
  signUpViaApi,
  switchTheme,
} from './helpers';
import { quoteDoc, submitViaApi } from './submissions-helpers';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** Whether `header` signs `body` with `secret` (Calcsmith-Signature: t=…,v1=…). */
function signedWith(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

test('an endpoint gets signed deliveries, logged with each attempt', async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(120_000);
  const openapi = await (await page.request.get('/api/openapi.json')).text();
  test.skip(
    !openapi.includes('/api/calc/{id}/webhooks'),
    'the server has no webhooks API yet (branch h-webhooks)',
  );
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.setHeader('content-type', 'text/plain');
      response.end('thanks');
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await signUpViaApi(page.request, newAccount('hooks'));
    const id = await saveCalculator(page.request, quoteDoc('Hooked quote'));
    await page.goto(`/submissions/${id}`);
    const panel = page.getByRole('region', { name: 'Webhooks' });
    await expect(panel.getByText(/endpoints of your plan used/)).toHaveText(
      '0 of 1 endpoints of your plan used (all your calculators).',
    );
    await expect(panel.getByText('No endpoint yet.')).toBeVisible();

    await panel.getByLabel('Endpoint address').fill(url);
    await panel.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'The signing secret' });
    await expect(dialog).toContainText('Copy it now: it is shown only this once.');
    const secret = await dialog.getByRole('textbox', { name: 'The signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(panel.getByText(/endpoints of your plan used/)).toHaveText(
      '1 of 1 endpoints of your plan used (all your calculators).',
    );
    await expect(panel.getByText('Your plan’s endpoints are all used.')).toBeVisible();

    // A test event, signed with the secret, and its attempt in the log.
    await panel.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('A test event is on its way.')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const test1 = received[0];
    expect(JSON.parse(test1.body).type ?? JSON.parse(test1.body).event).toBe('test');
    expect(signedWith(String(test1.headers['calcsmith-signature']), test1.body, secret)).toBe(true);
    await panel.getByRole('button', { name: `Delivery log of ${url}` }).click();
    const log = panel.locator('.delivery-log');
    const delivered = async (count: number): Promise<Locator> => {
      const items = log.locator('.delivery-delivered');
      await expect
        .poll(
          async () => {
            await log.getByRole('button', { name: 'Refresh' }).click();
            return items.count();
          },
          { timeout: 30_000 },
        )
        .toBe(count);
      return items;
    };
    const first = (await delivered(1)).first();
    await expect(first.locator('.delivery-head .code')).toHaveText('test');
    await expect(first.getByText('Delivered', { exact: true })).toBeVisible();
    const attempt = first.getByRole('table', { name: 'Attempts' }).getByRole('row').nth(1);
    await expect(attempt.getByRole('cell').nth(1)).toHaveText('200');
    await expect(attempt.getByRole('cell').nth(2)).toHaveText(/^\d+ ms$/);
    await expect(attempt.getByRole('cell').nth(3)).toHaveText('thanks');

    // A visitor's submission is delivered too, signed.
    const visitor = await playwright.request.newContext({ baseURL: baseUrl() });
    await submitViaApi(visitor, id, 4, { email: 'ada@example.com' });
    await visitor.dispose();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1].body).toContain('ada@example.com');
    expect(
      signedWith(String(received[1].headers['calcsmith-signature']), received[1].body, secret),
    ).toBe(true);
    await delivered(2);

    // Redeliver: a new delivery of the same payload.
    await log.locator('.delivery').first().getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByText('Sent again as a new delivery.')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(3);
    // The newest delivery was the submission's: the same payload again.
    expect(received[2].body).toContain('ada@example.com');
    await delivered(3);

    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectAccessible(page, `webhooks panel (${theme})`);
    }

    // A new secret, shown once.
    await panel.getByRole('button', { name: 'New secret' }).click();
    await page
      .getByRole('dialog', { name: 'Make a new secret?' })
      .getByRole('button', { name: 'New secret' })
      .click();
    const rotated = page.getByRole('dialog', { name: 'The signing secret' });
    const next = await rotated.getByRole('textbox', { name: 'The signing secret' }).inputValue();
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();

    // Deleted, with confirmation.
    await panel.getByRole('button', { name: 'Delete endpoint' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await expect(confirm).toContainText(
      `Nothing more is sent to ${url}, and its delivery log is deleted.`,
    );
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(panel.getByText('No endpoint yet.')).toBeVisible();
  } finally {
    receiver.close();
  }
});
