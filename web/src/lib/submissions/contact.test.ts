import { describe, expect, it } from 'vitest';
import { checkContact, contactBody, fieldOfServerMessage, isEmail } from './contact';
import type { SubmissionSettings } from './settings';

const form: SubmissionSettings = {
  enabled: true,
  fields: [
    { name: 'name' },
    { name: 'email', required: true },
    { name: 'phone' },
    { name: 'message' },
    { name: 'consent', required: true },
  ],
};

describe('the visitor’s contact fields', () => {
  it('need the required ones, the consent box ticked when required', () => {
    expect(checkContact(form, {})).toEqual([
      ['email', 'required'],
      ['consent', 'consentRequired'],
    ]);
    expect(checkContact(form, { email: 'ada@example.com', consent: true })).toEqual([]);
  });

  it('refuse a malformed e-mail, a name on two lines and an over-long text', () => {
    expect(
      checkContact(form, {
        name: 'Ada\nLovelace',
        email: 'ada@example',
        phone: '1'.repeat(201),
        message: 'm'.repeat(5001),
        consent: true,
      }),
    ).toEqual([
      ['name', 'oneLine'],
      ['email', 'badEmail'],
      ['phone', 'tooLong'],
      ['message', 'tooLong'],
    ]);
  });

  it('read e-mail addresses as the server does', () => {
    expect(isEmail(' ada@example.com ')).toBe(true);
    for (const bad of ['ada', '@example.com', 'ada@example.', 'ada@.com', 'a da@example.com'])
      expect(isEmail(bad), bad).toBe(false);
  });

  it('send the filled-in fields trimmed, and the consent box either way', () => {
    expect(contactBody(form, { name: ' Ada ', email: 'ada@example.com', phone: '  ' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      consent: false,
    });
  });

  it('place the server’s messages at the field they name', () => {
    expect(fieldOfServerMessage('Email is required.')).toBe('email');
    expect(fieldOfServerMessage('Please enter a valid email address.')).toBe('email');
    expect(fieldOfServerMessage('Name is too long (at most 200 characters).')).toBe('name');
    expect(fieldOfServerMessage('Please resolve the captcha and submit!')).toBeNull();
    expect(fieldOfServerMessage('This calculator does not collect submissions.')).toBeNull();
  });
});
