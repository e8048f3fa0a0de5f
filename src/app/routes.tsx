import type { ComponentType } from 'react';
import { isRouteErrorResponse, matchRoutes, type RouteObject } from 'react-router';
import { eventPageTitle } from '@/domain/seo/page-titles';
import type { SiteSettings } from '@/domain/settings';
import { Layout } from '@/views/shell/layout';
import { RouteError } from '@/views/pages/route-error';
import type { PageLoaders } from './route-loaders';

export type { ServerLoadContext } from './route-loaders';

/**
 * Route handles give each page its document title from its loader data, and name the page's
 * module: the server preloads its script (issue 10: each page loads only its own code).
 */
export interface PageHandle {
  title: (data: unknown) => string;
  /** The page module's source path from the project root (its key in Vite's manifest). */
  module?: string;
  /** The page shows HTML from the server through the sanitizer (the server renderer loads its window first). */
  showsHtml?: boolean;
}

/** What a page route may add: its handle's flags, and the name of its own error page in its module. */
type PageRouteOptions = Omit<PageHandle, 'title' | 'module'> & { errorBoundary?: string };

/** Every page module, loaded when its route is matched (a chunk of its own in the build). */
const pageModules = import.meta.glob<Record<string, ComponentType>>('../views/**/*-page.tsx');

/** A page route's module and title: `lazy` loads the component the module exports as `name`. */
function pageRoute(
  id: string,
  file: string,
  name: string,
  title: (data: never) => string,
  { errorBoundary, ...more }: PageRouteOptions = {},
): Pick<RouteObject, 'id' | 'lazy' | 'handle'> {
  const load = pageModules[`../views/${file}`];
  if (!load) throw new Error(`No page module views/${file}`);
  return {
    id,
    lazy: async () => {
      const module = await load();
      const Component = module[name];
      if (!Component) throw new Error(`views/${file} has no ${name}`);
      if (!errorBoundary) return { Component };
      const ErrorBoundary = module[errorBoundary];
      if (!ErrorBoundary) throw new Error(`views/${file} has no ${errorBoundary}`);
      return { Component, ErrorBoundary };
    },
    handle: { ...more, title: title as (data: unknown) => string, module: `src/views/${file}` } satisfies PageHandle,
  };
}

/**
 * The site's routes. `load` are the pages' loaders, which run on the server only (entry-server
 * gives them): every page is rendered there, and the browser hydrates it with their data
 * (entry-client.tsx), so the browser's routes have none and its build leaves them out.
 */
