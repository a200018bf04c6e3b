import { cacheBustToken } from '../../lib/ids';
import { HASH_STEP_KEY } from './hash-values';

/** Share popups are 550 × 420 (spec §9). */
export const POPUP_FEATURES = 'width=550,height=420,noopener';

/**
 * The published page's address with a 5-character cache-bust token (spec §2); with
 * `values` (keyed by input id), a hash that opens the calculator with them (hash-values.ts),
 * and on the visitor's `step` (by id) when the calculator has steps.
 */
export function shareUrl(
  calcId: string,
  origin = window.location.origin,
  values?: Record<string, unknown>,
  step?: string | null,
): string {
  const carried = values && step ? { ...values, [HASH_STEP_KEY]: step } : values;
  const hash = carried ? `#${encodeURIComponent(JSON.stringify(carried))}` : '';
  return `${origin}/calc/${calcId}?s=${cacheBustToken()}${hash}`;
}

export const twitterUrl = (url: string, text: string) =>
  `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;

export const facebookUrl = (url: string) =>
  `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;

export const mailUrl = (url: string, subject: string) =>
  `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(url)}`;

/** `text` safe in HTML text and in a quoted attribute. */
const escapeHtml = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The one-line embed (docs/embed.md): embed.js, and the element it puts the calculator in,
 * which holds a link to it until then (and for pages that run no scripts).
 */
export function oneLineSnippet(calcId: string, title: string, origin = window.location.origin) {
  return [
    `<script src="${origin}/embed.js" async></script>`,
    `<div data-calcsmith="${calcId}"><a href="${origin}/calc/${calcId}">${escapeHtml(title)}</a></div>`,
  ].join('\n');
}

/** The older snippet: the frame plus a listener that sizes it to the embed's height. */
export function embedSnippet(calcId: string, title: string, origin = window.location.origin) {
  const frameId = `calcsmith-${calcId}`;
  const safeTitle = escapeHtml(title);
  return [
    `<iframe id="${frameId}" src="${origin}/embed/${calcId}" title="${safeTitle}" style="width:100%;border:0" height="480" loading="lazy"></iframe>`,
    `<script>addEventListener("message",function(e){if(e.origin!=="${origin}"||!e.data||e.data.type!=="calcsmith:height"||e.data.id!=="${calcId}")return;document.getElementById("${frameId}").style.height=e.data.height+"px"});</script>`,
  ].join('\n');
}
