// Builds the client and the server-rendering bundle when dist/ is missing or older than the sources.
// Run by `npm start` (prestart), so a fresh clone needs no separate build step.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = ['src', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

function newest(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(file).reduce((max, name) => Math.max(max, newest(path.join(file, name))), stat.mtimeMs);
}

const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changed = Math.max(...inputs.map((input) => newest(path.join(root, input))));
if (built > changed && process.argv[2] !== '--force') {
  console.log('Build is up to date.');
} else {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always a production build, whatever NODE_ENV the caller has (vitest sets 'test').
  const env = { ...process.env, NODE_ENV: 'production' };
  const run = (args) => execFileSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit', env });
  run(['build', '--logLevel', 'warn']);
  run(['build', '--ssr', 'src/app/entry-server.tsx', '--logLevel', 'warn']);
  fs.writeFileSync(stamp, new Date().toISOString());
  console.log('Built dist/client and dist/server.');
}