export function createRoutes(settings: SiteSettings, load: PageLoaders | null = null): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Layout,
      ErrorBoundary: RouteError,
      children: [
        {
          id: 'pages',
          ErrorBoundary: RouteError,
          children: [
            { index: true, loader: load?.home, ...pageRoute('home', 'pages/home-page.tsx', 'HomePage', () => settings.site.slogan) },
            { path: 'search', loader: load?.search, ...pageRoute('search', 'pages/search-page.tsx', 'SearchPage', () => 'Search rentals') },
            { path: 'search/map', loader: load?.search, ...pageRoute('map-search', 'pages/map-search-page.tsx', 'MapSearchPage', () => 'Map search') },
            { path: 'listing/:slug', loader: load?.listing, ...pageRoute('listing', 'listing/listing-page.tsx', 'ListingPage', (d: { name: string }) => d.name, { errorBoundary: 'MissingListing' }) },
            { path: 'events', loader: load?.events, ...pageRoute('events', 'pages/events-page.tsx', 'EventsPage', () => 'Events') },
            { path: 'events/:slug', loader: load?.event, ...pageRoute('event', 'pages/event-page.tsx', 'EventPage', (d: { title: string }) => d.title) },
            { path: 'things-to-do', loader: load?.thingsToDo, ...pageRoute('things-to-do', 'pages/events-page.tsx', 'EventsPage', () => 'Things to do') },
            { path: 'things-to-do/:slug', loader: load?.event, ...pageRoute('thing-to-do', 'pages/event-page.tsx', 'EventPage', (d: { title: string }) => d.title) },
            {
              path: settings.flag.path.replace(/^\//, ''),
              loader: load?.favourites,
              ...pageRoute('favourites', 'pages/favourites-page.tsx', 'FavouritesPage', () => 'Favourites'),
            },
            { path: 'mytrip', ...pageRoute('mytrip', 'pages/my-trip-page.tsx', 'MyTripPage', () => 'My trip') },
            { path: 'rescms/order/checkout', loader: load?.checkout, ...pageRoute('checkout', 'pages/checkout-page.tsx', 'CheckoutPage', () => 'Checkout') },
            {
              path: 'rescms/order/confirmation/:code',
              loader: load?.confirmation,
              ...pageRoute('confirmation', 'pages/confirmation-page.tsx', 'ConfirmationPage', () => 'Booking confirmed'),
            },
            { path: 'rescms/item/:eid/buy', loader: load?.buy, ...pageRoute('buy', 'pages/buy-page.tsx', 'BuyPage', (d: { item: { name: string } }) => `Book ${d.item.name}`) },
            { path: 'inquiry', loader: load?.inquiry, ...pageRoute('inquiry', 'pages/inquiry-page.tsx', 'InquiryPage', (d: { title: string }) => d.title) },
            { path: 'contact', loader: load?.inquiry, ...pageRoute('contact', 'pages/inquiry-page.tsx', 'InquiryPage', (d: { title: string }) => d.title) },
            { path: 'statecharts', ...pageRoute('statecharts', 'statecharts/statecharts-page.tsx', 'StatechartsPage', () => 'State charts') },
            { path: ':slug', loader: load?.content, ...pageRoute('content', 'pages/content-page.tsx', 'ContentPage', (d: { title: string }) => d.title, { showsHtml: true }) },
            { id: 'not-found', path: '*', loader: load?.notFound },
          ],
        },
      ],
    },
  ];
}

/**
 * Titles only the server's document needs, kept out of the routes' handles so that the browser's
 * bundle does not carry them: an event held every year has a page per year, told apart by its dates.
 */
const documentTitles: Record<string, (data: never) => string> = { event: eventPageTitle, 'thing-to-do': eventPageTitle };

/** The document title of the deepest route that has one, with the site name. */
export function documentTitle(
  matches: ReadonlyArray<{ route: { handle?: unknown; id: string } }>,
  loaderData: Record<string, unknown>,
  siteName: string,
  errors: Record<string, unknown> | null,
): string {
  const failures = Object.values(errors ?? {});
  if (failures.length > 0) {
    const notFound = failures.some((error) => isRouteErrorResponse(error) && error.status === 404);
    return `${notFound ? 'Page not found' : 'Something went wrong'} | ${siteName}`;
  }
  for (const match of [...matches].reverse()) {
    const handle = match.route.handle as PageHandle | undefined;
    const title = (documentTitles[match.route.id] as ((data: unknown) => string) | undefined) ?? handle?.title;
    if (title) return `${title(loaderData[match.route.id])} | ${siteName}`;
  }
  return siteName;
}

/**
 * Loads the page modules of the routes `pathname` matches and puts them in place, so that the
 * router starts with complete routes: hydration then renders at once what the server rendered
 * (a lazy route left for the router would render nothing first). The server's HTML preloads
 * these modules, so this waits for no second round trip.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** The page modules the matched routes name (their handles), in match order. */
export function routeModules(matches: ReadonlyArray<{ route: { handle?: unknown } }>): string[] {
  return matches.flatMap((match) => {
    const module = (match.route.handle as PageHandle | undefined)?.module;
    return module ? [module] : [];
  });
}

/** Every page module (the server loads them all before its first render). */
export async function loadAllPageModules(): Promise<void> {
  await Promise.all(Object.values(pageModules).map((load) => load()));
}
