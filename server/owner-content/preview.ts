/**
 * The owner's preview: the guest listing page rendered from a draft by the renderer the listing
 * route uses, with the page data the content service maps from the document. Private: noindex,
 * no canonical address, never cached.
 *
 *   const preview = draftPreview({ content, pageContent, renderer, settings, publicOrigin });
 *   const { status, html, csp } = await preview(document, 1001);
 */
import crypto from 'node:crypto';
import type { ContentSource } from '../../src/domain/content.ts';
import type { ListingContent } from '../../src/domain/owner/listing-content.ts';
import { tileImageSource, type PageSettings, type SiteSettings } from '../../src/domain/settings.ts';
import type { ContentService } from '../content/content-service.ts';
import { htmlDocument } from '../html.ts';
import { browserSettings } from '../pricing/routes.ts';
import type { PageRenderer } from '../renderer.ts';

export interface DraftPreviewOptions {
  /** Maps the document to the listing page's data. */
  content: Pick<ContentService, 'listingPreview'>;
  /** The rest of the page's data (similar listings, …): the site's content source. */
  pageContent: ContentSource;
  renderer: PageRenderer;
  settings: SiteSettings;
  publicOrigin: string;
}

export function draftPreview(options: DraftPreviewOptions): (document: ListingContent, eid: number) => Promise<{ status: number; html: string; csp: string }> {
  const { settings, renderer } = options;
  const tiles = tileImageSource(settings.site.map_tile_url);
  const frames = (settings.bt_virtual_tours.embed_origins ?? []).map((origin) => origin.toLowerCase());
  const pageSettings = browserSettings(settings);
  return async (document, eid) => {
    const detail = await options.content.listingPreview(eid, document);
    const nonce = crypto.randomBytes(16).toString('base64');
    const content: ContentSource = {
      ...options.pageContent,
      listing: async (slug) => (slug === document.slug ? detail : null),
      listingMoved: async () => null,
    };
    const page: PageSettings = { settings: pageSettings, messages: [], flagged: [], contentVersion: '', specials: [] };
    const result = await renderer.render({ request: new Request(`${options.publicOrigin}/listing/${encodeURIComponent(document.slug)}`, { headers: { accept: 'text/html' } }), content, page, nonce });
    if (result.kind === 'redirect') return { status: 404, html: '', csp: "default-src 'none'" };
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
      "connect-src 'self'",
      `frame-src 'self'${frames.map((origin) => ` ${origin}`).join('')}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ].join('; ');
    const html = htmlDocument({
      title: `Preview: ${result.title}`,
      // A preview is never indexed and has no public address of its own.
      meta: result.meta ? { ...result.meta, index: false, canonical: null } : undefined,
      description: settings.site.slogan,
      body: result.html,
      page,
      routeData: result.routeData,
      assets: renderer.assets(nonce, result.modules),
      nonce,
    });
    return { status: result.status, html, csp };
  };
}
