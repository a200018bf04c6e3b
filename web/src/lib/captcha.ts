// The proof-of-work captcha (a self-hosted ALTCHA challenge from GET /api/captcha), solved in
// the browser: the sign-up and the visitor's submission form both send its payload.
import { sha, solveChallenge } from 'altcha/lib';

/** Solves one challenge; resolves with the payload the server checks (each is used once). */
export async function solveCaptcha(): Promise<string> {
  const response = await fetch('/api/captcha', { credentials: 'same-origin' });
  if (!response.ok) throw new Error('captcha');
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('captcha');
  return btoa(JSON.stringify({ challenge, solution }));
}
