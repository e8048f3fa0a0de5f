/**
 * The whole site in one process: database, demo content, search index, renderer, pricing,
 * orders and the Fastify server, wired as `npm start` runs them (server/main.ts adds the
 * signals and the port). Benchmarks and tests open the same site in-process.
 *
 *   const site = await openSite(readServerConfig(), { root });
 *   await site.app.listen({ port: 3000 });
 *   ...
 *   await site.close();
 */
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { SiteSettings } from '../src/domain/settings.ts';
import { buildServer } from './app.ts';
import { dataDirSecret } from './data-dir-secret.ts';
import { createCheckoutService } from './checkout/checkout-service.ts';
import { loadPaymentProvider } from './checkout/payment.ts';
import { loadSiteSettings, type ServerConfig } from './config.ts';
import { openDatabase, type OpenDatabase } from './db/client.ts';
import { cachedContentSource } from './content/cached-content.ts';
import { createContentService } from './content/content-service.ts';
import { listingChanged } from './owner-content/publish.ts';
import { draftPreview } from './owner-content/preview.ts';
import { createListingStore } from './owner-content/store.ts';
import { applySiteDetails, createSiteContentStore } from './site-content/store.ts';
import { backfillListingVersions } from './owner-content/backfill-versions.ts';
import { createContentVersion } from './content/content-version.ts';
import { ensureDemoContent, readDemoInfo } from './demo/seed.ts';
import { databaseSitemap } from './seo/sitemap.ts';
import { asc, gt, inArray } from 'drizzle-orm';
import { createAnalyticsCollector } from './analytics/collector.ts';
import { createCaptchaVerifier } from './captcha/captcha-service.ts';
import { sweepLapsedHolds } from './checkout/holds.ts';
import { analyticsEvents, uploadedPhotos } from './db/schema.ts';
import { createMailQueue, type MailQueue } from './mail/mail-queue.ts';
import { createCalendarService } from './calendar/calendar-service.ts';
import { createMailTransport } from './mail/transport.ts';
import { createOrderStore } from './orders/order-store.ts';
import { createPageLinks } from './orders/page-links.ts';
import { orderPricing } from './orders/pricing-adapter.ts';
import { createPageCache } from './page-cache.ts';
import { createPricingService, type PricingService } from './pricing/pricing-service.ts';
import { createRankingService } from './ranking/ranking-service.ts';
import { createReviewStore, followReviewDecisions } from './reviews/review-store.ts';
import { loopbackOrigin } from './security/origins.ts';
import { createBuildRenderer, createViteRenderer, type PageRenderer } from './renderer.ts';
import { createEmbeddedEngine } from './search/engine/engine.ts';
import { engineMemoryLimit } from './search/engine/memory.ts';
import { withResultCache } from './search/result-cache.ts';
import { createSearchService, type RebuildResult, type SearchService } from './search/search-service.ts';
import { createSolrBackend, SearchUnavailableError } from './search/solr-backend.ts';


export interface Site {
  app: FastifyInstance;
  settings: SiteSettings;
  database: OpenDatabase;
  search: SearchService;
  pricing: PricingService;
  renderer: PageRenderer;
  mail: MailQueue;
  /** Where every absolute URL starts (PUBLIC_ORIGIN, else this machine's loopback address): never a request's Host header. */
  publicOrigin: string;
  /** How long each part of the start took: content and index on their own, the others (ms) since the start. */
  phases: Record<string, number>;
  /** Demo content was created by this start. */
  seeded: { created: boolean; counts: Record<string, number> };
  /** Closes everything in order; each step on its own, a failing one is reported by name and the others still run. */
  close(report?: (step: string, ms: number, error?: unknown) => void): Promise<boolean>;
}

export interface OpenSiteOptions {
  /** The project folder: dist/ (production) or the Vite root (development). */
  root: string;
  logger?: FastifyServerOptions['logger'];
  /** A build of the client and rendering bundles still running (npm start's first run): the renderer waits for it. */
  clientBuild?: Promise<unknown>;
}

