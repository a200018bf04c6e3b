// What the browser benchmarks (browser.mjs and the probes) share: their command line,
// the browser they launch, the median they report and the first-output watch.

const args = process.argv.slice(2);

/** The value after `--name` on the command line, or `fallback`. */
export const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};

/** Whether `--name` is on the command line. */
export const flag = (name) => args.includes(`--${name}`);

/** Debian's Chromium, unless `--chromium` or CALCSMITH_E2E_CHROMIUM names another. */
export const CHROMIUM = option(
  'chromium',
  process.env.CALCSMITH_E2E_CHROMIUM || '/usr/bin/chromium',
);

/** The median of the finite values (a mark a load did not have is NaN). */
export const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Runs in the page before the app (`addInitScript`): notes when the `total` output first
 * shows text (`dom`) and the animation frame after it (`frame`), in `window.__firstOutput`.
 */
export function watchFirstOutput() {
  const find = () => document.querySelector('[data-output="total"] dd .output-text');
  const observer = new MutationObserver(() => {
    const element = find();
    if (!element || element.classList.contains('placeholder')) return;
    const text = element.textContent.trim();
    if (!text) return;
    const dom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__firstOutput = { dom, frame: performance.now(), text };
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}
