import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.ts';
import { loadSiteSettings, readServerConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createContentService } from './content/content-service.ts';
import { ensureDemoContent, readDemoInfo } from './demo/seed.ts';
import { createOrderStore } from './orders/order-store.ts';
import { orderPricing } from './orders/pricing-adapter.ts';
import { createPricingService } from './pricing/pricing-service.ts';
import { createRankingService } from './ranking/ranking-service.ts';
import { createBuildRenderer, createViteRenderer } from './renderer.ts';
import { createEmbeddedEngine } from './search/engine/engine.ts';
import { createSearchService } from './search/search-service.ts';
import { createSolrBackend, SearchUnavailableError } from './search/solr-backend.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** COOKIE_SECRET, or a random one kept in the data directory (set COOKIE_SECRET when running several instances). */
function cookieSecret(dataDir: string): string {
  if (process.env.COOKIE_SECRET) return process.env.COOKIE_SECRET;
  const file = path.join(dataDir, 'cookie-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = readServerConfig();
  const settings = loadSiteSettings(config.siteConfigPath);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const mediaDir = path.join(config.dataDir, 'media');
  // Search: the in-process engine, or Apache Solr when SOLR_URL is set; filled from the database at start.
  const search = createSearchService({
    db: database.db,
    settings,
    backend: config.solrUrl
      ? createSolrBackend({ url: config.solrUrl, timeoutMs: config.solrTimeoutMs, indexId: settings.search.index })
      : createEmbeddedEngine({ maxRows: config.searchMaxRows }),
    limits: { maxRows: config.searchMaxRows },
  });
  let renderer;
  let indexed: { documents: number; ms: number } | Error;
  try {
    const seeded = await ensureDemoContent(database.db, mediaDir);
    if (seeded.created) console.log(`Demo content created: ${JSON.stringify(seeded.counts)}`);
    [renderer, indexed] = await Promise.all([
      config.mode === 'development' ? createViteRenderer(root, { hmr: config.hmr }) : createBuildRenderer(path.join(root, 'dist')),
      // A Solr that is down must not keep the site from starting: search answers 503 until it is back.
      search.rebuild().catch((error: unknown) => {
        if (config.solrUrl && error instanceof Error) return error;
        throw error;
      }),
    ]);
  } catch (error) {
    await database.close();
    throw error;
  }
  const secret = cookieSecret(config.dataDir);
  const pricing = createPricingService({ db: database.db, settings });
  const orders = createOrderStore(database.db);
  const app = await buildServer({
    settings,
    content: createContentService(database.db, settings, { pricing }),
    renderer,
    mediaDir,
    cookieSecret: secret,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    databaseKind: database.kind,
    development: config.mode === 'development',
    search,
    ranking: createRankingService({ db: database.db, settings, secret }),
    pricing,
    orders: { store: orders, pricing: orderPricing(pricing) },
    demoInfo: () => readDemoInfo(database.db),
  });
  // Session-mode orders untouched for 30 days go: now and every 6 hours.
  const sweepOrders = () =>
    orders.sweep().then(
      (removed) => removed > 0 && app.log.info({ removed }, 'old order sessions removed'),
      (error: unknown) => app.log.warn({ err: error }, 'could not remove old order sessions'),
    );
  void sweepOrders();
  const orderSweep = setInterval(() => void sweepOrders(), 6 * 3_600_000);
  orderSweep.unref();
  // Solr down at start: try again, 30 s and then up to 5 min apart, until the index is filled.
  let indexRetry: NodeJS.Timeout | undefined;
  const reportIndex = (result: { documents: number; ms: number } | Error, nextDelayMs: number) => {
    if (!(result instanceof Error)) {
      app.log.info({ search: search.backend.kind, documents: result.documents, ms: result.ms }, 'search index built');
      return;
    }
    const detail = result instanceof SearchUnavailableError ? result.detail : result.message;
    app.log.warn(`Could not fill Solr at ${config.solrUrl} (${detail}); search answers 503 until Solr is back. Trying again in ${nextDelayMs / 1000} s.`);
    indexRetry = setTimeout(() => {
      search.rebuild().then(
        (again) => reportIndex(again, 0),
        (error: unknown) => reportIndex(error instanceof Error ? error : new Error(String(error)), Math.min(nextDelayMs * 2, 300_000)),
      );
    }, nextDelayMs);
    indexRetry.unref();
  };
  reportIndex(indexed, 30_000);
  if (settings.search.max_rows > config.searchMaxRows) {
    app.log.warn(`search.max_rows (${settings.search.max_rows}) is above SEARCH_MAX_ROWS (${config.searchMaxRows}): such searches are refused with 400`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Each step on its own: one that fails is logged by name and the others still run.
    const steps: Array<[string, () => unknown]> = [
      ['timers', () => {
        clearTimeout(indexRetry);
        clearInterval(orderSweep);
      }],
      ['http server', () => app.close()],
      ['search', () => search.close()],
      ['renderer', () => renderer.close()],
      ['database', () => database.close()],
    ];
    let failed = false;
    for (const [name, step] of steps) {
      const stepStarted = performance.now();
      try {
        await step();
        app.log.info(`shutdown: ${name} closed in ${Math.round(performance.now() - stepStarted)} ms`);
      } catch (error) {
        failed = true;
        app.log.error({ err: error }, `shutdown: closing the ${name} failed`);
      }
    }
    process.exit(failed ? 1 : 0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { database: database.kind, mode: config.mode, startupMs: Math.round(performance.now() - started) },
    `Serving ${settings.site.name} on http://localhost:${port}`,
  );
}

main().catch((error: unknown) => {
  // Known start-up problems (bad configuration, locked data directory) get their message only.
  console.error(`Cannot start the server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