export async function openSite(config: ServerConfig, options: OpenSiteOptions): Promise<Site> {
  const began = performance.now();
  const phases: Record<string, number> = {};
  const phase = (name: string, since: number) => (phases[name] = Math.round(performance.now() - since));
  const settings = {
    ...loadSiteSettings(config.siteConfigPath),
    analytics: { ga4_measurement_id: config.ga4MeasurementId },
    // The browser renders the captcha of CAPTCHA_PROVIDER with its public site key (never the secret).
    captcha: { provider: config.captcha.provider, site_key: config.captcha.provider === 'altcha' ? '' : (config.captcha.siteKey ?? '') },
  };
  // The page renderer (waiting for a build still running, then loading the rendering bundle) gets
  // ready beside the database and the index.
  const rendering = (async () => {
    if (config.mode === 'development') return createViteRenderer(options.root, { hmr: config.hmr });
    await options.clientBuild;
    phase('build', began);
    const renderer = await createBuildRenderer(path.join(options.root, 'dist'));
    phase('renderer', began);
    return renderer;
  })();
  rendering.catch(() => {}); // awaited below; a failure while the database opens is reported there
  let database: OpenDatabase;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (error) {
    await rendering.then((renderer) => renderer.close()).catch(() => {});
    throw error;
  }
  phase('database', began);
  // The owner's saved name and contacts replace config/site.json's before anything reads them.
  try {
    await applySiteDetails(database.db, settings);
  } catch (error) {
    await rendering.then((renderer) => renderer.close()).catch(() => {});
    await database.close();
    throw error;
  }
  const mediaDir = path.join(config.dataDir, 'media');
  // Page data, rendered pages and the embedded index's snapshot are kept until the content changes.
  const contentVersion = createContentVersion(database.db);
  // Search: the in-process engine, or Apache Solr when SOLR_URL is set; filled from the database at
  // start (the embedded engine from its snapshot in the data directory while the content is unchanged).
  const search = createSearchService({
    db: database.db,
    settings,
    backend: config.solrUrl
      ? createSolrBackend({ url: config.solrUrl, timeoutMs: config.solrTimeoutMs, indexId: settings.search.index })
      : withResultCache(createEmbeddedEngine({ maxRows: config.searchMaxRows, memoryLimitBytes: engineMemoryLimit(config.searchMemoryMiB) })),
    limits: { maxRows: config.searchMaxRows },
    snapshot: config.solrUrl ? undefined : { file: path.join(config.dataDir, 'search-snapshot.json'), version: () => contentVersion.current() },
  });
  let renderer: PageRenderer;
  let indexed: RebuildResult | Error;
  let seeded: Site['seeded'];
  try {
    // The database side (demo content, then the index) and the page renderer get ready side by side.
    [[seeded, indexed], renderer] = await Promise.all([
      (async () => {
        const contentStarted = performance.now();
        const created = await ensureDemoContent(database.db, mediaDir);
        phase('content', contentStarted);
        const indexStarted = performance.now();
        // A Solr that is down must not keep the site from starting: search answers 503 until it is back.
        const index = await search.rebuild().catch((error: unknown) => {
          if (config.solrUrl && error instanceof Error) return error;
          throw error;
        });
        phase('index', indexStarted);
        return [created, index] as const;
      })(),
      rendering,
    ]);
  } catch (error) {
    await rendering.then((renderer) => renderer.close()).catch(() => {});
    await database.close();
    throw error;
  }
  const secret = dataDirSecret(config.dataDir, 'cookie-secret', process.env.COOKIE_SECRET);
  const pricing = createPricingService({ db: database.db, settings });
  const orders = createOrderStore(database.db, { secret, shares: config.shares });
  // Page short links live like shared Trips Collections (SHARE_QUOTA, SHARE_DAYS, SHARE_MAX_TOTAL).
  const pageLinks = createPageLinks(database.db, { secret, shares: config.shares });
  // Every absolute URL (share links, email links …) starts with it; never the Host header of a request.
  const publicOrigin = config.publicOrigin ?? loopbackOrigin(config.port);
  const repricing = orderPricing(pricing);
  // Mail and checkout log through the server's logger once it exists.
  let serverLog: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | null = null;
  const log = {
    info: (obj: object, msg: string) => serverLog?.info(obj, msg),
    warn: (obj: object, msg: string) => serverLog?.warn(obj, msg),
    error: (obj: object, msg: string) => serverLog?.error(obj, msg),
  };
  // Email: SMTP_URL, else .eml files in DATA_DIR/outbox. Queued in the database, sent after commit.
  const mail = createMailQueue({
    log,
    db: database.db,
    transport: createMailTransport({ smtpUrl: process.env.SMTP_URL, outboxDir: path.join(config.dataDir, 'outbox') }),
    from: { name: settings.site.name, address: process.env.MAIL_FROM || settings.site.email },
  });
  const payments = await loadPaymentProvider();
  // Every captcha-protected form route asks it (server/captcha/verifier.ts); used tokens are kept in the database.
  const captcha = createCaptchaVerifier({ db: database.db, required: settings.bt_leads_recaptcha.should_load, settings: config.captcha, dataDir: config.dataDir });
  const checkout = createCheckoutService({
    db: database.db,
    settings,
    pricing: repricing,
    markBooked: (stays) => pricing.markBooked(stays),
    store: orders,
    payments,
    mail,
    publicOrigin,
    secret,
    // Pay later needs the captcha; its holds lapse by themselves (holds.ts), the model reloads when they do.
    captcha,
    holdsChanged: () => pricing.invalidate(),
    log,
  });
  const holdSweeper = sweepLapsedHolds({ db: database.db, changed: () => pricing.invalidate(), log });
  // Calendar sync with other channels: imported nights go into bookings; the pricing model reloads at once.
  const calendar = createCalendarService({
    db: database.db,
    settings: config.calendar,
    siteName: settings.site.name,
    publicOrigin,
    ownerEmail: config.leadsTo ?? settings.site.email,
    mail,
    changed: () => pricing.invalidate(),
    log,
  });
  const development = config.mode === 'development';
  const ranking = createRankingService({ db: database.db, settings, secret });
  const reviewStore = createReviewStore(database.db);
  const reviewsChanged = followReviewDecisions({ contentVersion, search });
  // Its events feed the owner's analytics only: the ranking learns from its signed trackers.
  const analytics = createAnalyticsCollector({ db: database.db, secret, retentionDays: config.analyticsRetentionDays });
  const contentService = createContentService(database.db, settings, { pricing, checkout });
  const pageContent = cachedContentSource(contentService, contentVersion);
  // The owner's listing editor: a publication is live on this instance at once (index, caches, prices).
  const listingStore = createListingStore({ db: database.db });
  // Listings published before the editor kept documents get their version 1 (a data migration; idempotent).
  await backfillListingVersions(database.db, listingStore);
  const listings = {
    store: listingStore,
    changed: listingChanged({ contentVersion, search, pricing }),
    embedOrigins: settings.bt_virtual_tours.embed_origins ?? [],
    currency: settings.order.currency,
    pricingData: () => pricing.data(),
    knownPhotos: async (keys: readonly string[]) =>
      new Set(keys.length === 0 ? [] : (await database.db.select({ key: uploadedPhotos.key }).from(uploadedPhotos).where(inArray(uploadedPhotos.key, [...keys]))).map((row) => row.key)),
    preview: draftPreview({ content: contentService, pageContent, renderer, settings, publicOrigin }),
  };
  // The owner's specials, events, pages, community photos and site details: live at once on this instance.
  const siteContent = {
    store: createSiteContentStore({ db: database.db, settings }),
    changed: (kind: string) => {
      contentVersion.invalidate();
      if (kind === 'specials') pricing.invalidate();
    },
  };
  const app = await buildServer({
    settings,
    content: pageContent,
    contentVersion: () => contentVersion.current(),
    pageCache:
      development || config.pageCacheMiB === 0
        ? undefined
        : createPageCache({
            version: async () => `${await contentVersion.current()}/${search.generation}`,
            // Search pages are rendered in the built-in ranking's order (an external ranking orders them in the browser only).
            variant: settings.ranking.host === '' ? async (path) => (/^\/search(?:\/|$)/.test(path) ? ranking.orderTag() : '') : undefined,
            maxBytes: config.pageCacheMiB * 1024 * 1024,
          }),
    renderer,
    mediaDir,
    cookieSecret: secret,
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    publicOrigin,
    security: { trustedOrigins: config.trustedOrigins, rateLimits: config.rateLimits, rateLimitExempt: config.rateLimitExempt },
    databaseKind: database.kind,
    development,
    search,
    ranking,
    pricing,
    orders: { store: orders, pricing: repricing, pageLinks },
    checkout,
    calendar,
    leads: {
      db: database.db,
      mail,
      captcha,
      ownerEmail: config.leadsTo ?? settings.site.email,
    },
    demoInfo: () => readDemoInfo(database.db),
    sitemap: databaseSitemap(database.db),
    analytics,
    captcha,
    testCaptchaForm: config.testRoutes,
    admin: config.adminPassword
      ? { password: config.adminPassword, db: database.db, reviews: { store: reviewStore, changed: reviewsChanged }, listings, siteContent, photos: { mediaDir, db: database.db }, owner: { db: database.db, calendar, mail, changed: () => pricing.invalidate(), publicOrigin, sitePhone: settings.site.phone } }
      : undefined,
    reviews: { store: reviewStore, captcha },
    testAnalyticsEvents: config.testRoutes
      ? (after) => database.db.select().from(analyticsEvents).where(gt(analyticsEvents.id, after)).orderBy(asc(analyticsEvents.id))
      : undefined,
  });
  serverLog = app.log;
  if (payments.test) app.log.warn(`Payments: ${payments.label} (the built-in test provider; set PAYMENT_PROVIDER_MODULE for a real one)`);
  app.log.info({ mail: mail.transport.kind, to: mail.transport.target }, 'email delivery');
  mail.start();
  // Feeds are polled once the server listens: a stored feed's read never stands between a start and its first answer.
  app.addHook('onListen', async () => {
    calendar.start();
  });
  // Session-mode orders untouched for 30 days and share and page links unused for SHARE_DAYS go: now and every 6 hours.
  const sweepOrders = () =>
    Promise.all([orders.sweep(), pageLinks.sweep()]).then(
      ([{ sessions, shares }, pages]) => (sessions > 0 || shares > 0 || pages > 0) && app.log.info({ sessions, shares, pages }, 'old order sessions and share links removed'),
      (error: unknown) => app.log.warn({ err: error }, 'could not remove old order sessions and share links'),
    );
  // Used captcha tokens that have expired go with them (they would be refused as expired anyway).
  const sweepCaptcha = () => captcha.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'could not remove expired captcha tokens'));
  // The analytics log older than a week and daily figures older than ANALYTICS_RETENTION_DAYS go with them.
  const sweepAnalytics = () =>
    analytics.sweep().then(
      (removed) => removed > 0 && app.log.info({ removed }, 'old analytics rows removed'),
      (error: unknown) => app.log.warn({ err: error }, 'could not remove old analytics events'),
    );
  void sweepOrders();
  void sweepAnalytics();
  void sweepCaptcha();
  const orderSweep = setInterval(() => {
    void sweepOrders();
    void sweepAnalytics();
    void sweepCaptcha();
  }, 6 * 3_600_000);
  orderSweep.unref();
  // Solr down at start: try again, 30 s (SOLR_RETRY_SECONDS) and then up to 5 min apart, until the index is filled.
  let indexRetry: NodeJS.Timeout | undefined;
  const reportIndex = (result: RebuildResult | Error, nextDelayMs: number) => {
    if (!(result instanceof Error)) {
      app.log.info({ search: search.backend.kind, documents: result.documents, ms: result.ms, fromSnapshot: result.fromSnapshot ?? false, fromImage: result.fromImage ?? false }, 'search index built');
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
  reportIndex(indexed, config.solrRetrySeconds * 1000);
  if (settings.search.max_rows > config.searchMaxRows) {
    app.log.warn(`search.max_rows (${settings.search.max_rows}) is above SEARCH_MAX_ROWS (${config.searchMaxRows}): such searches are refused with 400`);
  }

  phase('total', began);
  return {
    app,
    settings,
    phases,
    database,
    search,
    pricing,
    renderer,
    mail,
    publicOrigin,
    seeded,
    async close(report = () => {}) {
      const steps: Array<[string, () => unknown]> = [
        ['timers', () => {
          clearTimeout(indexRetry);
          clearInterval(orderSweep);
          holdSweeper.stop();
        }],
        ['http server', () => app.close()],
        ['calendar sync', () => calendar.close()],
        ['mail', () => mail.close()],
        ['search', () => search.close()],
        ['renderer', () => renderer.close()],
        ['database', () => database.close()],
      ];
      let ok = true;
      for (const [name, step] of steps) {
        const stepStarted = performance.now();
        try {
          await step();
          report(name, Math.round(performance.now() - stepStarted));
        } catch (error) {
          ok = false;
          report(name, Math.round(performance.now() - stepStarted), error);
        }
      }
      return ok;
    },
  };
}
