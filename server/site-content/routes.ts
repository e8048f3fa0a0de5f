/**
 * The owner's API for the site's own content besides its listings (JSON, behind the admin login;
 * registered inside the admin scope of server/admin/routes.ts, so the session check applies and
 * every state-changing route passes the security layer: Fetch Metadata and Origin, and the
 * `owner` rate limit). {kind} is specials, events, pages, community or site:
 *
 *   GET    /admin/api/content/{kind}                      → { kind, items, options }
 *   POST   /admin/api/content/{kind}  { fields }           → 201 { item } | 422 invalid | 405 (community, site)
 *   PUT    /admin/api/content/{kind}/{id}  { revision, fields } → 200 { item } | 409 stale { current } | 422 | 404
 *   DELETE /admin/api/content/{kind}/{id}  { revision }    → 200 { deleted } | 409 stale { current } | 404 | 405
 *
 * A save names the revision it was made from and is refused when the item changed since (store.ts):
 * nothing is overwritten unseen. After every write the caches (and, for specials, the prices)
 * follow through `changed`. Errors are `{ error, message, problems? }`; without a session 401
 * `{ error: 'login' }`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldProblem } from '../../src/domain/owner/listing-content.ts';
import { SINGLE_KINDS, SITE_CONTENT_KINDS, SITE_CONTENT_TITLES, STALE_ITEM_MESSAGE, type SiteContentItem, type SiteContentKind } from '../../src/domain/owner/site-content.ts';
import type { SiteContentStore } from './store.ts';

export const SITE_CONTENT_API = '/admin/api/content';

export const INVALID_MESSAGE = 'Please check the fields marked.';
/** A content page of 20 000 characters, or forty community photos, is well under this. */
const BODY_LIMIT = 256 * 1024;

export interface SiteContentRouteOptions {
  store: SiteContentStore;
  /** After a write commits: the page caches forget, and for specials the prices reload. */
  changed: (kind: SiteContentKind) => void | Promise<void>;
}

export interface SiteContentContext {
  isLoggedIn: (request: FastifyRequest) => boolean;
}

// Route schemas: what each route takes and answers (the serializer writes these fields only).
const problem = { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } }, required: ['path', 'message'] } as const;
const problems = { type: 'array', items: problem } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const error = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' }, problems }, required: ['error', 'message'] } as const;
const itemSchema = {
  type: 'object',
  properties: { id: { type: 'string' }, revision: { type: 'string' }, label: { type: 'string' }, fields: anyObject },
  required: ['id', 'revision', 'label', 'fields'],
} as const;
const staleSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' }, current: { ...itemSchema, type: ['object', 'null'] } },
  required: ['error', 'message', 'current'],
} as const;
const optionsSchema = {
  type: 'object',
  properties: {
    listings: { type: 'array', items: { type: 'object', properties: { eid: { type: 'integer' }, name: { type: 'string' }, propertyCode: { type: 'string' }, type: { type: 'string' } } } },
    areas: { type: 'array', items: { type: 'object', properties: { slug: { type: 'string' }, name: { type: 'string' } } } },
  },
  required: ['listings', 'areas'],
} as const;
// Loose on purpose: an unknown kind is a 404 with a message, not a schema error.
const kindProperty = { type: 'string', pattern: '^[a-z]{1,20}$' } as const;
const idProperty = { type: 'string', pattern: '^[a-z0-9-]{1,80}$' } as const;
const kindParams = { type: 'object', properties: { kind: kindProperty }, required: ['kind'] } as const;
const itemParams = { type: 'object', properties: { kind: kindProperty, id: idProperty }, required: ['kind', 'id'] } as const;
const revisionProperty = { type: 'string', pattern: '^[0-9a-f]{16}$' } as const;

const isKind = (value: string): value is SiteContentKind => (SITE_CONTENT_KINDS as readonly string[]).includes(value);

const errorReply = (reply: FastifyReply, status: number, code: string, message: string, list?: FieldProblem[]) =>
  reply.status(status).header('cache-control', 'no-store').send(list ? { error: code, message, problems: list } : { error: code, message });
const staleReply = (reply: FastifyReply, current: SiteContentItem | null) =>
  reply.status(409).header('cache-control', 'no-store').send({ error: 'stale', message: STALE_ITEM_MESSAGE, current });
const notFound = (reply: FastifyReply) => errorReply(reply, 404, 'not-found', `There is no such content here; the kinds are ${SITE_CONTENT_KINDS.join(', ')}.`);
const noSuchItem = (reply: FastifyReply, kind: SiteContentKind) => errorReply(reply, 404, 'not-found', `There is no such ${SITE_CONTENT_TITLES[kind].item}: it may have been deleted.`);
const single = (reply: FastifyReply, kind: SiteContentKind) =>
  errorReply(reply.header('allow', 'GET, PUT'), 405, 'single', `The site has one ${SITE_CONTENT_TITLES[kind].item}: change it, it cannot be added or deleted.`);

