import type { PageMeta } from '../src/domain/seo/page-meta.ts';
import type { PageSettings } from '../src/domain/settings.ts';

export interface PageAssets {
  scripts: string[];
  /** Module scripts the page needs at once (its page module and their imports), fetched beside the entry. */
  preloads?: string[];
  styles: string[];
  /** Extra head HTML (the Vite client and React refresh preamble in development). */
  headHtml?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** JSON safe inside a <script> element: no '<', so no '</script>' or '<!--' can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Runs before the first paint, so that what the browser knows and the server could not does not
 * make the page jump once scripts run (issue 10: CLS):
 * - a search page opened with a search in its hash (the server rendered the default search): its
 *   results and facets stay hidden until the browser's search for the hash has answered
 *   (search-wiring.ts), at most 5 s;
 * - /mytrip and checkout with a Trips Collection in local storage (or a shared one in the
 *   address): the empty state the server rendered stays hidden and the order's place is kept
 *   (order-wiring.ts keeps the mark in step with the order).
 */
const PRE_PAINT_SCRIPT =
  'var d=document.documentElement,l=location;' +
  'if(/^\\/search(?:\\/map)?\\/?$/.test(l.pathname)&&/(?:^#|&)(?:q|fq|sort|start|rows)=/.test(l.hash)){' +
  'd.dataset.searchHash="";setTimeout(function(){delete d.dataset.searchHash},5000)}' +
  'if(/^\\/(?:mytrip|rescms\\/order\\/checkout)\\/?$/.test(l.pathname))try{' +
  'var o=JSON.parse(localStorage.getItem("rcriotorder")||"null");' +
  'if(o&&o.lis&&Object.keys(o.lis).length||/[?#&](?:rcod|short-url)=/.test(l.search+l.hash))d.dataset.trip=""}catch(e){}';

/** Description, canonical address, robots, Open Graph and Twitter card tags, and JSON-LD of a page. */
export function metaTags(meta: PageMeta, title: string, siteName: string): string {
  const tag = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [tag('name', 'description', meta.description)];
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}">`, tag('property', 'og:url', meta.canonical));
  if (!meta.index) tags.push(tag('name', 'robots', 'noindex'));
  tags.push(tag('property', 'og:site_name', siteName), tag('property', 'og:type', meta.type), tag('property', 'og:title', title), tag('property', 'og:description', meta.description));
  if (meta.image) {
    tags.push(
      tag('property', 'og:image', meta.image.url),
      tag('property', 'og:image:width', String(meta.image.width)),
      tag('property', 'og:image:height', String(meta.image.height)),
      tag('property', 'og:image:alt', meta.image.alt),
    );
  }
  tags.push(tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'));
  for (const data of meta.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('');
}

/** The HTML document around a server-rendered page; the settings object travels as inert JSON. */
export function htmlDocument(options: {
  title: string;
  /** The page's description and what search engines and link previews read (else the site's description alone). */
  meta?: PageMeta;
  description: string;
  body: string;
  page: PageSettings;
  /** The routes' loader data and errors, which the browser hydrates with (inert JSON). */
  routeData?: unknown;
  assets: PageAssets;
  nonce: string;
}): string {
  const { title, meta, description, body, page, routeData, assets, nonce } = options;
  const styles = assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  // The page is complete without its scripts (they hydrate it): they load at low priority, so the
  // style sheet and the first images take the connection first and the first paint does not wait
  // for 100 kB of JavaScript on a slow phone network (Lighthouse mobile: FCP 1.9 s → 0.9 s on /).
  const preloads = (assets.preloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" fetchpriority="low">`).join('');
  const scripts = assets.scripts
    .map((src) => `<script type="module" src="${escapeHtml(src)}" nonce="${nonce}" fetchpriority="low"></script>`)
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title>` +
    (meta ? metaTags(meta, title, page.settings.site.name) : `<meta name="description" content="${escapeHtml(description)}">`) +
    '<meta name="theme-color" content="#0e7490"><link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<script nonce="${nonce}">${PRE_PAINT_SCRIPT}</script>` +
    `${assets.headHtml ?? ''}${styles}${preloads}${scripts}` +
    `<script id="page-settings" type="application/json">${jsonForScript(page)}</script>` +
    `<script id="route-data" type="application/json">${jsonForScript(routeData ?? null)}</script>` +
    `</head><body><div id="root">${body}</div></body></html>`
  );
}
