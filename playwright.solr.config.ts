import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The search-facing end-to-end specs with the server on a real SolrCloud: `npm run test:e2e:solr`
 * (scripts/e2e-solr.ts) starts the cluster and runs this with SOLR_URL set. The server fills the
 * collection at start from its fresh demo database, as a site owner's server does. Desktop width
 * only; `npm run test:e2e` runs the same specs at both widths on the embedded engine.
 */
if (!process.env.SOLR_URL) throw new Error('playwright.solr.config.ts needs SOLR_URL (npm run test:e2e:solr starts a cluster and sets it)');
const port = Number(process.env.E2E_PORT ?? 4338);
const [production] = base.webServer as NonNullable<Extract<typeof base.webServer, unknown[]>>;

/** Search, its filters and map, prices on results, favourites and the Trips Collection. */
export const SOLR_SPECS = /\/(search|search-filters|map-search|pricing|flags|order)\.spec\.ts$/;

export default defineConfig({
  ...base,
  testMatch: SOLR_SPECS,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  projects: base.projects!.filter((project) => project.name === 'desktop').map((project) => ({ ...project, testMatch: SOLR_SPECS })),
  webServer: [
    {
      ...production!,
      url: `http://127.0.0.1:${port}/healthz`,
      env: {
        ...production!.env,
        PORT: String(port),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        CALENDAR_FEED_TEST_LOOPBACK: `127.0.0.1:${port + 2},127.0.0.1:${port + 3}`,
        SOLR_URL: process.env.SOLR_URL,
      },
    },
  ],
});