export function registerSiteContentRoutes(scope: FastifyInstance, options: SiteContentRouteOptions, context: SiteContentContext): void {
  const { store } = options;
  const config = { limit: 'owner' as const };

  const guard = (request: FastifyRequest, reply: FastifyReply) => {
    if (context.isLoggedIn(request)) return null;
    return errorReply(reply, 401, 'login', 'Please log in at /admin/analytics/login first.');
  };

  /** What follows a committed write; a failure there is logged, the write stands. */
  const followed = async (request: FastifyRequest, kind: SiteContentKind, id: string, action: string) => {
    request.log.info({ kind, id }, `site owner ${action} site content`);
    try {
      await options.changed(kind);
    } catch (err) {
      request.log.error({ err, kind }, 'site content saved, but the caches could not follow');
    }
  };

  scope.get<{ Params: { kind: string } }>(`${SITE_CONTENT_API}/:kind`, {
    config,
    schema: {
      params: kindParams,
      response: { 200: { type: 'object', properties: { kind: { type: 'string' }, items: { type: 'array', items: itemSchema }, options: optionsSchema }, required: ['kind', 'items', 'options'] }, 401: error, 404: error },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const { kind } = request.params;
    if (!isKind(kind)) return notFound(reply);
    const [items, siteOptions] = await Promise.all([store.list(kind), store.options()]);
    return reply.header('cache-control', 'no-store').send({ kind, items, options: siteOptions });
  });

  scope.post<{ Params: { kind: string }; Body: { fields: unknown } }>(`${SITE_CONTENT_API}/:kind`, {
    config,
    bodyLimit: BODY_LIMIT,
    schema: {
      params: kindParams,
      body: { type: 'object', properties: { fields: anyObject }, required: ['fields'], additionalProperties: false },
      response: { 201: { type: 'object', properties: { item: itemSchema }, required: ['item'] }, 401: error, 404: error, 405: error, 422: error },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const { kind } = request.params;
    if (!isKind(kind)) return notFound(reply);
    if (SINGLE_KINDS.has(kind)) return single(reply, kind);
    const created = await store.create(kind, request.body.fields);
    if (!created.ok) {
      if (created.reason === 'invalid') return errorReply(reply, 422, 'invalid', INVALID_MESSAGE, created.problems);
      if (created.reason === 'single') return single(reply, kind);
      return noSuchItem(reply, kind);
    }
    await followed(request, kind, created.item.id, 'added');
    return reply.status(201).header('cache-control', 'no-store').send({ item: created.item });
  });

  scope.put<{ Params: { kind: string; id: string }; Body: { revision: string; fields: unknown } }>(`${SITE_CONTENT_API}/:kind/:id`, {
    config,
    bodyLimit: BODY_LIMIT,
    schema: {
      params: itemParams,
      body: { type: 'object', properties: { revision: revisionProperty, fields: anyObject }, required: ['revision', 'fields'], additionalProperties: false },
      response: { 200: { type: 'object', properties: { item: itemSchema }, required: ['item'] }, 401: error, 404: error, 409: staleSchema, 422: error },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const { kind, id } = request.params;
    if (!isKind(kind)) return notFound(reply);
    const saved = await store.update(kind, id, request.body.revision, request.body.fields);
    if (!saved.ok) {
      if (saved.reason === 'stale') return staleReply(reply, saved.current);
      if (saved.reason === 'invalid') return errorReply(reply, 422, 'invalid', INVALID_MESSAGE, saved.problems);
      return noSuchItem(reply, kind);
    }
    await followed(request, kind, saved.item.id, 'changed');
    return reply.header('cache-control', 'no-store').send({ item: saved.item });
  });

  scope.delete<{ Params: { kind: string; id: string }; Body: { revision: string } }>(`${SITE_CONTENT_API}/:kind/:id`, {
    config,
    schema: {
      params: itemParams,
      body: { type: 'object', properties: { revision: revisionProperty }, required: ['revision'], additionalProperties: false },
      response: { 200: { type: 'object', properties: { deleted: { type: 'string' } }, required: ['deleted'] }, 401: error, 404: error, 405: error, 409: staleSchema },
    },
  }, async (request, reply) => {
    if (guard(request, reply)) return reply;
    const { kind, id } = request.params;
    if (!isKind(kind)) return notFound(reply);
    if (SINGLE_KINDS.has(kind)) return single(reply, kind);
    const done = await store.remove(kind, id, request.body.revision);
    if (!done.ok) {
      if (done.reason === 'stale') return staleReply(reply, done.current);
      if (done.reason === 'single') return single(reply, kind);
      return noSuchItem(reply, kind);
    }
    await followed(request, kind, id, 'deleted');
    return reply.header('cache-control', 'no-store').send({ deleted: id });
  });
}
