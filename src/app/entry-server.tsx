import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import type { ContentSource } from '@/domain/content';
import { configureSanitizer } from '@/bindings/html-sanitizer';
import type { PageSettings } from '@/domain/settings';
import { pageMeta, type PageMeta } from '@/domain/seo/page-meta';
import type { SiteSettings } from '@/domain/settings';
import { loadAllDeferred } from '@/bindings/deferred';
import type { SearchPorts } from '@/bindings/initial-search';
import { routeDataOf, type RouteData } from './route-data';
import { openAllIslands } from '@/bindings/island';
import { pageLoaders } from './route-loaders';
import { createRoutes, documentTitle, loadAllPageModules, routeModules, type PageHandle, type ServerLoadContext } from './routes';
import { createSiteActors, stopSiteActors } from '@/bindings/actors/site-actors';
import { AppRoot } from './app-root';

// jsdom (the sanitizer's window on the server) takes about a second to load and is needed only
// by pages that show HTML from the database (route handle `showsHtml`): it is loaded the first
// time such a page is rendered, neither at start nor for any other page.
let sanitizerReady: Promise<void> | null = null;
const loadSanitizer = () =>
  (sanitizerReady ??= import('jsdom').then(({ JSDOM }) =>
    configureSanitizer(new JSDOM('').window as unknown as Parameters<typeof configureSanitizer>[0]),
  ));
// The browser loads pages, dialogs and pickers as they are used; the server renders them in full.
const modulesReady = loadAllPageModules().then(loadAllDeferred).then(openAllIslands);
/** Settles once every page module is loaded (started when this module is imported). */
export const pageModulesLoaded = (): Promise<void> => modulesReady;

// The routes and their static handler are the same for every request of a process (one settings object).
const handlers = new WeakMap<SiteSettings, ReturnType<typeof createStaticHandler>>();
function handlerFor(settings: SiteSettings) {
  let handler = handlers.get(settings);
  if (!handler) handlers.set(settings, (handler = createStaticHandler(createRoutes(settings, pageLoaders(settings.search)))));
  return handler;
}

export type { SearchPorts };

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      title: string;
      html: string;
      failures: unknown[];
      /** The page modules of the matched routes (source paths): the HTML preloads their scripts. */
      modules?: string[];
      /** The routes' loader data and errors, for the browser's hydration (written beside the page settings). */
      routeData?: RouteData;
      /** What search engines and link previews read: description, canonical address, image, JSON-LD. */
      meta?: PageMeta;
    };

/**
 * Renders one page on the server: runs the route loaders against the database-backed
 * content, then renders the React tree; the routes' data for hydration goes beside it (routeData).
 */
export async function render(options: {
  request: Request;
  content: ContentSource;
  page: PageSettings;
  nonce: string;
  /** The search back end and built-in ranking: search pages are rendered with their default search. */
  search?: SearchPorts;
}): Promise<RenderResult> {
  const { request, content, page, search } = options;
  await modulesReady;
  const handler = handlerFor(page.settings);
  const requestContext: ServerLoadContext = { content, flagged: page.flagged, search };
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  if (context.matches.some((match) => (match.route.handle as PageHandle | undefined)?.showsHtml)) await loadSanitizer();
  // Loader failures are logged by the server; the page and its hydration data only say that
  // something went wrong, never the message (which may name hosts, queries or files).
  const failures: unknown[] = [];
  if (context.errors) {
    for (const [routeId, error] of Object.entries(context.errors)) {
      if (isRouteErrorResponse(error)) continue;
      failures.push(error);
      context.errors[routeId] = new Error('Internal error');
    }
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const actors = createSiteActors(page, new URL(request.url).origin);
  try {
    const html = renderToString(
      <AppRoot page={page} actors={actors}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>,
    );
    const title = documentTitle(context.matches, context.loaderData, page.settings.site.name, context.errors);
    const url = new URL(request.url);
    const leaf = context.matches[context.matches.length - 1]?.route.id ?? null;
    const meta = pageMeta({
      routeId: leaf,
      data: leaf === null ? null : context.loaderData[leaf],
      origin: url.origin,
      path: url.pathname,
      siteName: page.settings.site.name,
      fallbackDescription: page.settings.site.slogan,
      failed: context.statusCode >= 400,
    });
    return { kind: 'page', status: context.statusCode, title, html, failures, modules: routeModules(context.matches), routeData: routeDataOf(context), meta };
  } finally {
    stopSiteActors(actors);
  }
}
