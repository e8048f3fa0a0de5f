/**
 * What crawlers read of the site as a whole (issue 15, pages search engines understand):
 *
 *   GET /robots.txt   → which paths are not for indexing (a visitor's own pages, the APIs), and the sitemap
 *   GET /sitemap.xml  → every page worth indexing: home, search, events and things to do, each listing,
 *                       event and content page, at the site's public origin (never the Host header)
 *
 * Both are read-only and rate limited with the other content routes.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { contentPages, events, units } from '../db/schema.ts';
import { escapeHtml } from '../html.ts';

/** The paths a sitemap lists, from the database. */
export type SitemapSource = () => Promise<string[]>;

/** Paths robots are asked to leave alone: the visitor's own pages and what only acts. */
export const NOT_FOR_ROBOTS = ['/api/', '/rcapi/', '/rescms/', '/mytrip', '/favourites', '/statecharts', '/analytics/', '/admin/'];

export function databaseSitemap(db: Database): SitemapSource {
  return async () => {
    const [listingRows, eventRows, pageRows] = await Promise.all([
      // Unpublished and archived listings are not pages for guests.
      db.select({ slug: units.slug }).from(units).where(eq(units.status, 'published')).orderBy(asc(units.slug)),
      db.select({ slug: events.slug, kind: events.kind }).from(events).orderBy(asc(events.kind), asc(events.slug)),
      db.select({ slug: contentPages.slug }).from(contentPages).orderBy(asc(contentPages.slug)),
    ]);
    return [
      '/',
      '/search',
      '/events',
      '/things-to-do',
      '/inquiry',
      ...listingRows.map((row) => `/listing/${encodeURIComponent(row.slug)}`),
      ...eventRows.map((row) => `/${row.kind === 'event' ? 'events' : 'things-to-do'}/${encodeURIComponent(row.slug)}`),
      ...pageRows.map((row) => `/${encodeURIComponent(row.slug)}`),
    ];
  };
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `<url><loc>${escapeHtml(new URL(path, `${origin}/`).href)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...NOT_FOR_ROBOTS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function registerSeoRoutes(app: FastifyInstance, options: { publicOrigin: string; sitemap: SitemapSource }): void {
  const { publicOrigin, sitemap } = options;
  app.get('/robots.txt', { config: { limit: 'content' } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(publicOrigin)),
  );
  app.get('/sitemap.xml', { config: { limit: 'content' } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(sitemapXml(publicOrigin, await sitemap())),
  );
}
