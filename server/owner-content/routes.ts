/**
 * The owner's listing API (JSON, behind the admin login; registered inside the admin scope of
 * server/admin/routes.ts, so the session check applies and every state-changing route passes the
 * security layer: Fetch Metadata and Origin, and the `owner` rate limit):
 *
 *   GET    /admin/api/listings                          → the listings with their readiness counts
 *   POST   /admin/api/listings  { name, propertyCode, area, type } → 201 { eid } (unpublished, a first draft)
 *   GET    /admin/api/listings/{eid}                    → published version, draft, readiness, options
 *   PUT    /admin/api/listings/{eid}/draft  { revision, document } → 200 | 409 stale | 422 invalid
 *   DELETE /admin/api/listings/{eid}/draft  { revision } → 200 | 409
 *   POST   /admin/api/listings/{eid}/quote-preview { document } → sample stays before and after
 *   POST   /admin/api/listings/{eid}/publish  { revision } → 200 { version, publishedAt, warnings } | 409 | 422 blocked
 *   GET    /admin/api/listings/{eid}/versions           → every published version
 *   POST   /admin/api/listings/{eid}/versions/{version}/restore { revision } → 200 { draft } | 409
 *   POST   /admin/api/listings/{eid}/status  { status, version } → 200 | 409 | 422 (archiving with stays ahead)
 *   GET    /admin/listings/{eid}/preview                → the listing page from the draft (noindex, no-store)
 *
 * Errors are `{ error, message, problems? }`; without a session 401 `{ error: 'login' }`.
 */
import { uploadedPhotoAt } from '../media/photo-sources.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldProblem, ListingContent, ListingStatus, RatePlan } from '../../src/domain/owner/listing-content.ts';
import { validateListing, type ListingValidationContext } from '../../src/domain/owner/listing-validation.ts';
import { readiness } from '../../src/domain/owner/readiness.ts';
import type { PricingData } from '../pricing/model.ts';
import { dayOf } from '../pricing/model.ts';
import { previewQuotes } from '../pricing/preview.ts';
import { slugify } from '../demo/generate-common.ts';
import { photoPathOfKey } from './document.ts';
import type { ListingChanged } from './publish.ts';
import type { DraftRecord, ListingStore } from './store.ts';

export const LISTINGS_API = '/admin/api/listings';
export const PREVIEW_PATH = (eid: number | string) => `/admin/listings/${eid}/preview`;

export const STALE_MESSAGE = 'Someone else saved this listing since you opened it. Your changes are kept here: review them against the current version and save again.';
/** A listing document with long texts and a hundred photos is well under this. */
const DOCUMENT_BODY_LIMIT = 512 * 1024;

export interface OwnerContentOptions {
  store: ListingStore;
  /** After a publication or a status change commits: the index, the caches and the prices follow. */
  changed: ListingChanged;
  /** bt_virtual_tours.embed_origins. */
  embedOrigins: readonly string[];
  currency: string;
  /**
   * Which of these photo keys are images the site has (uploads; a demo image's media path is
   * known by its photos row): their sizes. Without it only the listing's own photos are known.
   */
  knownPhotos?: (keys: readonly string[]) => Promise<Set<string>>;
  /** The pricing model the quote preview prices with; without it the samples carry no quotes. */
  pricingData?: () => Promise<PricingData>;
  /** The guest listing page rendered from a draft (preview.ts); without it the preview answers 404. */
  preview?: (document: ListingContent, eid: number) => Promise<{ status: number; html: string; csp: string }>;
}

export interface OwnerContentContext {
  now: () => Date;
  isLoggedIn: (request: FastifyRequest) => boolean;
}

// Route schemas: what each route takes and answers (the serializer writes these fields only).
const problem = { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } }, required: ['path', 'message'] } as const;
const problems = { type: 'array', items: problem } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const error = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' }, problems }, required: ['error', 'message'] } as const;
const readinessSchema = { type: 'object', properties: { guests: problems, google: problems, channels: problems, blocking: problems }, required: ['guests', 'google', 'channels', 'blocking'] } as const;
const draftSchema = {
  type: 'object',
  properties: { baseVersion: { type: 'integer' }, revision: { type: 'integer' }, document: anyObject, savedAt: { type: 'string' } },
  required: ['baseVersion', 'revision', 'document', 'savedAt'],
} as const;
const staleSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    current: { type: ['object', 'null'], properties: { revision: { type: 'integer' }, document: anyObject, savedAt: { type: 'string' } } },
    version: { type: 'integer' },
  },
  required: ['error', 'message'],
} as const;
const eidParams = { type: 'object', properties: { eid: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } }, required: ['eid'] } as const;
const revisionBody = { type: 'object', properties: { revision: { type: 'integer', minimum: 0, maximum: 2_147_483_647 } }, required: ['revision'], additionalProperties: false } as const;
const quoteSummary = {
  type: ['object', 'null'],
  properties: {
    totalCents: { type: 'integer' },
    rentCents: { type: 'integer' },
    lines: { type: 'array', items: { type: 'object', properties: { kind: { type: 'string' }, label: { type: 'string' }, amountCents: { type: 'integer' } } } },
    problem: { type: ['string', 'null'] },
  },
} as const;

