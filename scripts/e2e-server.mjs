// Starts the production server for the end-to-end tests on a fresh embedded database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const mode = process.env.E2E_MODE === 'development' ? 'development' : 'production';
const dataDir = path.join(root, '.tmp', `e2e-data-${mode}-${process.env.PORT ?? 0}`);
fs.rmSync(dataDir, { recursive: true, force: true });
// Production: the built server, as `npm start` runs it; development: the TypeScript sources with
// tsx, as `npm run dev` does. Either way the server is this child itself, so signals reach it.
const args = mode === 'production' ? ['dist/server-main.mjs'] : ['--import', 'tsx', 'server/main.ts'];
const child = spawn(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
  // TRUST_PROXY=loopback: each test is a client of its own (its X-Forwarded-For, e2e/fixtures.ts), as
  // each visitor is, so the per-client rate limits of one test's forms and trackers are not spent by the others.
  env: { E2E_TEST_ROUTES: '1', GA4_MEASUREMENT_ID: 'G-E2ETEST00', TRUST_PROXY: 'loopback', ...process.env, DATA_DIR: dataDir, NODE_ENV: mode, HMR: '0', LOG_LEVEL: 'warn' },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
