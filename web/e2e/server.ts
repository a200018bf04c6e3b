// Starts the real server (`calcsmith serve`) on a port of its own with a data directory of
// its own (a new SQLite database): the global setup starts the run's server with it, and a
// test that needs a server of its own (a deployment of another build, say) starts one too.
//
// CALCSMITH_E2E_BIN    the server binary (default: <repo>/target/debug/calcsmith)
// CALCSMITH_E2E_CALC   the evaluation worker binary (default: `calc` beside the server)
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const webRoot = resolve(here, '..');
const repo = resolve(webRoot, '..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

function need(path: string, hint: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: ${hint}`);
  return path;
}

async function waitReady(url: string, server: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server exited (${server.exitCode}):\n${readFileSync(log, 'utf8')}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`the server was not ready within 60 s:\n${readFileSync(log, 'utf8')}`);
}

export interface StartedServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts `calcsmith serve` serving the web build in `webDir` (default web/dist) with its data
 * (database and log) in `dataDir`, and waits until it is ready.
 */
export async function startServer(options: {
  dataDir: string;
  webDir?: string;
  port?: number;
}): Promise<StartedServer> {
  const bin = need(
    resolve(repo, process.env.CALCSMITH_E2E_BIN || 'target/debug/calcsmith'),
    'build it with `cargo build -p calcsmith-server --bin calcsmith` (or set CALCSMITH_E2E_BIN)',
  );
  const calc = need(
    process.env.CALCSMITH_E2E_CALC
      ? resolve(repo, process.env.CALCSMITH_E2E_CALC)
      : join(dirname(bin), 'calc'),
    'build it with `cargo build -p calcsmith-engine --bin calc` (or set CALCSMITH_E2E_CALC)',
  );
  const webDir = options.webDir ?? join(webRoot, 'dist');
  need(join(webDir, 'index.html'), 'build the web app with `npx vite build`');
  need(join(repo, 'pkg/calcsmith_engine_bg.wasm'), 'build the engine with `scripts/build-wasm`');

  const port = options.port ?? (await freePort());
  const { dataDir } = options;
  mkdirSync(dataDir, { recursive: true });
  const log = join(dataDir, 'server.log');
  const out = openSync(log, 'a');
  const baseUrl = `http://127.0.0.1:${port}`;

  const server = spawn(bin, ['serve'], {
    cwd: repo,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      CALCSMITH_DATA_DIR: dataDir,
      DATABASE_URL: `sqlite://${join(dataDir, 'calcsmith.db')}?mode=rwc`,
      CALCSMITH_WEB_DIR: webDir,
      CALCSMITH_PKG_DIR: join(repo, 'pkg'),
      CALCSMITH_CALC_BIN: calc,
      // Every test browser comes from 127.0.0.1: a per-address limit of 10 sign-ups a
      // minute would make the suite wait or fail. The limits themselves are server tests.
      CALCSMITH_RATE_LIMIT_SCALE: '100',
      // Tests in parallel share a few users and one address: more of one owner's
      // calculations may wait than a real author's would (the limits are server tests).
      CALCSMITH_EVAL_QUEUE_PER_OWNER: '32',
      CALCSMITH_EVAL_QUEUE: '128',
      // Visitors' events reach the author's Analytics screen within half a second.
      CALCSMITH_ANALYTICS_FLUSH_MS: '500',
      // Webhook endpoints on this machine (the tests' receivers) are allowed (issue 29).
      CALCSMITH_WEBHOOKS_ALLOW_LOOPBACK: '1',
      RUST_LOG: process.env.RUST_LOG || 'warn',
    },
  });
  await waitReady(`${baseUrl}/readyz`, server, log);

  return {
    baseUrl,
    dataDir,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
