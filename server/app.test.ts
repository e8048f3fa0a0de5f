import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../src/domain/content.ts';
import { buildServer } from './app.ts';
import { loadSiteSettings } from './config.ts';
import { createContentService } from './content/content-service.ts';
import type { OpenDatabase } from './db/client.ts';
import { ensureDemoContent } from './demo/seed.ts';
import { createPageCache } from './page-cache.ts';
import { FROM_THIS_SITE, openTestDatabase } from './test-support.ts';
import { testRenderer as renderer } from './test-renderer.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));

let database: OpenDatabase;
let app: FastifyInstance;
let mediaDir: string;
let content: ContentSource;

function pageSettingsOf(html: string): { flagged: string[]; messages: { text: string }[]; settings: { analytics?: unknown } } {
  const json = /<script id="page-settings" type="application\/json">([^]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

async function serverWith(source: ContentSource): Promise<FastifyInstance> {
  return buildServer({ settings, content: source, renderer, mediaDir, cookieSecret: 'test-secret-test-secret' });
}

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-'));
  await ensureDemoContent(database.db, mediaDir);
  content = createContentService(database.db, settings);
  app = await serverWith(content);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('pages rendered on the server', () => {
  it('serves the home page with its content, the settings object and a CSP whose nonce the scripts carry', async () => {
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Community photos');
    expect(response.body).toContain('class="listing-card"');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // The entry is fetched and started, with the page's nonce, after the first paint.
    const start = response.body.slice(response.body.lastIndexOf('<script'));
    expect(start.startsWith(`<script nonce="${nonce}">`)).toBe(true);
    expect(start).toContain('({"scripts":["/assets/entry.js"],"preloads":[]},document.currentScript.nonce)</script></body></html>');
    expect(response.body).not.toContain('<script type="module"');
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(pageSettingsOf(response.body).flagged).toEqual([]);
  });

  it('tells the browser a short digest of the content version, which changes with the content (its kept documents are then dropped)', async () => {
    let version = 'units:10:812|photos:40:815';
    const versioned = await buildServer({ settings, content, renderer, mediaDir, cookieSecret: 'test-secret-test-secret', contentVersion: async () => version });
    try {
      const first = (pageSettingsOf((await versioned.inject({ url: '/about-us' })).body) as { contentVersion?: string }).contentVersion;
      expect(first).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect((pageSettingsOf((await versioned.inject({ url: '/' })).body) as { contentVersion?: string }).contentVersion).toBe(first);
      version = 'units:11:902|photos:40:815';
      const changed = (pageSettingsOf((await versioned.inject({ url: '/about-us' })).body) as { contentVersion?: string }).contentVersion;
      expect(changed).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(changed).not.toBe(first);
    } finally {
      await versioned.close();
    }
    // Without a content version (or when it cannot be checked) the page says '', which keeps nothing.
    expect((pageSettingsOf((await app.inject({ url: '/about-us' })).body) as { contentVersion?: string }).contentVersion).toBe('');
  });

  it("lets the page call an external ranking service and, with a token, the URL shortener (CSP connect-src)", async () => {
    expect(String((await app.inject({ url: '/' })).headers['content-security-policy'])).toContain("connect-src 'self';");
    const external = await buildServer({
      settings: {
        ...settings,
        ranking: { ...settings.ranking, host: 'https://rank.example.com/base' },
        order: { ...settings.order, url_shortener_token: 'token', url_shortener_url: 'https://api-ssl.bitly.com/v3/shorten' },
      },
      content,
      renderer,
      mediaDir,
      cookieSecret: 'test-secret-test-secret',
    });
    const csp = String((await external.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://rank.example.com https://api-ssl.bitly.com;");
    await external.close();
  });

  it('opens the CSP to GA4 only with a measurement id, and hands it to the page; the e2e events route only when asked for', async () => {
    const plain = await app.inject({ url: '/' });
    expect(String(plain.headers['content-security-policy'])).not.toContain('googletagmanager');
    expect((await app.inject({ url: '/__e2e/analytics-events' })).statusCode).toBe(404);
    const withGa4 = await buildServer({
      settings: { ...settings, analytics: { ga4_measurement_id: 'G-TEST1234' } },
      content,
      renderer,
      mediaDir,
      cookieSecret: 'test-secret-test-secret',
      testAnalyticsEvents: async (after) => [{ id: after + 1, name: 'view_item' }],
    });
    const response = await withGa4.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com;/);
    expect(csp).toContain("connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com;");
    expect(csp).toContain('img-src \'self\' data: blob: https://*.google-analytics.com https://*.analytics.google.com;');
    expect(pageSettingsOf(response.body).settings.analytics).toEqual({ ga4_measurement_id: 'G-TEST1234' });
    expect((await withGa4.inject({ url: '/__e2e/analytics-events?after=4' })).json()).toEqual([{ id: 5, name: 'view_item' }]);
    await withGa4.close();
  });

  it('frames virtual tours only from this site and the origins the settings allow (CSP frame-src), whatever the request says', async () => {
    expect(String((await app.inject({ url: '/' })).headers['content-security-policy'])).toContain("frame-src 'self';");
    const external = await buildServer({
      settings: { ...settings, bt_virtual_tours: { ...settings.bt_virtual_tours, embed_origins: ['https://Tours.example.com', 'https://video.example.org:8443'] } },
      content,
      renderer,
      mediaDir,
      cookieSecret: 'test-secret-test-secret',
    });
    const response = await external.inject({ url: '/', headers: { host: 'evil.example', origin: 'https://evil.example', referer: 'https://evil.example/' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://tours.example.com https://video.example.org:8443;");
    expect(csp).not.toContain('evil.example');
    await external.close();
  });

  it('gives every request its own nonce', async () => {
    const a = await app.inject({ url: '/' });
    const b = await app.inject({ url: '/' });
    expect(a.headers['content-security-policy']).not.toEqual(b.headers['content-security-policy']);
  });

  it('renders a listing page with its name in the title and its photos', async () => {
    const { listings } = await content.search();
    const listing = listings[0]!;
    const response = await app.inject({ url: `/listing/${listing.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${listing.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')} | ${settings.site.name}</title>`);
    expect(response.body).toContain('About this rental');
    expect(response.body).toMatch(/\/media\/units\/\d+\/\d+\.svg/);
  });

  it('reads favourites from a valid cookie and ignores a tampered one', async () => {
    const { listings } = await content.search();
    const id = listings[0]!.docId;
    const valid = await app.inject({ url: '/search', cookies: { riot_solr_flag_items: JSON.stringify([id]) } });
    expect(pageSettingsOf(valid.body).flagged).toEqual([id]);
    expect(valid.body).toContain('aria-pressed="true"');
    for (const bad of ['{"a":1}', 'not json', JSON.stringify(['<script>']), JSON.stringify(Array(500).fill('x')), 'x'.repeat(5000)]) {
      const response = await app.inject({ url: '/search', cookies: { riot_solr_flag_items: bad } });
      expect(response.statusCode).toBe(200);
      expect(pageSettingsOf(response.body).flagged).toEqual([]);
    }
  });

  it('keeps hostile text out of the settings script', async () => {
    const response = await app.inject({ url: '/search?q=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E' });
    expect(response.statusCode).toBe(200);
    const settingsScript = /<script id="page-settings"[^>]*>([^]*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(settingsScript).not.toContain('<');
  });

  it('answers 404 for an unknown page, with the not-found page', async () => {
    const response = await app.inject({ url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Page not found | Coral Haven Coast Rentals</title>');
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const response = await app.inject({ url: '/api/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No API at GET /api/nothing');
  });

  it('answers 404 for a listing that is gone, with a search box and similar rentals, never a redirect', async () => {
    const { listings } = await content.search();
    const [word] = listings[0]!.name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
    const response = await app.inject({ url: `/listing/${word}-sold-long-ago` });
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('<title>Page not found | Coral Haven Coast Rentals</title>');
    const dom = new JSDOM(response.body).window.document;
    expect(dom.querySelector('main h1')?.textContent).toBe('Rental not found');
    const box = dom.querySelector<HTMLInputElement>('form[role="search"][action="/search"] input[name="q"]');
    expect(box?.value).toBe(`${word} sold long ago`);
    const similar = [...dom.querySelectorAll('.listing-card')].map((card) => `${card.querySelector('h3')?.textContent} ${card.querySelector('.listing-card__meta')?.textContent}`.toLowerCase());
    expect(similar).toHaveLength(4);
    // Rentals whose name, type or town holds the address's word come first.
    expect(similar[0]).toContain(word);
  });

  it('ignores a forged status message cookie', async () => {
    const forged = JSON.stringify([{ type: 'error', text: 'Call +1-555-SCAM now' }]);
    const response = await app.inject({ url: '/search', cookies: { status_messages: forged } });
    expect(pageSettingsOf(response.body).messages).toEqual([]);
  });

  it('shows a failure page without internals when the content source fails', async () => {
    const failing = { ...content, home: () => Promise.reject(new Error('connection refused at 10.0.0.5:5432')) };
    const broken = await serverWith(failing);
    const response = await broken.inject({ url: '/' });
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('<title>Something went wrong | Coral Haven Coast Rentals</title>');
    expect(response.body).not.toContain('10.0.0.5');
    await broken.close();
  });
});

describe('pages that show HTML from the database', () => {
  it('renders a content page through the sanitizer: its text stays, scripts and handlers go', async () => {
    const hostile = await serverWith({
      ...content,
      page: async (slug: string) =>
        slug === 'welcome'
          ? { slug, title: 'Welcome', body: '<p>Sun and <b>sand</b></p><script>alert(1)</script><img src="/x.png" onerror="alert(2)"><a href="javascript:alert(3)">go</a>' }
          : null,
    });
    const response = await hostile.inject({ url: '/welcome' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p>Sun and <b>sand</b></p>');
    // The rendered article (the router's hydration data carries the source text as inert JSON).
    const body = /<main[^]*<\/main>/.exec(response.body)?.[0] ?? '';
    expect(body).toContain('<img src="/x.png">');
    expect(body).not.toContain('alert(');
    expect(body).not.toContain('onerror');
    expect(body).not.toContain('javascript:');
    await hostile.close();
  });

  it('renders the demo content pages', async () => {
    const response = await app.inject({ url: '/about-us' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1');
  });
});

describe('rendered pages kept until the content changes', () => {
  let version = 'v1';
  let order = 'order-1';
  const variantsAsked: string[] = [];
  let renders = 0;
  let cached: FastifyInstance;
  const counting = { ...renderer, render: (options: Parameters<typeof renderer.render>[0]) => (renders++, renderer.render(options)) };

  beforeAll(async () => {
    cached = await buildServer({
      settings,
      content,
      renderer: counting,
      mediaDir,
      cookieSecret: 'test-secret-test-secret',
      pageCache: createPageCache({
        version: async () => version,
        variant: async (path) => (variantsAsked.push(path), path.startsWith('/search') ? order : ''),
      }),
    });
  });
  afterAll(() => cached?.close());

  it('renders a page once and serves it again with a fresh nonce in the CSP and the scripts', async () => {
    const before = renders;
    const first = await cached.inject({ url: '/search' });
    const second = await cached.inject({ url: '/search' });
    expect(renders - before).toBe(1);
    const nonces = [first, second].map((r) => /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1]);
    expect(nonces[0]).not.toEqual(nonces[1]);
    for (const [i, response] of [first, second].entries()) {
      const scriptNonces = [...response.body.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(scriptNonces.length).toBeGreaterThan(1);
      expect(new Set(scriptNonces)).toEqual(new Set([nonces[i]]));
    }
    expect(second.body.replaceAll(nonces[1]!, 'N')).toEqual(first.body.replaceAll(nonces[0]!, 'N'));
  });

  it('renders again when the content version changes', async () => {
    await cached.inject({ url: '/search' });
    const before = renders;
    version = 'v2';
    await cached.inject({ url: '/search' });
    expect(renders - before).toBe(1);
  });

  it('keeps one page per favourites list, and never a page with a status message', async () => {
    const { listings } = await content.search();
    const id = listings[0]!.docId;
    const withFavourite = await cached.inject({ url: '/search', cookies: { riot_solr_flag_items: JSON.stringify([id]) } });
    expect(pageSettingsOf(withFavourite.body).flagged).toEqual([id]);
    expect(withFavourite.body).toContain('aria-pressed="true"');
    const without = await cached.inject({ url: '/search' });
    expect(without.body).not.toContain('aria-pressed="true"');
    // A status message (a signed cookie): the search shows it once, then the page as usual.
    const text = 'Your Trips Collection is on its way.';
    const cookie = `status_messages=${encodeURIComponent(cached.signCookie(JSON.stringify([{ type: 'status', text }])))}`;
    const withMessage = await cached.inject({ url: '/search', headers: { cookie } });
    expect(withMessage.body).toContain(text);
    expect((await cached.inject({ url: '/search' })).body).not.toContain(text);
  });

  it('keeps a search page per ranking order: a new order renders it again, other pages stay', async () => {
    await cached.inject({ url: '/search' });
    await cached.inject({ url: '/' });
    const before = renders;
    await cached.inject({ url: '/search' });
    await cached.inject({ url: '/' });
    expect(renders - before).toBe(0);
    order = 'order-2';
    await cached.inject({ url: '/search' });
    await cached.inject({ url: '/' });
    expect(renders - before).toBe(1);
    expect(variantsAsked).toContain('/search');
  });
});

describe('content API', () => {
  it('answers rentals similar to an unknown slug, whatever the slug', async () => {
    for (const slug of ['cove-gone', "x' OR '1'='1", '']) {
      const response = await app.inject({ url: `/api/content/similar?slug=${encodeURIComponent(slug)}` });
      expect(response.statusCode).toBe(200);
      expect((response.json() as Array<{ slug: string }>).length).toBe(4);
    }
  });

  it('returns a listing by slug, and 404 for unknown or impossible slugs', async () => {
    const { listings } = await content.search();
    const ok = await app.inject({ url: `/api/content/listing?slug=${listings[0]!.slug}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().name).toBe(listings[0]!.name);
    for (const slug of ['nope', "x' OR '1'='1", '../../etc/passwd', 'a'.repeat(500)]) {
      const response = await app.inject({ url: `/api/content/listing?slug=${encodeURIComponent(slug)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('refuses bad parameters with 400 and a message', async () => {
    const kind = await app.inject({ url: '/api/content/events?kind=party' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toBe("kind must be 'event' or 'thing-to-do'");
    const ids = await app.inject({ url: `/api/content/favourites?ids=${encodeURIComponent('<script>')}` });
    expect(ids.statusCode).toBe(400);
    const eid = await app.inject({ url: '/api/content/item?eid=-3' });
    expect(eid.statusCode).toBe(400);
  });

  it('returns favourites in the search index order, skipping unknown ids', async () => {
    const { listings } = await content.search();
    const ids = [listings[2]!.docId, 'chc1-listings-999999', listings[0]!.docId];
    const response = await app.inject({ url: `/api/content/favourites?ids=${ids.join(',')}` });
    expect(response.json().listings.map((l: { docId: string }) => l.docId)).toEqual([ids[2], ids[0]]);
  });

  it('refuses request bodies over the limit with 413 and a message', async () => {
    const server = await serverWith(content);
    server.post('/echo', async (request) => request.body);
    const small = await server.inject({ method: 'POST', url: '/echo', headers: FROM_THIS_SITE, payload: { ok: 'x'.repeat(1000) } });
    expect(small.statusCode).toBe(200);
    const big = await server.inject({ method: 'POST', url: '/echo', headers: FROM_THIS_SITE, payload: { big: 'x'.repeat(70_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/too large/i);
    await server.close();
  });

  it('serves the generated demo images', async () => {
    const { listings } = await content.search();
    const response = await app.inject({ url: listings[0]!.photo.src });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('<title>');
  });
});
