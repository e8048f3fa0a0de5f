/**
 * Cold start: time from `npm start` to the first page, on a fresh data directory.
 *  - "first start": no build, no database (a fresh clone after `npm ci`): build + migrate + demo content;
 *  - "fresh data": build present, empty data directory: migrate + demo content;
 *  - "restart": build and database present.
 * Prints the figures and writes bench/results/cold-start.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4390);

async function timeStart(label: string, dataDir: string, removeBuild: boolean) {
  if (removeBuild) fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  // The server's own account of its start (database, demo content, index, renderer), from its log.
  let phases: unknown = null;
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const line = output.split('\n').find((l) => l.includes('startupMs'));
    if (line && !phases) phases = (JSON.parse(line) as { phases?: unknown; startupMs?: number }).phases ?? null;
  });
  try {
    for (;;) {
      if (performance.now() - started > 180_000) throw new Error(`${label}: no page after 180 s`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.ok && (await response.text()).includes('listing-card')) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ms = Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { label, ms, loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100), phases };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    // npm exits at once; the server finishes its requests and closes the database first. The next
    // start must not find it still listening, so wait until the whole process group is gone.
    for (;;) {
      try {
        process.kill(-child.pid!, 0);
      } catch {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cold-start-'));
const results = [
  await timeStart('first start (build + database + demo content)', dataDir, true),
  await timeStart('restart (build and database present)', dataDir, false),
];
fs.rmSync(dataDir, { recursive: true, force: true });
const second = fs.mkdtempSync(path.join(os.tmpdir(), 'cold-start-'));
results.splice(1, 0, await timeStart('fresh data directory (build present)', second, false));
fs.rmSync(second, { recursive: true, force: true });

for (const { label, ms, loadAverage, phases } of results) {
  console.log(`${label.padEnd(50)} ${(ms / 1000).toFixed(2)} s   load average ${loadAverage.join(' ')}   server phases (ms) ${JSON.stringify(phases)}`);
}
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench', 'results', 'cold-start.json'),
  JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, results }, null, 2) + '\n',
);
