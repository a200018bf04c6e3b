// Shared steps of the end-to-end tests: accounts (through the UI or, faster, the API),
// calculators made through the API, the mail outbox, the axe check and screenshots.
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type FrameLocator,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { sha, solveChallenge } from 'altcha/lib';

/** Where the global setup started the server. */
export function baseUrl(): string {
  const url = process.env.CALCSMITH_E2E_BASE_URL;
  if (!url) throw new Error('CALCSMITH_E2E_BASE_URL is unset: run through playwright.config.ts');
  return url;
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A calculator id: 16 characters of [0-9A-Za-z]. */
export const randomId = (length = 16) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Matches a calculator id in a path. */
export const CALC_ID = '[0-9A-Za-z]{16}';

export interface Account {
  email: string;
  password: string;
  name: string;
}

let accountCount = 0;

/** A fresh account's details (unique per run, worker and call). */
export function newAccount(label = 'user'): Account {
  accountCount += 1;
  const tag = `${Date.now().toString(36)}${process.env.TEST_WORKER_INDEX ?? '0'}${accountCount}`;
  return {
    email: `${label}-${tag}@example.com`,
    password: `pass-${tag}-word`,
    name: `${label[0].toUpperCase()}${label.slice(1)} ${tag}`,
  };
}

/** Solves the server's ALTCHA proof of work the way the sign-up dialog does. */
export async function captchaResponse(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/api/captcha');
  expect(answer.ok(), 'GET /api/captcha').toBe(true);
  const challenge = await answer.json();
  const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('the captcha was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Signs up through the API. With `page.request` (or `context.request`) the session cookie
 * lands in the page's context: reload or navigate afterwards for the page to see it.
 * Sign-ups are limited to 10 a minute per address; past that it waits for the next minute.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  account: Account = newAccount(),
): Promise<Account> {
  for (let attempt = 0; ; attempt++) {
    const response = await request.post('/api/signup', {
      data: { ...account, captchaResponse: await captchaResponse(request) },
    });
    if (response.status() === 429 && attempt === 0) {
      await new Promise((wake) => setTimeout(wake, 61_000 - (Date.now() % 60_000)));
      continue;
    }
    expect(response.status(), `sign-up: ${await response.text()}`).toBe(200);
    return account;
  }
}

/** Opens the sign-in dialog from the header. */
export async function openSignIn(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Signs up through the sign-in dialog, solving the captcha; ends after the reload. */
export async function signUpViaUi(page: Page, account: Account = newAccount()): Promise<Account> {
  await openSignIn(page);
  await page.getByRole('button', { name: 'No account yet? Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign up' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Name').fill(account.name);
  await dialog.getByLabel('Password').fill(account.password);
  // The box ticks itself once the proof of work is solved.
  const captcha = dialog.getByRole('checkbox', { name: 'I am not a robot' });
  await captcha.click();
  await expect(dialog.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await expect(captcha).toBeChecked();
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Signed in.')).toBeVisible({ timeout: 15_000 });
  return account;
}

/** Signs in through the dialog (it must be open, or the header button is used). */
export async function signInViaUi(page: Page, account: Account): Promise<void> {
  const dialog = (await page.getByRole('dialog', { name: 'Sign in' }).isVisible())
    ? page.getByRole('dialog', { name: 'Sign in' })
    : await openSignIn(page);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

// ---- calculators ----

export interface InputSpec {
  id: number;
  name: string;
  type: 'number' | 'string' | 'binary' | 'date' | 'choice' | 'list';
  [key: string]: unknown;
}

export interface OutputSpec {
  id: number;
  name: string;
  type: 'value' | 'table';
  [key: string]: unknown;
}

/** A calculator doc with the editor's defaults for everything not given. */
export function calcDoc(fields: {
  name?: string;
  script: string;
  inputs?: InputSpec[];
  outputs?: OutputSpec[];
  defaults?: Record<string, unknown>;
  libraries?: { lodash?: boolean; moment?: boolean; mathjs?: boolean };
  description?: string;
}) {
  return {
    name: fields.name ?? '',
    description: fields.description ?? '',
    script: fields.script,
    libraries: { lodash: false, moment: false, mathjs: false, ...fields.libraries },
    tabSize: 2,
    defaults: fields.defaults ?? {},
    metaInputs: fields.inputs ?? [],
    metaOutputs: fields.outputs ?? [],
    inputs_label: '',
    outputs_label: '',
  };
}

/** Saves a calculator as the signed-in user of `request`; returns its id. */
export async function saveCalculator(
  request: APIRequestContext,
  doc: ReturnType<typeof calcDoc>,
  docStyle: Record<string, unknown> = {},
  id = randomId(),
): Promise<string> {
  const response = await request.post(`/api/source/${id}`, {
    data: { doc, doc_style: docStyle },
  });
  expect(response.status(), `save: ${await response.text()}`).toBe(200);
  return id;
}

/** The calculator used by most tests: a number `a` (21) → `x` = a × 2 with 2 decimals. */
export const LONG_LINK = 'https://example.com/docs/calculators/a-rather-long-path/index.html';
export const doublerDoc = (name = 'Doubler') =>
  calcDoc({
    name,
    description: 'Doubles a number.',
    script: `'use strict';\n\nreturn { x: inputs.a * 2, link: 'See ${LONG_LINK}' };\n`,
    inputs: [{ id: 1, name: 'a', type: 'number' }],
    outputs: [
      { id: 1, name: 'x', type: 'value', decimalPlaces: 2 },
      { id: 2, name: 'link', type: 'value' },
    ],
    defaults: { '1': 21 },
  });

const LOAN_SCRIPT = `'use strict';

var rows = [];
for (var i = 0; i < 3; i++) {
  rows.push({
    Month: new Date(Date.UTC(2026, i, 31)),
    'Monthly payment': 10000 / 3,
    'Interest paid': 1234567.891 + i,
    'Expected remaining balance': 98765432.1 - i,
    Note: i === 0 ? 'first payment of the loan' : 'interest',
  });
}
return { schedule: rows, total: inputs.a * 1000000 / 3 };
`;

const column = (id: number, name: string, fields: Record<string, unknown> = {}) => ({
  id,
  name,
  type: 'value' as const,
  ...fields,
});

/**
 * A calculator with a wide table output, `schedule` (3 rows of dates, amounts, long numbers
 * and a note), and a stored test "Old numbers" that fails on every number it checks, so its
 * "What differs" lists long values.
 */
export const loanTableDoc = () => ({
  ...calcDoc({
    name: 'Loan table',
    script: LOAN_SCRIPT,
    inputs: [{ id: 1, name: 'a', type: 'number' }],
    outputs: [
      { id: 1, name: 'total', type: 'value', decimalPlaces: 2 },
      {
        id: 2,
        name: 'schedule',
        type: 'table',
        metaOutputs: [
          column(1, 'Month'),
          column(2, 'Monthly payment', { currencySign: '$', decimalPlaces: 2 }),
          column(3, 'Interest paid', { decimalPlaces: 2 }),
          column(4, 'Expected remaining balance', { decimalPlaces: 2 }),
          column(5, 'Note'),
        ],
      },
    ],
    defaults: { '1': 10 },
  }),
  tests: [
    {
      name: 'Old numbers',
      values: { '1': 10 },
      expected: {
        total: 1234567890.123,
        schedule: [
          { 'Interest paid': 7654321.987, 'Expected remaining balance': 12345678.9 },
          {},
          {},
        ],
      },
    },
  ],
});

/** One output's displayed value on a calculator view (a page's, or an embed's in a frame). */
export const output = (page: Page | FrameLocator, name: string) =>
  page.locator(`[data-output="${name}"] dd`);

/**
 * Sets a user's plan in the run's database. Plans are bought in a later issue; until then
 * this is the only way to a paid plan (private calculators, more than 5 saved).
 */
export function setPlan(email: string, plan: 'free' | 'regular' | 'premium'): void {
  const dataDir = process.env.CALCSMITH_E2E_DATA_DIR;
  if (!dataDir) throw new Error('CALCSMITH_E2E_DATA_DIR is unset');
  execFileSync('python3', [
    '-c',
    'import sqlite3, sys\n' +
      'db = sqlite3.connect(sys.argv[1], timeout=10)\n' +
      'db.execute("UPDATE users SET plan = ? WHERE email = ?", (sys.argv[2], sys.argv[3]))\n' +
      'db.commit()',
    join(dataDir, 'calcsmith.db'),
    plan,
    email,
  ]);
}

/** The newest mail to `email` in the run's outbox (no SMTP in the tests), or ''. */
export function latestMail(email: string): string {
  const dataDir = process.env.CALCSMITH_E2E_DATA_DIR;
  if (!dataDir) throw new Error('CALCSMITH_E2E_DATA_DIR is unset');
  return execFileSync(
    'python3',
    [
      '-c',
      'import sqlite3, sys\n' +
        'db = sqlite3.connect(sys.argv[1], timeout=10)\n' +
        'row = db.execute("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1",' +
        ' (sys.argv[2],)).fetchone()\n' +
        'sys.stdout.write(row[0] if row else "")',
      join(dataDir, 'calcsmith.db'),
      email,
    ],
    { encoding: 'utf8' },
  );
}

// ---- checks and artefacts ----

export type Theme = 'light' | 'dark';

/** The header's theme button, named for the theme it turns on, in English or Russian. */
const THEME_BUTTON: Record<Theme, RegExp> = {
  dark: /^(Dark theme|Тёмная тема)$/,
  light: /^(Light theme|Светлая тема)$/,
};

/** Switches the theme the way a user does (the header button), if it is not already on. */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  // The app sets the attribute after its first render, which can come after `goto` ends.
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', /^(light|dark)$/);
  const current = await html.getAttribute('data-theme');
  if (current === theme) return;
  await page.getByRole('button', { name: THEME_BUTTON[theme] }).click();
  await expect(html).toHaveAttribute('data-theme', theme);
}

/** Runs axe (WCAG 2.0/2.1 A and AA) on the page and expects no violations. */
export async function expectAccessible(page: Page, screen: string, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n'),
  );
  expect.soft(report, `axe violations on ${screen}`).toEqual([]);
}

const SCREENSHOTS = resolve(dirname(fileURLToPath(import.meta.url)), '../test-results/screenshots');

/**
 * Saves a full-page screenshot as test-results/screenshots/<name>-<theme>.png: the page's
 * theme, or `theme` (a page whose calculator is in a frame has none of its own).
 */
export async function screenshot(page: Page, name: string, theme?: Theme): Promise<void> {
  theme ??= await page.evaluate(() => (document.documentElement.dataset.theme as Theme) || 'light');
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}-${theme}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/**
 * Attaches a screenshot of the window to the test's report, keeping it as
 * test-results/<test>/<name>.png too.
 */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * Leaves the page for `path` as a person would (after a click, which the browser wants
 * before a page may ask to stay); returns the dialogs the page opened (each dismissed).
 */
export async function leaveFor(page: Page, path: string): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    // An earlier call's listener may have dismissed it already.
    dialog.dismiss().catch(() => {});
  });
  await page.getByRole('heading', { level: 1 }).click();
  await page.evaluate((to) => {
    window.location.href = to;
  }, path);
  return dialogs;
}

/**
 * Waits until the service worker controls the page (installed with the app's files) and
 * the page has kept what it asks to keep: the calculator, and `files` (its libraries).
 */
export async function waitUntilKeptOffline(page: Page, calcId: string, files: string[] = []) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20_000,
  });
  // Polled from here: `waitForFunction` takes the promise an async predicate returns as a
  // truthy answer, so it waited for nothing.
  const urls = [`/api/calc/${calcId}`, ...files];
  await expect
    .poll(
      () =>
        page.evaluate(
          async (urls) => (await Promise.all(urls.map((url) => caches.match(url)))).every(Boolean),
          urls,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}
