import { data, isRouteErrorResponse, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ContentSource } from '@/domain/content';
import type { SiteSettings } from '@/domain/settings';
import { readFlagCookie } from '@/persistence/flag-cookie';
import { Layout } from '@/views/shell/layout';
import { RouteError } from '@/views/pages/route-error';
import { HomePage } from '@/views/pages/home-page';
import { SearchPage } from '@/views/pages/search-page';
import { MapSearchPage } from '@/views/pages/map-search-page';
import { ListingPage } from '@/views/listing/listing-page';
import { EventsPage } from '@/views/pages/events-page';
import { EventPage } from '@/views/pages/event-page';
import { FavouritesPage } from '@/views/pages/favourites-page';
import { MyTripPage } from '@/views/pages/my-trip-page';
import { CheckoutPage } from '@/views/pages/checkout-page';
import { BuyPage } from '@/views/pages/buy-page';
import { ConfirmationPage } from '@/views/pages/confirmation-page';
import { InquiryPage } from '@/views/pages/inquiry-page';
import { ContentPage } from '@/views/pages/content-page';
import { StatechartsPage } from '@/views/statecharts/statecharts-page';
import { httpContentSource } from './content-client';

/** What the server hands every loader: the database-backed content and this request's favourites. */
export interface ServerLoadContext {
  content: ContentSource;
  flagged: string[];
}

function isServerContext(context: unknown): context is ServerLoadContext {
  return typeof context === 'object' && context !== null && 'content' in context;
}

function contentOf(context: unknown): ContentSource {
  return isServerContext(context) ? context.content : httpContentSource;
}

function found<T>(value: T | null): T {
  if (value === null) throw data('Not found', { status: 404 });
  return value;
}

/** Route handles give each page its document title from its loader data. */
export interface PageHandle {
  title: (data: unknown) => string;
  /** The page shows HTML from the server through the sanitizer (the server renderer loads its window first). */
  showsHtml?: boolean;
}
const titled = (title: (data: never) => string): PageHandle => ({ title: title as (data: unknown) => string });

export function createRoutes(settings: SiteSettings): RouteObject[] {
  const load = <T,>(fn: (content: ContentSource, args: LoaderFunctionArgs) => Promise<T>) =>
    (args: LoaderFunctionArgs) => fn(contentOf(args.context), args);
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
        { index: true, loader: load((c) => c.home()), Component: HomePage, handle: titled(() => settings.site.slogan) },
        { path: 'search', loader: load((c) => c.search()), Component: SearchPage, handle: titled(() => 'Search rentals') },
        { path: 'search/map', loader: load((c) => c.search()), Component: MapSearchPage, handle: titled(() => 'Map search') },
        {
          path: 'listing/:slug',
          loader: load(async (c, { params }) => found(await c.listing(params.slug ?? ''))),
          Component: ListingPage,
          handle: titled((d: { name: string }) => d.name),
        },
        { path: 'events', loader: load((c) => c.events('event')), Component: EventsPage, handle: titled(() => 'Events') },
        {
          path: 'events/:slug',
          loader: load(async (c, { params }) => found(await c.event(params.slug ?? ''))),
          Component: EventPage,
          handle: titled((d: { title: string }) => d.title),
        },
        { path: 'things-to-do', loader: load((c) => c.events('thing-to-do')), Component: EventsPage, handle: titled(() => 'Things to do') },
        {
          path: 'things-to-do/:slug',
          loader: load(async (c, { params }) => found(await c.event(params.slug ?? ''))),
          Component: EventPage,
          handle: titled((d: { title: string }) => d.title),
        },
        {
          path: settings.flag.path.replace(/^\//, ''),
          loader: async ({ context }: LoaderFunctionArgs) =>
            contentOf(context).favourites(isServerContext(context) ? context.flagged : readFlagCookie()),
          Component: FavouritesPage,
          handle: titled(() => 'Favourites'),
        },
        { path: 'mytrip', Component: MyTripPage, handle: titled(() => 'My trip') },
        { path: 'rescms/order/checkout', Component: CheckoutPage, handle: titled(() => 'Checkout') },
        {
          path: 'rescms/order/confirmation/:code',
          loader: load(async (c, { params }) => found(await c.confirmation(params.code ?? ''))),
          Component: ConfirmationPage,
          handle: titled(() => 'Booking confirmed'),
        },
        {
          path: 'rescms/item/:eid/buy',
          // The stay of the query string is re-priced on the server (never a price from the client).
          loader: load(async (c, { params, request }) => {
            const eid = Number(params.eid);
            return found(Number.isSafeInteger(eid) && eid > 0 ? await c.buy(eid, new URL(request.url).search.slice(1)) : null);
          }),
          Component: BuyPage,
          handle: titled((d: { item: { name: string } }) => `Book ${d.item.name}`),
        },
        { path: 'inquiry', loader: load((c) => c.inquiry()), Component: InquiryPage, handle: titled((d: { title: string }) => d.title) },
        { path: 'statecharts', Component: StatechartsPage, handle: titled(() => 'State charts') },
        {
          path: ':slug',
          loader: load(async (c, { params }) => found(await c.page(params.slug ?? ''))),
          Component: ContentPage,
          handle: { ...titled((d: { title: string }) => d.title), showsHtml: true },
        },
        { path: '*', loader: () => found(null) },
          ],
        },
      ],
    },
  ];
}

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
    if (handle?.title) return `${handle.title(loaderData[match.route.id])} | ${siteName}`;
  }
  return siteName;
}
