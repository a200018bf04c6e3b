// End-to-end tests: Debian's Chromium against the real server (`calcsmith serve`), which
// e2e/global-setup.ts starts on a free port with a fresh SQLite database for every run.
// Build first: `cargo build -p calcsmith-server --bin calcsmith` and `npx vite build`.
import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  // The server's rate limits count per minute: keep runs short and predictable.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // Set by the global setup; the workers start after it and inherit it.
    baseURL: process.env.CALCSMITH_E2E_BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    colorScheme: 'light',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CALCSMITH_E2E_CHROMIUM || '/usr/bin/chromium',
        },
      },
    },
  ],
});