const errorReply = (reply: FastifyReply, status: number, code: string, message: string, list?: FieldProblem[]) =>
  reply.status(status).header('cache-control', 'no-store').send(list ? { error: code, message, problems: list } : { error: code, message });
const staleReply = (reply: FastifyReply, current: DraftRecord | null) =>
  reply
    .status(409)
    .header('cache-control', 'no-store')
    .send({ error: 'stale', message: STALE_MESSAGE, current: current ? { revision: current.revision, document: current.document, savedAt: current.savedAt } : null });

export function registerOwnerContentRoutes(scope: FastifyInstance, options: OwnerContentOptions, context: OwnerContentContext): void {
  const { store } = options;
  const read = { limit: 'owner' as const };
  const write = { limit: 'owner' as const };
  const today = () => context.now().toISOString().slice(0, 10);
  const facts = () => ({ today: today() });

  /** Everything the validation looks up, for one listing's document. */
  async function validationContext(eid: number, document: unknown): Promise<ListingValidationContext & { slugTaken: boolean }> {
    const [siteOptions, taken, current] = await Promise.all([store.options(), store.taken(eid, (document ?? {}) as Record<string, unknown>), store.get(eid)]);
    const photos = Array.isArray((document as { photos?: unknown } | null)?.photos) ? ((document as { photos: unknown[] }).photos) : [];
    const keys = photos.map((photo) => (photo && typeof photo === 'object' ? (photo as { key?: unknown }).key : null)).filter((key): key is string => typeof key === 'string').slice(0, 200);
    // The listing's own photos (published or draft) are known; others must be uploads the site has.
    const own = new Set<string>([...(current?.published?.document.photos ?? []), ...(current?.draft?.document.photos ?? [])].map((photo) => photo.key));
    const uploaded = options.knownPhotos ? await options.knownPhotos(keys.filter((key) => !own.has(key))) : new Set<string>();
    return {
      areas: siteOptions.areas.map((a) => a.slug),
      amenities: siteOptions.amenities.map((a) => a.slug),
      types: siteOptions.types,
      embedOrigins: options.embedOrigins,
      photoKnown: (key) => own.has(key) || uploaded.has(key),
      propertyCodeTaken: () => taken.propertyCode,
      slugTaken: taken.slug,
    };
  }

  async function problemsOf(eid: number, document: unknown): Promise<FieldProblem[]> {
    const checks = await validationContext(eid, document);
    const found = validateListing(document, checks);
    if (checks.slugTaken && !found.some((p) => p.path === 'slug')) found.push({ path: 'slug', message: 'Another listing has this address name (slug).' });
    const photos = Array.isArray((document as { photos?: unknown } | null)?.photos) ? (document as { photos: unknown[] }).photos.slice(0, 200) : [];
    const keys = photos.map((photo) => (photo && typeof photo === 'object' ? (photo as { key?: unknown }).key : null));
    const elsewhere = await store.photosElsewhere(eid, keys.filter((key): key is string => typeof key === 'string'));
    keys.forEach((key, i) => {
      if (typeof key === 'string' && elsewhere.has(key)) found.push({ path: `photos.${i}.key`, message: 'Another listing shows this photo: upload it again for this one.' });
    });
    return found;
  }

  const guard = (request: FastifyRequest, reply: FastifyReply) => {
    if (context.isLoggedIn(request)) return null;
    return errorReply(reply, 401, 'login', 'Please log in at /admin/analytics/login first.');
  };

  scope.get(LISTINGS_API, {
    config: read,
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            listings: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  eid: { type: 'integer' },
                  propertyCode: { type: 'string' },
                  name: { type: 'string' },
                  slug: { type: 'string' },
                  status: { type: 'string' },
                  version: { type: 'integer' },
                  hasDraft: { type: 'boolean' },
                  savedAt: { type: ['string', 'null'] },
                  photo: { type: ['object', 'null'], properties: { src: { type: 'string' }, alt: { type: 'string' } } },
                  readiness: { type: 'object', properties: { guests: { type: 'integer' }, google: { type: 'integer' }, channels: { type: 'integer' }, blocking: { type: 'integer' } } },
                },
              },
            },
          },
        },
        401: error,
      },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const rows = await store.list();
    const at = facts();
    const listings = rows.map((row) => {
      const r = readiness(row.document, at);
      const cover = row.document.photos[0];
      return {
        eid: row.eid,
        propertyCode: row.document.propertyCode,
        name: row.document.name,
        slug: row.document.slug,
        status: row.status,
        version: row.version,
        hasDraft: row.hasDraft,
        savedAt: row.savedAt,
        photo: cover ? { src: uploadedPhotoAt(photoPathOfKey(cover.key), cover.width, 320) ?? `/media/${photoPathOfKey(cover.key)}`, alt: cover.alt } : null,
        readiness: { guests: r.guests.length, google: r.google.length, channels: r.channels.length, blocking: r.blocking.length },
      };
    });
    return reply.header('cache-control', 'no-store').send({ listings });
  });

  scope.post<{ Body: { name: string; propertyCode: string; area: string; type: string } }>(LISTINGS_API, {
    config: write,
    schema: {
      body: {
        type: 'object',
        properties: { name: { type: 'string', maxLength: 200 }, propertyCode: { type: 'string', maxLength: 100 }, area: { type: 'string', maxLength: 100 }, type: { type: 'string', maxLength: 100 } },
        required: ['name', 'propertyCode', 'area', 'type'],
        additionalProperties: false,
      },
      response: { 201: { type: 'object', properties: { eid: { type: 'integer' } }, required: ['eid'] }, 401: error, 409: error, 422: error },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const { name, propertyCode, area, type } = request.body;
    const siteOptions = await store.options();
    const slug = slugify(name).slice(0, 60).replace(/-+$/, '') || 'listing';
    // The same field rules as a saved document: checked on a draft made of these four.
    const found = validateListing(
      { ...{ format: 1, propertyCode, name, nickname: '', slug, type, area, address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' }, latitude: 0, longitude: 0, bedrooms: 1, bathrooms: 1, sleeps: 2, beds: 1 } },
      { areas: siteOptions.areas.map((a) => a.slug), types: siteOptions.types },
    ).filter((p) => ['name', 'propertyCode', 'area', 'type'].includes(p.path));
    if (found.length > 0) return errorReply(reply, 422, 'invalid', 'Please correct the fields marked.', found);
    const created = await store.create({ name: name.trim(), propertyCode, area, type, slug }, 'owner');
    if ('taken' in created) {
      if (created.taken === 'eids') return errorReply(reply, 409, 'full', 'The site has no free listing number left (1000–4999).');
      return errorReply(reply, 422, 'invalid', 'Please correct the fields marked.', [{ path: 'propertyCode', message: `Another listing has the property code ${propertyCode}.` }]);
    }
    request.log.info({ eid: created.eid }, 'site owner created a listing');
    return reply.status(201).header('cache-control', 'no-store').send({ eid: created.eid });
  });

  scope.get<{ Params: { eid: string } }>(`${LISTINGS_API}/:eid`, {
    config: read,
    schema: {
      params: eidParams,
      response: {
        200: {
          type: 'object',
          properties: {
            eid: { type: 'integer' },
            status: { type: 'string' },
            published: { type: ['object', 'null'], properties: { version: { type: 'integer' }, document: anyObject, publishedAt: { type: ['string', 'null'] }, publishedBy: { type: ['string', 'null'] } } },
            draft: { ...draftSchema, type: ['object', 'null'] },
            readiness: readinessSchema,
            options: {
              type: 'object',
              properties: {
                areas: { type: 'array', items: { type: 'object', properties: { slug: { type: 'string' }, name: { type: 'string' } } } },
                amenities: { type: 'array', items: { type: 'object', properties: { slug: { type: 'string' }, name: { type: 'string' }, category: { type: 'string' } } } },
                types: { type: 'array', items: { type: 'string' } },
                embedOrigins: { type: 'array', items: { type: 'string' } },
                currency: { type: 'string' },
              },
            },
          },
        },
        401: error,
        404: error,
      },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const eid = Number(request.params.eid);
    const listing = await store.get(eid);
    if (!listing) return errorReply(reply, 404, 'missing', 'There is no such listing.');
    const siteOptions = await store.options();
    const document = listing.draft?.document ?? listing.published?.document;
    return reply.header('cache-control', 'no-store').send({
      eid,
      status: listing.status,
      published: listing.published,
      draft: listing.draft,
      readiness: readiness(document, facts()),
      options: { areas: siteOptions.areas, amenities: siteOptions.amenities, types: siteOptions.types, embedOrigins: [...options.embedOrigins], currency: options.currency },
    });
  });

  scope.put<{ Params: { eid: string }; Body: { revision: number; document: unknown } }>(`${LISTINGS_API}/:eid/draft`, {
    config: write,
    bodyLimit: DOCUMENT_BODY_LIMIT,
    schema: {
      params: eidParams,
      body: { type: 'object', properties: { revision: { type: 'integer', minimum: 0, maximum: 2_147_483_647 }, document: anyObject }, required: ['revision', 'document'], additionalProperties: false },
      response: { 200: { type: 'object', properties: { draft: draftSchema, readiness: readinessSchema } }, 401: error, 404: error, 409: staleSchema, 422: error },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const eid = Number(request.params.eid);
    const { revision, document } = request.body;
    const found = await problemsOf(eid, document);
    if (found.length > 0) return errorReply(reply, 422, 'invalid', `Nothing was saved: ${found.length === 1 ? 'one field needs' : `${found.length} fields need`} correcting.`, found);
    const saved = await store.saveDraft(eid, revision, document as ListingContent, 'owner');
    if (!saved.ok) return saved.reason === 'missing' ? errorReply(reply, 404, 'missing', 'There is no such listing.') : staleReply(reply, saved.current);
    return reply.header('cache-control', 'no-store').send({ draft: saved.draft, readiness: readiness(saved.draft.document, facts()) });
  });

  scope.delete<{ Params: { eid: string }; Body: { revision: number } }>(`${LISTINGS_API}/:eid/draft`, {
    config: write,
    schema: { params: eidParams, body: revisionBody, response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } }, 401: error, 409: staleSchema } },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const done = await store.discardDraft(Number(request.params.eid), request.body.revision);
    return done.ok ? reply.header('cache-control', 'no-store').send({ ok: true }) : staleReply(reply, done.current);
  });

  scope.post<{ Params: { eid: string }; Body: { document: unknown } }>(`${LISTINGS_API}/:eid/quote-preview`, {
    config: write,
    bodyLimit: DOCUMENT_BODY_LIMIT,
    schema: {
      params: eidParams,
      body: { type: 'object', properties: { document: anyObject }, required: ['document'], additionalProperties: false },
      response: {
        200: {
          type: 'object',
          properties: {
            currency: { type: 'string' },
            samples: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  label: { type: 'string' },
                  begin: { type: 'string' },
                  end: { type: 'string' },
                  nights: { type: 'integer' },
                  guests: { type: 'integer' },
                  before: quoteSummary,
                  after: quoteSummary,
                },
              },
            },
          },
        },
        401: error,
        404: error,
        422: error,
      },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const eid = Number(request.params.eid);
    const listing = await store.get(eid);
    if (!listing) return errorReply(reply, 404, 'missing', 'There is no such listing.');
    const document = request.body.document as Partial<ListingContent>;
    const found = validateListing(document).filter((p) => p.path.startsWith('rates'));
    if (found.length > 0) return errorReply(reply, 422, 'invalid', 'The rates need correcting before they can be priced.', found);
    const day = dayOf(today()) ?? 0;
    const data = options.pricingData ? await options.pricingData() : ({} as PricingData);
    const before: RatePlan | null = listing.published?.document.rates ?? null;
    const samples = previewQuotes(data, { eid, name: String(document.name ?? ''), sleeps: typeof document.sleeps === 'number' ? document.sleeps : 2 }, before, document.rates as RatePlan, day);
    return reply.header('cache-control', 'no-store').send({ currency: options.currency, samples });
  });

  scope.post<{ Params: { eid: string }; Body: { revision: number } }>(`${LISTINGS_API}/:eid/publish`, {
    config: write,
    schema: {
      params: eidParams,
      body: revisionBody,
      response: {
        200: { type: 'object', properties: { version: { type: 'integer' }, publishedAt: { type: 'string' }, warnings: problems } },
        401: error,
        404: error,
        409: staleSchema,
        422: error,
      },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const eid = Number(request.params.eid);
    let warnings: FieldProblem[] = [];
    const published = await store.publish(eid, request.body.revision, 'owner', async (document) => {
      // A draft was valid when saved; the site may have changed since (an area or amenity gone, a code taken).
      const invalid = await problemsOf(eid, document);
      const ready = readiness(document, facts());
      warnings = [...ready.guests, ...ready.google, ...ready.channels];
      return [...invalid, ...ready.blocking];
    });
    if (!published.ok) {
      if (published.reason === 'missing') return errorReply(reply, 404, 'missing', 'There is no such listing.');
      if (published.reason === 'stale') return staleReply(reply, published.current);
      return errorReply(reply, 422, 'blocked', 'This listing cannot be published yet: its page would be broken.', published.problems);
    }
    await options.changed(eid);
    request.log.info({ eid, version: published.version }, 'site owner published a listing');
    return reply.header('cache-control', 'no-store').send({ version: published.version, publishedAt: published.publishedAt, warnings });
  });

  scope.get<{ Params: { eid: string } }>(`${LISTINGS_API}/:eid/versions`, {
    config: read,
    schema: {
      params: eidParams,
      response: {
        200: {
          type: 'object',
          properties: {
            versions: { type: 'array', items: { type: 'object', properties: { version: { type: 'integer' }, publishedAt: { type: 'string' }, publishedBy: { type: 'string' }, name: { type: 'string' } } } },
          },
        },
        401: error,
      },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    return reply.header('cache-control', 'no-store').send({ versions: await store.versions(Number(request.params.eid)) });
  });

  scope.post<{ Params: { eid: string; version: string }; Body: { revision: number } }>(`${LISTINGS_API}/:eid/versions/:version/restore`, {
    config: write,
    schema: {
      params: { type: 'object', properties: { eid: eidParams.properties.eid, version: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } }, required: ['eid', 'version'] },
      body: revisionBody,
      response: { 200: { type: 'object', properties: { draft: draftSchema } }, 401: error, 404: error, 409: staleSchema },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const restored = await store.restore(Number(request.params.eid), Number(request.params.version), request.body.revision, 'owner');
    if (!restored.ok) {
      if (restored.reason === 'stale') return staleReply(reply, restored.current);
      return errorReply(reply, 404, 'missing', restored.reason === 'no-version' ? 'This listing has no such version.' : 'There is no such listing.');
    }
    return reply.header('cache-control', 'no-store').send({ draft: restored.draft });
  });

  scope.post<{ Params: { eid: string }; Body: { status: ListingStatus; version: number } }>(`${LISTINGS_API}/:eid/status`, {
    config: write,
    schema: {
      params: eidParams,
      body: {
        type: 'object',
        properties: { status: { type: 'string', enum: ['published', 'unpublished', 'archived'] }, version: { type: 'integer', minimum: 0, maximum: 2_147_483_647 } },
        required: ['status', 'version'],
        additionalProperties: false,
      },
      response: { 200: { type: 'object', properties: { status: { type: 'string' } } }, 401: error, 404: error, 409: staleSchema, 422: error },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const eid = Number(request.params.eid);
    const result = await store.setStatus(eid, request.body.status, request.body.version, today());
    if (!result.ok) {
      if (result.reason === 'missing') return errorReply(reply, 404, 'missing', 'There is no such listing.');
      if (result.reason === 'stale') return reply.status(409).header('cache-control', 'no-store').send({ error: 'stale', message: 'This listing was published again since you opened it. Please look at it again.', version: result.version });
      if (result.reason === 'never-published') return errorReply(reply, 422, 'never-published', 'Publish this listing first: it has no published version yet.');
      return errorReply(reply, 422, 'booked', `This listing has bookings from ${result.from}; it can be unpublished, not archived.`);
    }
    await options.changed(eid);
    request.log.info({ eid, status: result.status }, 'site owner changed a listing status');
    return reply.header('cache-control', 'no-store').send({ status: result.status });
  });

  scope.get<{ Params: { eid: string } }>('/admin/listings/:eid/preview', { config: read, schema: { params: eidParams } }, async (request, reply) => {
    if (!context.isLoggedIn(request)) return reply.header('cache-control', 'no-store').redirect('/admin/analytics/login', 303);
    const eid = Number(request.params.eid);
    const listing = await store.get(eid);
    const document = listing?.draft?.document ?? listing?.published?.document;
    if (!listing || !document || !options.preview) return errorReply(reply, 404, 'missing', 'There is no such listing to preview.');
    const page = await options.preview(document, eid);
    return reply
      .status(page.status)
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-security-policy', page.csp)
      .type('text/html; charset=utf-8')
      .send(page.html);
  });
}
