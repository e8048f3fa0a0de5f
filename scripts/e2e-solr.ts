/**
 * `npm run test:e2e:solr`: the site's search, favourites, prices-on-results and Trips Collection
 * end-to-end specs (playwright.solr.config.ts) with the server on a real SolrCloud. Starts the
 * cluster of `npm run solr:cluster` (Java 17+ and Maven), runs Playwright with SOLR_URL naming the
 * collection on both nodes, and stops the cluster whatever the outcome. Extra arguments go to
 * Playwright (e.g. `npm run test:e2e:solr -- e2e/order.spec.ts`).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startSolrCluster } from '../solr/test/cluster.ts';

const root = path.resolve(import.meta.dirname, '..');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const built = await run(process.execPath, ['scripts/ensure-build.mjs']);
if (built !== 0) process.exit(built);
const cluster = await startSolrCluster();
const solrUrl = cluster.urls.join(',');
console.log(`SolrCloud ready in ${(cluster.readyMs / 1000).toFixed(1)} s: SOLR_URL=${solrUrl}`);
let code: number;
try {
  code = await run(path.join(root, 'node_modules/.bin/playwright'), ['test', '--config', 'playwright.solr.config.ts', ...process.argv.slice(2)], {
    ...process.env,
    SOLR_URL: solrUrl,
  });
} finally {
  await cluster.close();
}
process.exit(code);
