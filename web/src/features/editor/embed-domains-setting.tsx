// "Sites that may embed this calculator" (issue 32): the doc's `embedDomains`, one site a
// line. Each line is read as the embed and the server read it (lib/embed-domains.ts), and
// the first problem shows under the field in the server's words before any save.
import { useState } from 'react';
import { MAX_EMBED_DOMAINS, parseEmbedDomain } from '../../lib/embed-domains';
import type { CalcDoc } from '../../lib/types';
import { useT } from '../../stores/i18n';
import { TextField } from './fields';
import { embedDomainsMessages } from './embed-domains-messages';

/** How much of a refused entry the message quotes (as the server's does). */
const QUOTED_CHARS = 60;

/** The doc's list (an absent or malformed field reads as no list). */
export function embedDomainsOf(doc: CalcDoc): string[] {
  const list = doc.embedDomains;
  return Array.isArray(list) ? list.map((entry) => String(entry)) : [];
}

/** The entries of the field's text: its lines, trimmed, without the empty ones. */
export function entriesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The first thing the server would refuse in `entries`, if any. */
export type EmbedDomainsProblem =
  { kind: 'notASite'; entry: string } | { kind: 'tooMany'; count: number };

export function embedDomainsProblem(entries: readonly string[]): EmbedDomainsProblem | null {
  if (entries.length > MAX_EMBED_DOMAINS) return { kind: 'tooMany', count: entries.length };
  const bad = entries.find((entry) => parseEmbedDomain(entry) === null);
  return bad === undefined ? null : { kind: 'notASite', entry: quoted(bad.trim()) };
}

/** `entry` as a message quotes it: control characters as spaces, at most 60 characters. */
function quoted(entry: string): string {
  // eslint-disable-next-line no-control-regex
  const chars = [...entry.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')];
  const shown = chars.slice(0, QUOTED_CHARS).join('');
  return chars.length > QUOTED_CHARS ? `${shown}…` : shown;
}

/** `doc` with `entries` as its list; none removes the field (every site may embed it). */
function withEntries(doc: CalcDoc, entries: string[]): CalcDoc {
  const rest = { ...doc };
  delete rest.embedDomains;
  return entries.length > 0 ? { ...rest, embedDomains: entries } : rest;
}

export function EmbedDomainsSetting(props: {
  doc: CalcDoc;
  onDocChange(change: (doc: CalcDoc) => CalcDoc): void;
}) {
  const t = useT(embedDomainsMessages);
  const entries = embedDomainsOf(props.doc);
  // What is typed (blank lines, a line being started) while the doc holds its entries.
  const [draft, setDraft] = useState<{ text: string; entries: string } | null>(null);
  const text = draft && draft.entries === JSON.stringify(entries) ? draft.text : entries.join('\n');
  const problem = embedDomainsProblem(entries);
  return (
    <TextField
      label={t('label')}
      multiline
      placeholder="example.com"
      hint={t(entries.length === 0 ? 'hintOpen' : 'hintListed')}
      error={
        problem?.kind === 'notASite'
          ? t('notASite', { entry: problem.entry })
          : problem?.kind === 'tooMany'
            ? t('tooMany', { count: problem.count, max: MAX_EMBED_DOMAINS })
            : null
      }
      value={text}
      onChange={(typed) => {
        const next = entriesOf(typed);
        setDraft({ text: typed, entries: JSON.stringify(next) });
        props.onDocChange((old) => withEntries(old, next));
      }}
    />
  );
}
