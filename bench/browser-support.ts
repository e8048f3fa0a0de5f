/**
 * For the benchmarks that measure the running site: the production server on a fresh data
 * directory (demo content seeded on start) and, for those that measure in it, the system
 * Chromium; both gone again afterwards.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { serverCommand } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The flags the system Chromium runs with on this machine (headless, no sandbox, no background traffic). */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Starts the production server (NODE_ENV=production) of this checkout, or of `checkout`, on a fresh
 * data directory; resolves once it answers.
 */
export async function startSite(name: string, port: number, checkout = root): Promise<{ origin: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const { command, args } = serverCommand(checkout);
  const server = spawn(command, args, {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (i > 1200 || server.exitCode !== null) throw new Error('server did not start');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        // not yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, stop };
}

export async function withSiteInChromium<T>(name: string, port: number, run: (browser: Browser) => Promise<T>): Promise<T> {
  const site = await startSite(name, port);
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      return await run(browser);
    } finally {
      await browser.close();
    }
  } finally {
    await site.stop();
  }
}
