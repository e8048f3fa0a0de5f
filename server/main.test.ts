import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_UNAVAILABLE } from './search/proxy.ts';

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
function startServer(dataDir: string, extra: Record<string, string> = {}): Promise<Started> {
  const child: ChildProcess = spawn(process.execPath, ['dist/server-main.mjs'], {
    cwd: root,
    env: startEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', ...extra }),
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
    // The first start built the search index and saved it with the snapshot; the restart loads it.
    expect(server.output()).toMatch(/"fromSnapshot":false,"fromImage":false[^\n]*search index built/);
    expect(fs.existsSync(path.join(dataDir, 'search-snapshot-index.bin'))).toBe(true);
    const again = await startServer(dataDir);
    expect(again.output()).not.toContain('Demo content created');
    await expect.poll(() => /search index built/.test(again.output()), { timeout: 30_000, interval: 200 }).toBe(true);
    expect(again.output()).toMatch(/"fromSnapshot":true,"fromImage":true[^\n]*search index built/);
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

/**
 * Solr unreachable when the server starts (docs/search.md, Lost nodes): SOLR_URL on a loopback port
 * nothing listens on. The pages are served, search answers 503 with the message, and the server
 * says it will fill Solr again (in 30 s by default; SOLR_RETRY_SECONDS=5 here). Then a stand-in Solr comes up on that port: the server
 * fills it by itself (nothing restarted) and search answers from it. (Nodes lost while running,
 * against a real SolrCloud: solr/test/faults.test.ts.)
 */
describe('npm start with Solr unreachable', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solr-down-'));
  const fixture = (name: string) => fs.readFileSync(path.join(root, 'server', 'search', 'fixtures', name), 'utf8');
  const updates: string[] = [];
  let solrPort: number;
  let solr: http.Server | undefined;
  let server: Started;
  const search = () => fetch(`http://127.0.0.1:${server.port}/solr/select?q=*:*&wt=json`);

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'ignore' });
    // A loopback port free just now.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    solrPort = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    server = await startServer(dataDir, { SOLR_URL: `http://127.0.0.1:${solrPort}/solr/rentals`, SOLR_RETRY_SECONDS: '5' });
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    await new Promise<void>((resolve) => (solr ? solr.close(() => resolve()) : resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves its pages, answers search with a prompt 503, and says it will fill Solr again', async () => {
    for (const page of ['/', '/search', '/events']) expect((await fetch(`http://127.0.0.1:${server.port}${page}`)).status, page).toBe(200);
    const started = performance.now();
    const answer = await search();
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(((await answer.json()) as { message?: string }).message).toBe(SEARCH_UNAVAILABLE);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(server.output()).toContain(`Could not fill Solr at http://127.0.0.1:${solrPort}/solr/rentals`);
    expect(server.output()).toContain('Trying again in 5 s');
  });

  it('fills Solr by itself once it is up, and search answers from it', async () => {
    solr = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://solr');
        if (url.pathname.endsWith('/update')) updates.push(body);
        response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        response.end(url.pathname.endsWith('/select') ? fixture('select-faceted.json') : fixture('update-ok.json'));
      });
    });
    await new Promise<void>((resolve) => solr!.listen(solrPort, '127.0.0.1', resolve));
    // The server's next try is 5 s after the first: the index is built then, with every listing.
    await expect.poll(() => /search index built/.test(server.output()), { timeout: 60_000, interval: 1000 }).toBe(true);
    const documents = updates.flatMap((body) => {
      const parsed: unknown = JSON.parse(body);
      return Array.isArray(parsed) ? (parsed as Array<{ id?: unknown }>) : [];
    });
    const built = Number(/"documents":(\d+)[^\n]*search index built/.exec(server.output())?.[1]);
    expect(built).toBeGreaterThan(0);
    expect(documents.length).toBe(built);
    expect(documents.every((document) => typeof document.id === 'string' && document.id !== '')).toBe(true);
    const answer = await search();
    expect(answer.status).toBe(200);
    const expected = (JSON.parse(fixture('select-faceted.json')) as { response: { numFound: number } }).response.numFound;
    expect(((await answer.json()) as { response: { numFound: number } }).response.numFound).toBe(expected);
  }, 90_000);
});
