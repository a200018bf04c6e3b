// The versions API (`GET /api/source/{id}/versions?page=N`, `…/versions/{n}`) and how the
// history panel shows a version's time and tests.
import { api } from '../../../lib/api';
import type { Answer, Narrow, Schemas } from '../../../lib/api/wire';
import { translate } from '../../../lib/i18n';
import type { CalcDoc, DocStyle } from '../../../lib/types';
import type { Locale } from '../../../stores/ui';
import type { ChangeWords } from './doc-changes';
import { historyMessages, type HistoryMessageKey } from './messages';

/** How many tests passed and failed (a row's summary, or a full report's counts). */
export type TestCounts = Schemas['TestsSummary'];

/** One row of the versions list, newest first. */
export type VersionRow = Schemas['ListedVersion'];

export type VersionsPage = Answer<'/api/source/{id}/versions', 'get'>;

/** One version with its doc. */
export type VersionDetail = Narrow<
  Answer<'/api/source/{id}/versions/{number}', 'get'>,
  { doc: CalcDoc; doc_style: DocStyle | null }
>;

export const fetchVersions = (calcId: string, page: number, signal?: AbortSignal) =>
  api.get<VersionsPage>(`/api/source/${calcId}/versions?page=${page}`, { signal });

export const fetchVersion = (calcId: string, number: number, signal?: AbortSignal) =>
  api.get<VersionDetail>(`/api/source/${calcId}/versions/${number}`, { signal });

/** A save's time in the interface's language: date and time to the minute. */
export function versionTime(ms: number, locale: Locale): string {
  const date = new Date(ms);
  if (!Number.isFinite(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The test badge's text and state, or null when the version has no tests. */
export function testBadge(
  tests: TestCounts | null | undefined,
  t: (key: HistoryMessageKey, params?: Record<string, string | number>) => string,
): { text: string; failed: boolean } | null {
  if (!tests || typeof tests.passed !== 'number' || typeof tests.failed !== 'number') return null;
  const total = tests.passed + tests.failed;
  if (total === 0) return null;
  return tests.failed > 0
    ? { text: t('testsFailed', { failed: tests.failed, total }), failed: true }
    : { text: t('testsPassed', { passed: tests.passed }), failed: false };
}

const PHRASES = new Set([
  'added',
  'removed',
  'renamed',
  'reordered',
  'settingChange',
  'itemChange',
]);

/** The words of the change list, in `locale`. */
export function changeWords(locale: Locale): ChangeWords {
  const t = (key: HistoryMessageKey, params?: Record<string, string>) =>
    translate(historyMessages, locale, key, params);
  return {
    label: (key) => (key in historyMessages.en ? t(key as HistoryMessageKey) : undefined),
    phrase: (key, params) => (PHRASES.has(key) ? t(key, params) : key),
    on: t('on'),
    off: t('off'),
    none: t('none'),
    quote: (text) => (locale === 'ru' ? `«${text}»` : `“${text}”`),
  };
}
