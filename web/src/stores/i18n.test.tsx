// The catalogs' helpers (lib/i18n) and the text hook over the interface store's language.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUi } from './ui';
import { defineMessages, interpolate, translate, type Messages } from '../lib/i18n';
import { useT } from './i18n';

describe('interpolate', () => {
  it('fills {name} placeholders and leaves unknown ones', () => {
    expect(interpolate('Item {n} of {total}', { n: 2, total: 5 })).toBe('Item 2 of 5');
    expect(interpolate('Hello {who}', {})).toBe('Hello {who}');
    expect(interpolate('No params {x}')).toBe('No params {x}');
    expect(interpolate('{a}{a}', { a: 'x' })).toBe('xx');
  });
});

describe('useT', () => {
  const messages = defineMessages({ hello: 'Hello, {name}!' }, { hello: 'Привет, {name}!' });

  it('translates in the current language and follows a switch', () => {
    useUi.setState({ locale: 'en' });
    const { result } = renderHook(() => useT(messages));
    expect(result.current('hello', { name: 'Ann' })).toBe('Hello, Ann!');
    act(() => useUi.setState({ locale: 'ru' }));
    expect(result.current('hello', { name: 'Ann' })).toBe('Привет, Ann!');
    useUi.setState({ locale: 'en' });
  });

  it('falls back to English for a missing Russian entry', () => {
    const partial = { en: { a: 'A' }, ru: {} } as unknown as Messages<'a'>;
    expect(translate(partial, 'ru', 'a')).toBe('A');
  });
});

// Every feature keeps its own messages.ts; all of them must be complete in Russian.
const modules = import.meta.glob('/src/**/messages.ts', { eager: true });

const catalogues = Object.entries(modules).flatMap(([path, module]) =>
  Object.entries(module as Record<string, unknown>)
    .filter(
      (entry): entry is [string, Messages<string>] =>
        typeof entry[1] === 'object' && entry[1] !== null && 'en' in entry[1] && 'ru' in entry[1],
    )
    .map(([name, messages]) => [`${path} ${name}`, messages] as const),
);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('are found', () => {
    expect(catalogues.length).toBeGreaterThanOrEqual(3);
    expect(catalogues.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/src/components/calculator/messages.ts'),
        expect.stringContaining('/src/features/auth/messages.ts'),
      ]),
    );
  });

  it.each(catalogues)('%s has a Russian text for every English one', (_, messages) => {
    const missing = Object.keys(messages.en).filter(
      (key) => typeof messages.ru[key] !== 'string' || messages.ru[key].trim() === '',
    );
    expect(missing).toEqual([]);
    expect(Object.keys(messages.ru).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it.each(catalogues)('%s uses the same placeholders in both languages', (_, messages) => {
    const differing = Object.keys(messages.en).filter(
      (key) =>
        JSON.stringify(placeholders(messages.en[key])) !==
        JSON.stringify(placeholders(messages.ru[key] ?? '')),
    );
    expect(differing).toEqual([]);
  });

  it('says Inputs and Outputs in Russian as the spec does', async () => {
    const { calcMessages } = await import('../components/calculator/messages');
    expect(calcMessages.en).toMatchObject({ inputs: 'Inputs', outputs: 'Outputs' });
    expect(calcMessages.ru).toMatchObject({ inputs: 'Входные данные', outputs: 'Результаты' });
  });
});
