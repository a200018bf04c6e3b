// Makes the web app manifest's icons (web/public/icons/) from the logo
// (server/static/img/icons/logo.svg), drawn by Chromium so they look exactly like it.
// Run from web/ after changing the logo: `node scripts/make-icons.mjs`; commit the PNGs.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const logo = readFileSync(join(web, '../server/static/img/icons/logo.svg'), 'utf8');
const out = join(web, 'public/icons');

/** `logo` at `scale` of the square, on `background` (transparent when absent). */
const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 1 },
  { file: 'icon-512.png', size: 512, scale: 1 },
  // Maskable: the platform cuts the square to its own shape; the logo stays inside the
  // safe zone (the centred circle of 80 % of the width) on a full-bleed background.
  { file: 'icon-maskable-512.png', size: 512, scale: 0.6, background: '#e8f0fb' },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.8, background: '#e8f0fb' },
];

const browser = await chromium.launch({
  executablePath: process.env.CALCSMITH_E2E_CHROMIUM || '/usr/bin/chromium',
});
try {
  const page = await browser.newPage();
  for (const { file, size, scale, background } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    const side = Math.round(size * scale);
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;` +
        `background:${background ?? 'transparent'}">` +
        logo.replace('<svg ', `<svg style="width:${side}px;height:${side}px" `) +
        '</body>',
    );
    await page.screenshot({ path: join(out, file), omitBackground: !background });
    console.log(`${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
