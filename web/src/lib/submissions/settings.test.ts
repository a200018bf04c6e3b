import { describe, expect, it } from 'vitest';
import type { CalcDoc } from '../types';
import {
  checkSettings,
  fieldMode,
  fillThankYou,
  settingsOf,
  storedSettings,
  unknownQuotes,
  withFieldMode,
  type SubmissionSettings,
} from './settings';

const base: SubmissionSettings = { enabled: true, fields: [{ name: 'email', required: true }] };

describe('the thank-you message', () => {
  it('quotes outputs by name as they are displayed', () => {
    expect(fillThankYou('Your quote: {total} ({rate})', { total: '$1,200.00', rate: '5%' })).toBe(
      'Your quote: $1,200.00 (5%)',
    );
  });

  it('leaves a name that is no output, or a table, as written', () => {
    expect(fillThankYou('{total} and {nope} and {rows}', { total: '3', rows: [] })).toBe(
      '3 and {nope} and {rows}',
    );
  });

  it('fills the inner braces of a doubled pair, as the server does', () => {
    expect(fillThankYou('{{total}}', { total: '4.00' })).toBe('{4.00}');
  });

  it('names the quotes that are no value output of the calculator', () => {
    const doc = {
      metaOutputs: [
        { id: 1, name: 'total', type: 'value' },
        { id: 2, name: 'rows', type: 'table' },
      ],
    } as CalcDoc;
    expect(unknownQuotes('{total} {rows} {totl} {totl}', doc)).toEqual(['rows', 'totl']);
  });
});

describe('the settings', () => {
  it('are none for a doc without them', () => {
    expect(settingsOf({} as CalcDoc)).toBeNull();
    expect(settingsOf({ submissions: null } as CalcDoc)).toBeNull();
  });

  it('set a field off, optional or required in the form’s order', () => {
    let settings = withFieldMode(base, 'consent', 'required');
    settings = withFieldMode(settings, 'name', 'optional');
    expect(settings.fields).toEqual([
      { name: 'name' },
      { name: 'email', required: true },
      { name: 'consent', required: true },
    ]);
    expect(fieldMode(settings, 'name')).toBe('optional');
    expect(fieldMode(withFieldMode(settings, 'name', 'off'), 'name')).toBe('off');
  });

  it('are stored without empty texts and default choices', () => {
    expect(
      storedSettings({
        ...base,
        thankYou: '  ',
        buttonLabel: 'Send',
        notify: 'each',
        emailResults: false,
      }),
    ).toEqual({ ...base, buttonLabel: 'Send' });
    expect(storedSettings({ ...base, notify: 'daily', emailResults: true })).toEqual({
      ...base,
      notify: 'daily',
      emailResults: true,
    });
  });

  it('are refused as the server refuses them', () => {
    expect(checkSettings(base)).toEqual({});
    expect(
      checkSettings({
        ...withFieldMode(base, 'consent', 'optional'),
        redirect: 'ftp://example.com',
        privacyUrl: 'javascript:alert(1)',
        buttonLabel: 'x'.repeat(61),
      }),
    ).toEqual({
      consentText: 'consentTextNeeded',
      redirect: 'redirectBad',
      privacyUrl: 'privacyUrlBad',
      buttonLabel: 'buttonLabelLong',
    });
    expect(checkSettings({ ...base, redirect: 'https://example.com/thanks' })).toEqual({});
  });
});
