import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** The environment of `npm start`: no NODE_ENV (vitest sets 'test'), so the server must choose production itself. */
function startEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_ENV;
  return env;
}

/**
 * Starts the built server (dist/server-main.mjs) as `npm start` does, on a free port, and waits for
 * its "Serving" line or its exit, however long that takes (how long it takes is bench/cold-start.ts's business).
 */
function startServer(dataDir: string): Promise<Started> {
  const child: ChildProcess = spawn(process.execPath, ['dist/server-main.mjs'], {
    cwd: root,
    env: startEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' }),
  });
  let output = '';
  children.set(child, () => output);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const check = () => {
      const port = /on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port), output: () => output });
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => reject(Object.assign(new Error(`exited with ${code}`), { code, output })));
  });
}

/** Every server this file started, with its output: one that never started is stopped and shown in afterAll. */
const children = new Map<ChildProcess, () => string>();

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
  let server: Started;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'ignore' });
    server = await startServer(dataDir);
  }, 180_000);

  afterAll(() => {
    for (const [child, output] of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      if (!server) console.error(`The server did not start:\n${output().slice(-3000)}`);
      child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the home page with demo content created on first start', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('listing-card');
    expect(server.output()).toContain('Demo content created');
    const asset = /"scripts":\["(\/assets\/[^"]+\.js)"/.exec(await (await fetch(`http://127.0.0.1:${server.port}/`)).text())?.[1];
    const script = await fetch(`http://127.0.0.1:${server.port}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Read to the end: an unread body keeps its connection busy, and the SIGTERM test below would
    // wait for it (the server finishes its requests before it stops).
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('runs in production mode without NODE_ENV set, and sends the real build compressed without public source maps', async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    expect(await (await fetch(`${origin}/healthz`)).json()).toMatchObject({ mode: 'production', node_env: 'production' });
    const br = { headers: { 'accept-encoding': 'br, gzip' } };
    const page = await fetch(`${origin}/search`, br);
    expect(page.headers.get('content-encoding')).toBe('br');
    const asset = /"scripts":\["(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    // A search answer (compressed per request at a quicker brotli quality) arrives whole.
    const search = await fetch(`${origin}/solr/select`, { method: 'POST', headers: { 'accept-encoding': 'br', 'content-type': 'application/x-www-form-urlencoded', origin }, body: 'q=*:*&fq=index_id:listings&facet=true&facet.field=ss_area&rows=30&fl=id&wt=json' });
    expect(search.headers.get('content-encoding')).toBe('br');
    const answer = (await search.json()) as { response: { numFound: number; docs: unknown[] }; facet_counts: unknown };
    expect(answer.response.numFound).toBeGreaterThan(30);
    expect(answer.response.docs).toHaveLength(30);
    expect(answer.facet_counts).toBeTruthy();
    const script = await fetch(`${origin}${asset}`, br);
    expect(script.headers.get('content-encoding')).toBe('br');
    const text = await script.text();
    expect(text).not.toContain('sourceMappingURL');
    const map = await fetch(`${origin}${asset}.map`);
    expect(map.status).toBe(404);
    await map.arrayBuffer(); // read to the end, so the connection is free when the server stops
    const publicFiles = fs.readdirSync(path.join(root, 'dist', 'client'), { recursive: true }).map(String);
    expect(publicFiles.filter((name) => name.endsWith('.map'))).toEqual([]);
    expect(fs.existsSync(path.join(root, 'dist', 'sourcemaps', `${asset?.slice(1)}.map`))).toBe(true);
  });

  it('refuses a second server on the same data directory with a clear message', async () => {
    const error = (await startServer(dataDir).catch((e: unknown) => e)) as { code: number; output: string };
    expect(error.code).toBe(1);
    expect(error.output).toContain(`Cannot start the server: The data directory ${dataDir} is already open in process ${server.child.pid}.`);
    expect(error.output).toContain("Only one server may use an embedded database at a time");
  });

  it('finishes on SIGTERM: exits cleanly and releases the data directory', async () => {
    server.child.kill('SIGTERM');
    // On failure, the server's last words say which step of the shutdown went wrong.
    expect(await exited(server.child), server.output().slice(-3000)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    const again = await startServer(dataDir);
    expect(again.output()).not.toContain('Demo content created');
    again.child.kill('SIGTERM');
    expect(await exited(again.child), again.output().slice(-3000)).toBe(0);
  });

  it('stops with a message naming a bad setting', async () => {
    const config = JSON.parse(fs.readFileSync(path.join(root, 'config/site.json'), 'utf8'));
    config.search.max_rows = 'ten';
    const file = path.join(dataDir, 'bad-site.json');
    fs.writeFileSync(file, JSON.stringify(config));
    const child = spawn(process.execPath, ['dist/server-main.mjs'], {
      cwd: root,
      env: startEnv({ PORT: '0', SITE_CONFIG: file, DATA_DIR: path.join(dataDir, 'other') }),
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    expect(await exited(child)).toBe(1);
    expect(output).toContain('search.max_rows');
  });
});
