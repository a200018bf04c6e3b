// embed.js, the one-line embed (docs/embed.md): a host page includes
// `<script src="https://HOST/embed.js" async></script>` and `<div data-calcsmith="ID">`
// anywhere, as often as it likes. Each such element (also one added later) gets an iframe
// of `/embed/{id}` that takes the calculator's height, and `window.Calcsmith.get(…)` gives
// its handle (handle.ts). HOST is where this script came from.
//
// A bundle of its own with no framework, built as a classic script (web/vite.config.ts).
import { install } from './install';

/** Where this script came from: the Calcsmith server the frames load from. */
function calcsmithOrigin(): string {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="/embed.js"]');
  return new URL(script?.src ?? window.location.href, window.location.href).origin;
}

// Twice on one page (two snippets pasted), the first one serves.
if (!window.Calcsmith) {
  window.Calcsmith = install(calcsmithOrigin());
  document.dispatchEvent(new Event('calcsmith:load'));
}
