/**
 * The owner's listings app pages: the shell behind the admin login, with its own policy (this
 * site's scripts, styles and requests only), while the other owner pages keep their script-less one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { insertFixture } from '../pricing/test-fixture.ts';
import type { PageRenderer } from '../renderer.ts';
import { openTestDatabase, ownerSession } from '../test-support.ts';
import { ADMIN_COOKIE } from './admin-session.ts';
import { ownerAppCsp, OWNER_ENTRY } from './owner-app-pages.ts';
import { ADMIN_CSP } from './pages.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
const PASSWORD = 'correct horse battery staple';
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owner-app-'));
const renderer: PageRenderer = { render: () => Promise.reject(new Error('no pages here')), assets: () => ({ scripts: [], styles: [] }), close: async () => {}, clientDir };

let database: OpenDatabase;
let app: FastifyInstance;
let cookie: string;
let address = 0;
const fresh = () => `198.51.100.${++address}`;
const get = (url: string) => app.inject({ url, remoteAddress: fresh(), headers: { cookie: `${ADMIN_COOKIE}=${cookie}` } });

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, '.vite', 'owner-manifest.json'),
    JSON.stringify({ [OWNER_ENTRY]: { file: 'assets/owner/owner-entry-abc.js', css: ['assets/owner/owner-entry-abc.css'], imports: ['_button.js'] }, '_button.js': { file: 'assets/owner/button-def.js' } }),
  );
  database = await openTestDatabase();
  await insertFixture(database.db);
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'owner-app-test-cookie-secret-xxxxx',
    publicOrigin: 'http://localhost:3000',
    admin: { password: PASSWORD, db: database.db, owner: { db: database.db } },
  });
  cookie = await ownerSession(app, PASSWORD, fresh());
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the owner’s listings app pages', () => {
  it.each(['/admin/listings', '/admin/listings/1001'])('%s sends a visitor without a session to the login', async (url) => {
    const response = await app.inject({ url, remoteAddress: fresh() });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/analytics/login');
  });

  it.each(['/admin/listings', '/admin/listings/1001'])('%s serves the app’s shell, private, with the module and its imports from the owner build', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.body).toContain('<script type="module" src="/assets/owner/owner-entry-abc.js"></script>');
    expect(response.body).toContain('<link rel="modulepreload" href="/assets/owner/button-def.js">');
    expect(response.body).toContain('<link rel="stylesheet" href="/assets/owner/owner-entry-abc.css">');
    expect(response.body).toContain('<div id="owner-root"');
    expect(response.body).toContain('<a href="/admin/listings">Listings</a>');
    // The areas and property types the 'Add a home' dialog offers, as data the app reads.
    const data = JSON.parse(/<script type="application\/json" id="owner-options">(.*?)<\/script>/.exec(response.body)?.[1] ?? 'null') as { areas: unknown[]; types: string[] };
    expect(data.areas.length).toBeGreaterThan(0);
    expect(data.types.length).toBeGreaterThan(0);
  });

  it('lets only this site’s scripts, styles and requests run there, and keeps the other owner pages script-less', async () => {
    const csp = String((await get('/admin/listings')).headers['content-security-policy']);
    expect(csp).toBe(ownerAppCsp(''));
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    // Only inline styles are allowed (the map and react-aria position with them), never inline or evaluated scripts.
    expect(/script-src [^;]*unsafe/.test(csp)).toBe(false);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect((await get('/admin/bookings')).headers['content-security-policy']).toBe(ADMIN_CSP);
  });

  it('allows images from a tile server on another site, and nothing else from it', () => {
    expect(ownerAppCsp('https://tiles.example.com/{z}/{x}/{y}.png')).toContain("img-src 'self' data: blob: https://tiles.example.com;");
    expect(ownerAppCsp('https://tiles.example.com/{z}/{x}/{y}.png')).toContain("script-src 'self';");
  });

  it('refuses an editor address that is not a listing number', async () => {
    expect((await get('/admin/listings/abc')).statusCode).toBe(400);
  });
});
