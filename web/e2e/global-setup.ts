// Starts the real server for the run (e2e/server.ts): `calcsmith serve` on a free port, with a
// fresh data directory (a new SQLite database) under test-results/server/, which Playwright
// empties before every run and which keeps the server's log for a failed run.
//
// CALCSMITH_E2E_BIN    the server binary (default: <repo>/target/debug/calcsmith)
// CALCSMITH_E2E_CALC   the evaluation worker binary (default: `calc` beside the server)
// CALCSMITH_E2E_PORT   a fixed port instead of a free one
import { join } from 'node:path';
import { startServer, webRoot } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer({
    dataDir: join(webRoot, 'test-results/server'),
    port: Number(process.env.CALCSMITH_E2E_PORT) || undefined,
  });
  // The workers start after this and inherit these (playwright.config.ts reads the URL).
  process.env.CALCSMITH_E2E_BASE_URL = server.baseUrl;
  process.env.CALCSMITH_E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
