import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { ContentSource } from '@/domain/content';
import { missingListing } from '@/domain/similar-listings';
import type { SearchConfig } from '@/domain/search/search-config';
import { runInitialSearch, type SearchPageData, type SearchPorts } from '@/bindings/initial-search';

/**
 * What the server hands every loader: the database-backed content, this request's favourites
 * and, when the server has a search back end, the way to it (search pages run their default search).
 */
export interface ServerLoadContext {
  content: ContentSource;
  flagged: string[];
  search?: SearchPorts;
}


function serverContext(context: unknown): ServerLoadContext {
  if (typeof context === 'object' && context !== null && 'content' in context) return context as ServerLoadContext;
  throw new Error('Page data is loaded on the server only');
}

function found<T>(value: T | null): T {
  if (value === null) throw data('Not found', { status: 404 });
  return value;
}

export type PageLoaders = ReturnType<typeof pageLoaders>;

/** The pages' loaders (server only), against the database-backed content of the request. */
export function pageLoaders(search: SearchConfig) {
  const load =
    <T,>(fn: (content: ContentSource, args: LoaderFunctionArgs) => Promise<T>) =>
    (args: LoaderFunctionArgs) =>
      fn(serverContext(args.context).content, args);
  return {
    home: load((c) => c.home()),
    search: async ({ context }: LoaderFunctionArgs): Promise<SearchPageData> => {
      const { content, search: ports } = serverContext(context);
      // A search back end that fails leaves the page its first listings; the browser searches then.
      const [page, initialSearch] = await Promise.all([content.search(), ports ? runInitialSearch(search, ports).catch(() => null) : null]);
      return { ...page, initialSearch };
    },
    // An unknown rental answers 404 (no redirect: search engines drop it) with rentals like it.
    listing: load(async (c, { params }) => {
      const slug = params.slug ?? '';
      const listing = await c.listing(slug);
      // A listing whose slug changed keeps its old address: 301 to the current one.
      const moved = listing === null && c.listingMoved ? await c.listingMoved(slug) : null;
      if (moved !== null) throw redirect(`/listing/${encodeURIComponent(moved)}`, 301);
      if (listing === null) throw data(missingListing(slug, await c.similarListings(slug)), { status: 404 });
      return listing;
    }),
    events: load((c) => c.events('event')),
    thingsToDo: load((c) => c.events('thing-to-do')),
    event: load(async (c, { params }) => found(await c.event(params.slug ?? ''))),
    favourites: ({ context }: LoaderFunctionArgs) => serverContext(context).content.favourites(serverContext(context).flagged),
    // The stay of the query string is re-priced on the server (never a price from the client).
    buy: load(async (c, { params, request }) => {
      const eid = Number(params.eid);
      return found(Number.isSafeInteger(eid) && eid > 0 ? await c.buy(eid, new URL(request.url).search.slice(1)) : null);
    }),
    // A server without booking (no checkout service) still shows the Trips Collection: the page says so.
    checkout: load((c) => c.checkout().catch((error: unknown) => {
      console.warn(`The checkout page has no booking: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    })),
    confirmation: load(async (c, { params }) => found(await c.confirmation(params.code ?? ''))),
    inquiry: load((c) => c.inquiry()),
    content: load(async (c, { params }) => found(await c.page(params.slug ?? ''))),
    notFound: () => found(null),
  };
}
