// The e2e fixtures: `server`, a real `allegra serve` process on a free port with a fresh
// SQLite file in a temporary folder, serving web/dist, with bots that answer at once
// (--bot-delay 0-0); it can be killed with SIGKILL and started again on the same port and
// database (the durability test). And a `page` that fails the test on any console error or
// warning, or an uncaught exception, except messages a test declares expected.
import { test as base, expect, type Page, type ConsoleMessage } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const webDir = resolve(here, '..');
export const ALLEGRA_BIN = process.env.ALLEGRA_BIN ?? resolve(webDir, '../build/release/allegra');

export class Server {
  private proc: ChildProcess | null = null;
  private log = '';
  port = 0;
  readonly dir: string;
  readonly db: string;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'allegra-e2e-'));
    this.db = join(this.dir, 'server.sqlite');
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server (on the previous port if it ran before) and waits for its `listening on` line. */
  async start(): Promise<void> {
    if (!existsSync(ALLEGRA_BIN)) throw new Error(`no server binary at ${ALLEGRA_BIN}: build it (cmake --build --preset release --target allegra) or set ALLEGRA_BIN`);
    const dist = join(webDir, 'dist');
    if (!existsSync(join(dist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
    const args = ['serve', '--port', String(this.port), '--db', this.db, '--web', dist, '--bot-delay', '0-0', '--log-level', 'warn', '--review-level', 'test'];
    const proc = spawn(ALLEGRA_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    proc.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    await new Promise<void>((resolveStart, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`allegra serve did not start within 10 s:\n${out}\n${this.log}`)), 10_000);
      proc.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          this.port = Number(m[1]);
          resolveStart();
        }
      });
      proc.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`allegra serve exited with ${code}:\n${out}\n${this.log}`));
      });
    });
  }

  /** kill -9: the process gets no chance to flush or say goodbye. */
  async kill9(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await gone;
    this.proc = null;
  }

  async stop(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    const timer = setTimeout(() => p.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
    this.proc = null;
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface ConsoleWatch {
  /** Console messages matching one of these are expected (e.g. the failed reconnects while the server is down). */
  allow: RegExp[];
  problems: string[];
}

/** Fails on console errors and warnings of this page (call once per page; the fixtures do it for `page`). */
export function watchConsole(page: Page, watch: ConsoleWatch): void {
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    const text = `${m.type()}: ${m.text()}`;
    if (!watch.allow.some((r) => r.test(text))) watch.problems.push(text);
  });
  page.on('pageerror', (e) => watch.problems.push(`uncaught: ${e.message}`));
}

export const test = base.extend<{ server: Server; consoleWatch: ConsoleWatch }>({
  server: async ({}, use) => {
    const s = new Server();
    await s.start();
    await use(s);
    await s.stop();
    s.cleanup();
  },
  consoleWatch: async ({}, use) => {
    const w: ConsoleWatch = { allow: [], problems: [] };
    await use(w);
    expect(w.problems, 'console errors or warnings').toEqual([]);
  },
  // The page depends on the server, so it closes before the server stops (no failed reconnects).
  page: async ({ page, consoleWatch, server: _server }, use) => {
    watchConsole(page, consoleWatch);
    await use(page);
  },
});

export { expect };
