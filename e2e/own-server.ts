/**
 * A production server of a spec's own (scripts/e2e-server.mjs, the owner's pages on), for specs
 * whose changes would alter what the other specs see: a new listing, a renamed site. Its data
 * folder is removed when it stops.
 *
 *   const server = await startOwnServer(port);   // http://127.0.0.1:{port}
 *   ...
 *   await server.stop();
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN_PASSWORD } from './admin-password';

const root = path.resolve(import.meta.dirname, '..');

export interface OwnServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startOwnServer(port: number): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = path.join(root, '.tmp', `e2e-data-production-${port}`);
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: origin, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The spec's own server did not start on ${origin}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
