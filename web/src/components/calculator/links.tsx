// Output text with http(s) links made clickable and shortened (spec §9: past 30 characters).
import type { ReactNode } from 'react';

export const LINK_LENGTH = 30;

export const shortenLink = (url: string) =>
  url.length > LINK_LENGTH ? `${url.slice(0, LINK_LENGTH)}…` : url;

export function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /https?:\/\/[^\s<>"']+/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      <a
        key={at}
        href={match[0]}
        target="_blank"
        rel="noopener noreferrer nofollow"
        title={match[0]}
      >
        {shortenLink(match[0])}
      </a>,
    );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
