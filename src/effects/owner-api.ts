/**
 * The owner's JSON API (/admin/api/…, server side in server/admin): one function per request,
 * each through the site's HTTP client, so every failure is an HttpError with the server's body.
 */
import type { Observable } from 'rxjs';
import type { FieldProblem, ListingContent, ListingStatus, Readiness } from '@/domain/owner/listing-content';
import type { CurrentDraft, DraftInfo, ListingVersion, OwnerListingDetail, OwnerListingRow, QuotePreview } from '@/domain/owner/owner-api';
import type { NewListingEntries } from '@/domain/owner/editor-checks';
import type { SiteContentItem, SiteContentKind, SiteContentOptions } from '@/domain/owner/site-content';
import { HttpError, requestJson, type RequestOptions } from './http-client';

export const OWNER_API = '/admin/api';

const json = (method: RequestOptions['method'], body: unknown): RequestOptions => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export const fetchListings = (): Observable<{ listings: OwnerListingRow[] }> => requestJson(`${OWNER_API}/listings`);

export const createListing = (entries: NewListingEntries): Observable<{ eid: number }> => requestJson(`${OWNER_API}/listings`, json('POST', entries));

export const fetchListing = (eid: number): Observable<OwnerListingDetail> => requestJson(`${OWNER_API}/listings/${eid}`);

export const saveDraft = (eid: number, revision: number, document: ListingContent): Observable<{ draft: DraftInfo; readiness: Readiness }> =>
  requestJson(`${OWNER_API}/listings/${eid}/draft`, json('PUT', { revision, document }));

export const publishListing = (eid: number, revision: number): Observable<{ version: number; publishedAt: string; warnings: FieldProblem[] }> =>
  requestJson(`${OWNER_API}/listings/${eid}/publish`, json('POST', { revision }));

export const fetchQuotePreview = (eid: number, document: ListingContent): Observable<QuotePreview> =>
  requestJson(`${OWNER_API}/listings/${eid}/quote-preview`, json('POST', { document }));

export const fetchVersions = (eid: number): Observable<{ versions: ListingVersion[] }> => requestJson(`${OWNER_API}/listings/${eid}/versions`);

export const restoreVersion = (eid: number, version: number, revision: number): Observable<{ draft: DraftInfo }> =>
  requestJson(`${OWNER_API}/listings/${eid}/versions/${version}/restore`, json('POST', { revision }));

export const setListingStatus = (eid: number, status: ListingStatus, version: number): Observable<{ status: ListingStatus }> =>
  requestJson(`${OWNER_API}/listings/${eid}/status`, json('POST', { status, version }));

export const discardDraft = (eid: number, revision: number): Observable<{ ok: boolean }> => requestJson(`${OWNER_API}/listings/${eid}/draft`, json('DELETE', { revision }));

/** The page of the listing as guests will see it, rendered from the draft. */
export const previewUrl = (eid: number): string => `/admin/listings/${eid}/preview`;

/** What an answer's body says, read without trusting it. */
export function problemsOf(error: unknown): FieldProblem[] {
  const problems = error instanceof HttpError ? (error.body as { problems?: unknown } | undefined)?.problems : undefined;
  if (!Array.isArray(problems)) return [];
  return problems.filter(
    (problem): problem is FieldProblem =>
      typeof problem === 'object' && problem !== null && typeof (problem as FieldProblem).path === 'string' && typeof (problem as FieldProblem).message === 'string',
  );
}

export function currentDraftOf(error: unknown): CurrentDraft | null {
  const current = error instanceof HttpError ? (error.body as { current?: unknown } | undefined)?.current : undefined;
  if (!current || typeof current !== 'object') return null;
  const { revision, document, savedAt } = current as Partial<CurrentDraft>;
  return typeof revision === 'number' && document && typeof document === 'object' ? { revision, document, savedAt: typeof savedAt === 'string' ? savedAt : '' } : null;
}

export const LOGIN_NEEDED = 'Your session has ended. Log in again at /admin/analytics/login; what you typed stays in this page until you leave it.';
export const NO_ANSWER = 'The server did not answer. Check the connection and try again.';

/** The owner's sentence for a failure: the server's message, or why there is none. */
export function failureMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return NO_ANSWER;
  if (error.status === 401) return LOGIN_NEEDED;
  if (error.status === 0 || error.status >= 500) return NO_ANSWER;
  return error.message;
}

export const STALE_MESSAGE =
  'Someone else saved this listing since you opened it. Your changes are kept here: review them against the current version and save again.';

/** The site's own content besides listings (server/site-content/routes.ts). */
export const fetchSiteContent = (kind: SiteContentKind): Observable<{ items: SiteContentItem[]; options: SiteContentOptions }> => requestJson(`${OWNER_API}/content/${kind}`);

export const saveSiteContent = (kind: SiteContentKind, id: string | null, revision: string, fields: unknown): Observable<{ item: SiteContentItem }> =>
  id === null
    ? requestJson(`${OWNER_API}/content/${kind}`, json('POST', { fields }))
    : requestJson(`${OWNER_API}/content/${kind}/${encodeURIComponent(id)}`, json('PUT', { revision, fields }));

export const deleteSiteContent = (kind: SiteContentKind, id: string, revision: string): Observable<{ deleted: string }> =>
  requestJson(`${OWNER_API}/content/${kind}/${encodeURIComponent(id)}`, json('DELETE', { revision }));

/** The item someone else saved, as a 409 names it (null: they deleted it). */
export function currentItemOf(error: unknown): SiteContentItem | null {
  const current = error instanceof HttpError ? (error.body as { current?: unknown } | undefined)?.current : undefined;
  if (!current || typeof current !== 'object') return null;
  const { id, revision, label, fields } = current as Partial<SiteContentItem>;
  return typeof id === 'string' && typeof revision === 'string' && fields && typeof fields === 'object' ? ({ id, revision, label: typeof label === 'string' ? label : '', fields } as SiteContentItem) : null;
}
