// Shared steps of the submissions tests (issue 29): a calculator that collects them, a
// visitor's submission through the API, and the month's counter set as if the plan's
// submissions were used up.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { calcDoc, captchaResponse } from './helpers';

/** The consent box's text in these tests. */
export const CONSENT = 'You may call me about this quote.';

/** `total` = a × 2 with 2 decimals; collects an e-mail (required), a name and consent. */
export function quoteDoc(name = 'Quote', submissions: Record<string, unknown> = {}) {
  return {
    ...calcDoc({
      name,
      script: "'use strict';\n\nreturn { total: inputs.a * 2 };\n",
      inputs: [{ id: 1, name: 'a', type: 'number' }],
      outputs: [{ id: 1, name: 'total', type: 'value', decimalPlaces: 2 }],
      defaults: { '1': 5 },
    }),
    submissions: {
      enabled: true,
      fields: [
        { name: 'name' },
        { name: 'email', required: true },
        { name: 'consent', required: true },
      ],
      buttonLabel: 'Get my quote',
      thankYou: 'Your quote: {total}',
      consentText: CONSENT,
      privacyUrl: 'https://example.com/privacy',
      ...submissions,
    },
  };
}

/** A visitor's submission of `a` through the API (`request` of a context of its own). */
export async function submitViaApi(
  request: APIRequestContext,
  id: string,
  a: number,
  contact: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await request.post(`/api/calc/${id}/submit`, {
    data: {
      values: { '1': a },
      contact: { consent: true, ...contact },
      captchaResponse: await captchaResponse(request),
    },
  });
  expect(response.status(), `submit: ${await response.text()}`).toBe(201);
  return response.json();
}

/** Counts this month's submissions of the owner `email` as `count` (the free plan reads 100). */
export function setMonthCount(email: string, count: number): void {
  const dataDir = process.env.CALCSMITH_E2E_DATA_DIR;
  if (!dataDir) throw new Error('CALCSMITH_E2E_DATA_DIR is unset');
  execFileSync('python3', [
    '-c',
    'import sqlite3, sys\n' +
      'db = sqlite3.connect(sys.argv[1], timeout=10)\n' +
      'db.execute("UPDATE submission_months SET count = ? WHERE owner_id ="' +
      '" (SELECT id FROM users WHERE email = ?)", (int(sys.argv[2]), sys.argv[3]))\n' +
      'db.commit()',
    join(dataDir, 'calcsmith.db'),
    String(count),
    email,
  ]);
}
