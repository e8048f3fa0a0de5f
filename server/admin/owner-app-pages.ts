/**
 * The owner's listings app (src/app/owner-entry.tsx, built by vite.owner.config.ts), behind the
 * admin login like the other owner pages:
 *
 *   GET /admin/listings        → the shell of the listings page (303 to the login without a session)
 *   GET /admin/listings/{eid}  → the shell of one listing's editor
 *   GET /admin/content/{kind}  → the shell of a kind of the site's content (specials, events,
 *                                pages, community, site); /admin/content goes to the first
 *
 * The shell is the owner's bar, an empty root and the app's module; the data comes from the owner
 * API. Its policy lets only this site's scripts, styles and requests run, while the other owner
 * pages keep their script-less one (pages.ts ADMIN_CSP).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asc } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { areas, units } from '../db/schema.ts';
import { escapeHtml } from '../html.ts';
import { SITE_CONTENT_KINDS, SITE_CONTENT_TITLES } from '../../src/domain/owner/site-content.ts';
import { LOGIN_PATH, logoutBar } from './pages.ts';

export const LISTINGS_PATH = '/admin/listings';
export const CONTENT_PATH = '/admin/content';
/** The owner app's entry in its manifest (dist/client/.vite/owner-manifest.json). */
export const OWNER_ENTRY = 'src/app/owner-entry.tsx';

export interface OwnerAppOptions {
  db: Pick<Database, 'select' | 'selectDistinct'>;
  /** dist/client; without it (tests, a server without a client build) the shell says the app is not built. */
  clientDir?: string | undefined;
  /** The site's map tiles (domain/map-tiles.ts mapTileLayer): the pin map draws them. */
  tiles: { url: string; attribution: string };
}

interface Context {
  siteName: string;
  isLoggedIn: (request: FastifyRequest) => boolean;
}

/** The origin of a tile template that is on another site ('' for this site's own). */
function tileOrigin(url: string): string {
  try {
    return /^https?:\/\//.test(url) ? new URL(url.replace(/[{}]/g, '')).origin : '';
  } catch {
    return '';
  }
}

/**
 * The app pages' policy: this site's scripts and requests only; images also from the tile server.
 * Inline styles are allowed, as on the guests' pages: the map's panes and react-aria's overlays
 * position themselves with style attributes.
 */
export function ownerAppCsp(tilesUrl: string): string {
  const tiles = tileOrigin(tilesUrl);
  return (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}; connect-src 'self'; font-src 'self'; ` +
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
  );
}

interface Manifest {
  [name: string]: { file: string; css?: string[]; imports?: string[] };
}

/** The app's module and stylesheets from the build's manifest; null when there is no build. */
export function ownerAssets(clientDir: string | undefined): { script: string; styles: string[]; preloads: string[] } | null {
  if (!clientDir) return null;
  const file = path.join(clientDir, '.vite', 'owner-manifest.json');
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const entry = manifest[OWNER_ENTRY];
  if (!entry) return null;
  const preloads = (entry.imports ?? []).map((name) => manifest[name]?.file).filter((value): value is string => typeof value === 'string');
  return { script: `/${entry.file}`, styles: (entry.css ?? []).map((css) => `/${css}`), preloads: preloads.map((p) => `/${p}`) };
}

/** The HTML shell: JSON data for the app in a data block (not run, so the policy needs no nonce). */
export function ownerShell(title: string, siteName: string, assets: ReturnType<typeof ownerAssets>, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const head = assets
    ? assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('') +
      assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('') +
      `<script type="module" src="${escapeHtml(assets.script)}"></script>`
    : '';
  const body = assets ? '<div id="owner-root" class="owner-app"><p role="status">Loading…</p></div>' : '<div class="owner-app"><p>The owner’s app is not built: run <code>npm run build</code>.</p></div>';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${head}</head>` +
    `<body><header class="bar"><p>${escapeHtml(siteName)}: site owner</p>${logoutBar}</header><main id="main">${body}</main>` +
    `<script type="application/json" id="owner-options">${json}</script></body></html>`
  );
}

export function registerOwnerAppPages(scope: FastifyInstance, options: OwnerAppOptions, context: Context): void {
  const read = { config: { limit: 'content' as const } };
  const csp = ownerAppCsp(options.tiles.url);
  const pageData = async () => {
    const areaRows = await options.db.select({ slug: areas.slug, name: areas.name }).from(areas).orderBy(asc(areas.position), asc(areas.name));
    const typeRows = await options.db.selectDistinct({ type: units.propertyType }).from(units).orderBy(asc(units.propertyType));
    // Today in UTC, as the owner API's dates are: a new special or event starts on it.
    return { areas: areaRows, types: typeRows.map((row) => row.type), tiles: options.tiles, today: new Date().toISOString().slice(0, 10) };
  };
  const send = async (request: FastifyRequest, reply: FastifyReply, title: string) => {
    if (!context.isLoggedIn(request)) return reply.header('cache-control', 'no-store').redirect(LOGIN_PATH, 303);
    const html = ownerShell(title, context.siteName, ownerAssets(options.clientDir), await pageData());
    return reply
      .status(200)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-security-policy', csp)
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  scope.get(LISTINGS_PATH, read, (request, reply) => send(request, reply, 'Listings'));
  scope.get(
    `${LISTINGS_PATH}/:eid`,
    { ...read, schema: { params: { type: 'object', properties: { eid: { type: 'string', pattern: '^[0-9]{1,9}$' } }, required: ['eid'] } } },
    (request, reply) => send(request, reply, 'Edit listing'),
  );
  scope.get(CONTENT_PATH, read, (request, reply) => reply.header('cache-control', 'no-store').redirect(`${CONTENT_PATH}/${SITE_CONTENT_KINDS[0]}`, 303));
  scope.get<{ Params: { kind: (typeof SITE_CONTENT_KINDS)[number] } }>(
    `${CONTENT_PATH}/:kind`,
    { ...read, schema: { params: { type: 'object', properties: { kind: { type: 'string', enum: [...SITE_CONTENT_KINDS] } }, required: ['kind'] } } },
    (request, reply) => send(request, reply, SITE_CONTENT_TITLES[request.params.kind].title),
  );
}
