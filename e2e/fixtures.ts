import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { sign } from '@fastify/cookie';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { siteFixtureStays, type FixtureStays } from '../server/demo/fixture-stays.ts';

/** The page header: favourites counter, search trigger, menu toggle. */
export class HeaderArea {
  readonly root: Locator;
  readonly favouritesCount: Locator;
  readonly searchTrigger: Locator;
  readonly menuToggle: Locator;
  constructor(readonly page: Page) {
    this.root = page.locator('header.site-header');
    this.favouritesCount = this.root.locator('.favourites-counter__count');
    this.searchTrigger = this.root.getByRole('button', { name: 'Search' });
    this.menuToggle = this.root.getByRole('button', { name: 'Menu' });
  }
  async expectFavourites(count: number) {
    await expect(this.favouritesCount).toHaveText(String(count));
  }
}

/** The flag buttons of one item (every copy on the page). */
export class FlagArea {
  constructor(readonly page: Page) {}
  buttonsFor(itemId: string): Locator {
    return this.page.locator(`button.flag-button[data-item-id="${itemId}"]`);
  }
  /** Waits until hydration has registered the buttons, so a click reaches the machine. */
  async ready() {
    await this.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  }
}

/** A client address of a test's own (10.0.0.0/8, random, so no two tests are likely to share one). */
export const clientAddress = (): string => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** A context of a test's own keeps a cookie choice as the `context` fixture does (no banner). */
export async function rememberCookieChoice(context: BrowserContext, choice: NonNullable<CookieChoice> = { analytics: false, ads: false }): Promise<void> {
  // Init scripts run in every frame: a sandboxed one (a framed virtual tour) has no storage, and only the page keeps the choice.
  await context.addInitScript((kept) => {
    if (window === window.top) window.localStorage.setItem('rcconsent', JSON.stringify({ v: 1, ...kept }));
  }, choice);
}

/** The cookie choice kept in the browser (src/persistence/consent-storage.ts); null: none, the banner asks. */
export type CookieChoice = { analytics: boolean; ads: boolean } | null;

export const test = base.extend<{ header: HeaderArea; flags: FlagArea; consoleErrors: string[]; stays: FixtureStays; cookieChoice: CookieChoice }>({
  /**
   * The test server runs with a GA4 measurement id (scripts/e2e-server.mjs), so a first visit shows
   * the cookie banner. Tests visit as someone who has rejected the cookies already, unless they
   * set `test.use({ cookieChoice: null })` (e2e/analytics.spec.ts).
   */
  cookieChoice: [{ analytics: false, ads: false }, { option: true }],
  context: async ({ context, cookieChoice }, use) => {
    if (cookieChoice) await rememberCookieChoice(context, cookieChoice);
    // Each test is a visitor of its own address (the test server believes X-Forwarded-For from
    // loopback, scripts/e2e-server.mjs): the server's per-client limits count each test apart.
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
    await use(context);
  },
  header: async ({ page }, use) => use(new HeaderArea(page)),
  flags: async ({ page }, use) => use(new FlagArea(page)),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  /**
   * Stays of the demo's fixture rental that are bookable, booked (with alternates) or past on the
   * database the tests run against, whatever day it was made (server/demo/fixture-stays.ts).
   */
  stays: async ({ baseURL }, use) => use(await siteFixtureStays(baseURL as string)),
});

/** The #rcav= hash of a listing for a stay (spec §2 Item routes). */
export const rcavHash = (stay: { begin: string; end: string; adult: number; child: number }): string =>
  `#rcav=${encodeURIComponent(JSON.stringify({ begin: stay.begin, end: stay.end, adult: stay.adult, child: stay.child }))}`;

export { expect };

/** The axe rule tags of WCAG 2.2 AA (issue 11): every page and every open dialog passes them at both widths. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The WCAG 2.2 AA violations on the page (or inside `include`), each as 'rule: first targets'. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // react-aria's live announcer (a clipped 1 px log) keeps a pending button's announcement, a
  // role="img" labelled by that button, for 7 s after the button is gone (the Share button when its
  // dialog opens): spoken already, not content of the page.
  const builder = new AxeBuilder({ page }).withTags(WCAG_22_AA).exclude('[data-live-announcer]');
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).slice(0, 3).join(', ')}`);
}

/**
 * A cookie value signed with the test server's own secret (kept in its data directory, see
 * scripts/e2e-server.mjs and server/site.ts), as the server signs the cookies it sets.
 */
export async function signedByTheServer(baseURL: string, value: string): Promise<string> {
  const port = new URL(baseURL).port;
  const secret = await fs.readFile(path.join(import.meta.dirname, '..', '.tmp', `e2e-data-production-${port}`, 'cookie-secret'), 'utf8');
  return sign(value, secret.trim());
}
