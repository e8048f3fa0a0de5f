import type { FastifyInstance } from 'fastify';
import { isFlagItemId, MAX_FLAG_ITEMS } from '../../src/domain/flag-items.ts';
import type { ContentSource } from '../../src/domain/content.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,150}$/;

class BadRequest extends Error {
  statusCode = 400;
}

function slugOf(query: Record<string, string | undefined>): string | null {
  const slug = query.slug ?? '';
  // A slug that cannot exist is simply not found, never an error.
  return SLUG.test(slug) ? slug : null;
}

/** GET /api/content/{method}: the page data of spec §2 screens, as the browser's route loaders ask for it. */
export function registerContentApi(app: FastifyInstance, content: ContentSource): void {
  const notFound = { statusCode: 404, error: 'Not Found', message: 'No such content' };

  app.get<{ Params: { method: string }; Querystring: Record<string, string | string[] | undefined> }>(
    '/api/content/:method',
    { config: { limit: 'content' } },
    async (request, reply) => {
      // Every parameter is read once: `?ids=a&ids=b` is a mistake to name, not a list to guess at.
      const repeated = Object.entries(request.query).find(([, value]) => Array.isArray(value));
      if (repeated) throw new BadRequest(`${repeated[0].slice(0, 40)} may be given only once`);
      const query = request.query as Record<string, string | undefined>;
      reply.header('cache-control', 'no-cache');
      const send = <T>(value: T | null) => (value === null ? reply.status(404).send(notFound) : value);
      switch (request.params.method) {
        case 'home':
          return content.home();
        case 'search':
          return content.search();
        case 'activities':
          return content.activities();
        case 'inquiry':
          return content.inquiry();
        case 'listing': {
          const slug = slugOf(query);
          return send(slug ? await content.listing(slug) : null);
        }
        case 'similar':
          return content.similarListings(query.slug?.slice(0, 200) ?? '');
        case 'event': {
          const slug = slugOf(query);
          return send(slug ? await content.event(slug) : null);
        }
        case 'page': {
          const slug = slugOf(query);
          return send(slug ? await content.page(slug) : null);
        }
        case 'events': {
          const kind = query.kind;
          if (kind !== 'event' && kind !== 'thing-to-do') throw new BadRequest("kind must be 'event' or 'thing-to-do'");
          return content.events(kind);
        }
        case 'item': {
          const eid = Number(query.eid);
          if (!Number.isSafeInteger(eid) || eid <= 0) throw new BadRequest('eid must be a positive whole number');
          return send(await content.item(eid));
        }
        case 'buy': {
          const eid = Number(query.eid);
          if (!Number.isSafeInteger(eid) || eid <= 0) throw new BadRequest('eid must be a positive whole number');
          const stay = query.query ?? '';
          if (stay.length > 8192) throw new BadRequest('query must be at most 8192 characters');
          return send(await content.buy(eid, stay));
        }
        case 'checkout':
          reply.header('cache-control', 'no-store');
          return content.checkout();
        case 'confirmation': {
          // The code is the key to a guest's booking: never cached, never indexed.
          reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
          const code = query.code ?? '';
          return send(/^[A-Za-z0-9_-]{1,64}$/.test(code) ? await content.confirmation(code) : null);
        }
        case 'favourites': {
          const ids = (query.ids ?? '').split(',').filter((id) => id !== '');
          if (ids.length > MAX_FLAG_ITEMS || !ids.every(isFlagItemId)) {
            throw new BadRequest(`ids must be at most ${MAX_FLAG_ITEMS} comma-separated item ids`);
          }
          return content.favourites(ids);
        }
        default:
          return reply.status(404).send({ ...notFound, message: `No content method ${request.params.method}` });
      }
    },
  );
}
