import { firstValueFrom } from 'rxjs';
import type { ContentSource } from '@/domain/content';
import { HttpError, requestJson } from '@/effects/http-client';

function get<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const query = new URLSearchParams(params).toString();
  return firstValueFrom(requestJson<T>(`/api/content/${path}${query ? `?${query}` : ''}`));
}

function orNull<T>(promise: Promise<T>): Promise<T | null> {
  return promise.catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
}

/** The content API seen from the browser: the same methods the server reads from the database. */
export const httpContentSource: ContentSource = {
  home: () => get('home'),
  search: () => get('search'),
  listing: (slug) => orNull(get('listing', { slug })),
  similarListings: (slug) => get('similar', { slug }),
  events: (kind) => get('events', { kind }),
  event: (slug) => orNull(get('event', { slug })),
  activities: () => get('activities'),
  item: (eid) => orNull(get('item', { eid: String(eid) })),
  buy: (eid, query) => orNull(get('buy', { eid: String(eid), query })),
  favourites: (docIds) => get('favourites', { ids: docIds.join(',') }),
  inquiry: () => get('inquiry'),
  page: (slug) => orNull(get('page', { slug })),
  checkout: () => get('checkout'),
  confirmation: (code) => orNull(get('confirmation', { code })),
};
