// Builds what is missing or older than its sources, so a fresh clone needs no separate build step:
//  - the server bundle, dist/server-main.mjs (server/ and the src/ modules it uses, one ES module
//    that `npm start` runs with plain node: no TypeScript loader at run time), and beside it
//    dist/calendar-feed-worker.mjs, the thread calendar feeds are read in;
//  - the client (dist/client: hashed assets, each precompressed as .br and .gz for @fastify/static)
//    and the server-rendering bundle (dist/server), two Vite builds run side by side.
// Source maps of the client go to dist/sourcemaps (never under dist/client, which is public).
//
//   node scripts/ensure-build.mjs            everything that is stale
//   node scripts/ensure-build.mjs --server   the server bundle only (npm start's prestart)
//   node scripts/ensure-build.mjs --client   the client and rendering bundles only (the server runs it at start)
//   node scripts/ensure-build.mjs --force    everything, stale or not (npm run build)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { moveSourceMaps, precompress } from './precompress.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const args = new Set(process.argv.slice(2));
const force = args.has('--force');
const wantServer = !args.has('--client');
const wantClient = !args.has('--server');

const parts = {
  client: { stamp: path.join(dist, '.build-stamp'), inputs: ['src', 'vite.config.ts', 'vite.owner.config.ts', 'package-lock.json', 'tsconfig.json'] },
  server: { stamp: path.join(dist, '.server-stamp'), inputs: ['server', 'src', 'scripts/ensure-build.mjs', 'package-lock.json', 'tsconfig.json'] },
};

function newest(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(file).reduce((max, name) => Math.max(max, newest(path.join(file, name))), stat.mtimeMs);
}

function isStale({ stamp, inputs }) {
  if (force) return true;
  const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Math.max(...inputs.map((input) => newest(path.join(root, input)))) >= built;
}

function run(args) {
  // Always a production build, whatever NODE_ENV the caller has (vitest sets 'test').
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite ${args.join(' ')} exited with ${code}`))));
  });
}

async function buildClient() {
  await Promise.all([run(['build', '--logLevel', 'warn']), run(['build', '--ssr', 'src/app/entry-server.tsx', '--logLevel', 'warn'])]);
  // The owner's app, a build of its own (nothing of it in the guests' chunks), into dist/client/assets/owner
  // once the guests' build has emptied dist/client.
  await run(['build', '-c', 'vite.owner.config.ts', '--logLevel', 'warn']);
  const clientDir = path.join(dist, 'client');
  moveSourceMaps(clientDir, path.join(dist, 'sourcemaps'));
  await precompress(path.join(clientDir, 'assets'));
  fs.writeFileSync(parts.client.stamp, new Date().toISOString());
  console.log('Built dist/client and dist/server.');
}

async function buildServer() {
  const esbuild = await import('esbuild');
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies load from node_modules as they are; only our own TypeScript is bundled.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  };
  await Promise.all([
    esbuild.build({ ...common, entryPoints: [path.join(root, 'server', 'main.ts')], outfile: path.join(dist, 'server-main.mjs') }),
    // The calendar feed worker's thread (server/calendar/feed-reader.ts starts it beside the bundle).
    esbuild.build({ ...common, entryPoints: [path.join(root, 'server', 'calendar', 'feed-worker.ts')], outfile: path.join(dist, 'calendar-feed-worker.mjs') }),
  ]);
  fs.writeFileSync(parts.server.stamp, new Date().toISOString());
  console.log('Built dist/server-main.mjs.');
}

fs.mkdirSync(dist, { recursive: true });
const jobs = [];
if (wantServer && isStale(parts.server)) jobs.push(buildServer());
if (wantClient && isStale(parts.client)) jobs.push(buildClient());
if (jobs.length === 0) console.log('Build is up to date.');
await Promise.all(jobs);
