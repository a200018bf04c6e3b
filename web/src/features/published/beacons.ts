// Visit beacons (docs/analytics.md): a published page or embed tells the server, with
// navigator.sendBeacon, that it was viewed, used (an input changed, or it ran on values
// from the address) or showed an error. Nothing the visitor entered is sent. The editor
// never sends one, and the author's own visits are not sent (nor counted by the server).
import { useCallback, useEffect, useRef } from 'react';
import { useSession } from '../../stores/session';

export type BeaconEvent =
  | { type: 'view'; referrer?: string; site?: string }
  | { type: 'engaged' }
  | { type: 'submit' }
  | { type: 'error'; message: string };

/** The most error beacons one page sends (a calculator failing on every keystroke). */
export const MAX_ERROR_BEACONS = 5;

/** Sends one event for `calcId`; losing it is harmless, so failures are ignored. */
export function sendBeacon(calcId: string, event: BeaconEvent): void {
  const url = `/api/calc/${encodeURIComponent(calcId)}/events`;
  // A string is sent as text/plain: no preflight, and the server reads it as JSON.
  const body = JSON.stringify(event);
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // Refused (a page being unloaded, a blocked request): try fetch once.
  }
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(
    () => {},
  );
}

/**
 * The origin of the page the visitor came from (`https://example.com`), never its path or
 * query, which may hold what the visitor searched for; `undefined` for none or not a web page.
 */
export function originOf(referrer: string): string | undefined {
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export interface VisitBeacons {
  /** The visitor changed an input: sent once a page. */
  engaged(): void;
  /** An error was shown: each message once a page, at most MAX_ERROR_BEACONS. */
  error(message: string): void;
  /** The visitor's submission was stored: each one is sent. */
  submitted(): void;
}

/**
 * Sends the view once the calculator is on screen (with the page the visitor came from,
 * or for an embed the page that embeds it), an engaged visit when it opened with values
 * from the address or an input changes, and the errors shown. Nothing for its owner.
 */
export function useVisitBeacons(
  calcId: string | undefined,
  options: { ready: boolean; owns: boolean; embed?: boolean; fromHash?: boolean },
): VisitBeacons {
  const { ready, owns, embed = false, fromHash = false } = options;
  const sent = useRef<{ id?: string; engaged: boolean; errors: Set<string> }>({
    engaged: false,
    errors: new Set(),
  });
  // A signed-in visitor may be the author: nothing is sent before their account is known.
  const accountKnown = useSession((s) => !s.authenticated || s.user !== null);
  const active = !!calcId && ready && accountKnown && !owns;

  useEffect(() => {
    if (!active || !calcId || sent.current.id === calcId) return;
    sent.current = { id: calcId, engaged: false, errors: new Set() };
    const from = originOf(document.referrer);
    sendBeacon(calcId, embed ? { type: 'view', site: from } : { type: 'view', referrer: from });
    if (fromHash) {
      sent.current.engaged = true;
      sendBeacon(calcId, { type: 'engaged' });
    }
  }, [active, calcId, embed, fromHash]);

  const engaged = useCallback(() => {
    if (!active || !calcId || sent.current.id !== calcId || sent.current.engaged) return;
    sent.current.engaged = true;
    sendBeacon(calcId, { type: 'engaged' });
  }, [active, calcId]);

  const error = useCallback(
    (message: string) => {
      const errors = sent.current.errors;
      if (!active || !calcId || sent.current.id !== calcId) return;
      if (errors.has(message) || errors.size >= MAX_ERROR_BEACONS) return;
      errors.add(message);
      sendBeacon(calcId, { type: 'error', message: message.slice(0, 200) });
    },
    [active, calcId],
  );

  const submitted = useCallback(() => {
    if (!active || !calcId || sent.current.id !== calcId) return;
    sendBeacon(calcId, { type: 'submit' });
  }, [active, calcId]);

  return { engaged, error, submitted };
}
