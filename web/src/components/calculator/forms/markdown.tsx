// The small Markdown of a calculator's, a section's and a step's description (issue 30):
// *emphasis*, **strong**, [links](https://…) to http, https and mailto addresses only,
// `- ` and `1. ` lists and paragraphs. Everything else, HTML included, is text: the
// result is React elements, never markup, so nothing the author writes can run.
import type { ReactNode } from 'react';

/** The addresses a link may go to; any other (`javascript:`, `data:`, relative) stays text. */
const SAFE_ADDRESS = /^(https?:\/\/|mailto:)/i;

/** Whether `address` is a link the page may follow (http, https or mailto, well formed). */
export function safeLinkAddress(address: string): boolean {
  if (!SAFE_ADDRESS.test(address)) return false;
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(address).protocol);
  } catch {
    return false;
  }
}

/** One block of the text: a paragraph's lines, or a list's items. */
type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'numbers'; start: number; items: string[] };

const BULLET = /^\s*- (.*)$/;
const NUMBERED = /^\s*(\d{1,9})\. (.*)$/;

/** The text's blocks: a blank line ends one; list items are lines that start like one. */
export function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let open: Block | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (line.trim() === '') {
      open = null;
    } else if (bullet) {
      if (open?.kind !== 'bullets') blocks.push((open = { kind: 'bullets', items: [] }));
      open.items.push(bullet[1]);
    } else if (numbered) {
      if (open?.kind !== 'numbers') {
        blocks.push((open = { kind: 'numbers', start: Number(numbered[1]), items: [] }));
      }
      open.items.push(numbered[2]);
    } else {
      if (open?.kind !== 'paragraph') blocks.push((open = { kind: 'paragraph', lines: [] }));
      open.lines.push(line);
    }
  }
  return blocks;
}

const LINK = /^\[([^\]\n]+)\]\(([^()\s]+)\)/;
const ESCAPABLE = /[\\*[\]()_-]/;

/** Inline text as React nodes: escapes, strong, emphasis and links (not inside links). */
function inline(text: string, inLink = false): ReactNode[] {
  const nodes: ReactNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) nodes.push(plain);
    plain = '';
  };
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    if (rest[0] === '\\' && rest.length > 1 && ESCAPABLE.test(rest[1])) {
      plain += rest[1];
      at += 2;
      continue;
    }
    if (rest.startsWith('**')) {
      const end = rest.indexOf('**', 2);
      if (end > 2 && rest[2] !== ' ') {
        flush();
        nodes.push(<strong key={nodes.length}>{inline(rest.slice(2, end), inLink)}</strong>);
        at += end + 2;
        continue;
      }
    } else if (rest[0] === '*') {
      const end = rest.indexOf('*', 1);
      if (end > 1 && rest[1] !== ' ') {
        flush();
        nodes.push(<em key={nodes.length}>{inline(rest.slice(1, end), inLink)}</em>);
        at += end + 1;
        continue;
      }
    } else if (rest[0] === '[' && !inLink) {
      const link = LINK.exec(rest);
      if (link && safeLinkAddress(link[2])) {
        flush();
        nodes.push(
          <a key={nodes.length} href={link[2]} target="_blank" rel="noopener noreferrer">
            {inline(link[1], true)}
          </a>,
        );
        at += link[0].length;
        continue;
      }
    }
    plain += rest[0];
    at += 1;
  }
  flush();
  return nodes;
}

/** A paragraph's lines, each line break kept. */
function lines(of: string[]): ReactNode[] {
  return of.flatMap((line, index) =>
    index === 0 ? inline(line) : [<br key={`br${index}`} />, ...inline(line)],
  );
}

/**
 * `text` in the small Markdown, as paragraphs and lists (in a `div` with `className`);
 * nothing for empty text.
 */
export function SmallMarkdown({ text, className }: { text: unknown; className?: string }) {
  const source = typeof text === 'string' ? text : '';
  if (source.trim() === '') return null;
  return (
    <div className={className ? `small-markdown ${className}` : 'small-markdown'}>
      {markdownBlocks(source).map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{lines(block.lines)}</p>
        ) : block.kind === 'bullets' ? (
          <ul key={index}>
            {block.items.map((item, n) => (
              <li key={n}>{inline(item)}</li>
            ))}
          </ul>
        ) : (
          <ol key={index} start={block.start === 1 ? undefined : block.start}>
            {block.items.map((item, n) => (
              <li key={n}>{inline(item)}</li>
            ))}
          </ol>
        ),
      )}
    </div>
  );
}
