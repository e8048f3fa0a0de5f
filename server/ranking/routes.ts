/**
 * HTTP side of the built-in ranking service (spec §7 Ranking), same origin as the site:
 *
 *   GET /api/v2/{segment}/ranking?cid=…&host_name=…&full_url=…&usage=search[&ga_id=123.456]
 *       → 200 { entities: [{ id, impression_tracker_url, landing_page_click_tracker_url }] }
 *   GET|POST /api/v2/{segment}/track/impression/{code}?t=…&sig=…          → 204, one impression recorded
 *   GET|POST /api/v2/{segment}/track/click/{code}?t=…&sig=…[&to=/path]    → GET: 302 to `to` (a same-origin path), else 204;
 *       POST (a beacon, which would follow a redirect and render the page for nothing): 204
 *
 * `to` is part of what is signed. A visitor counts once per listing, kind and day, so a
 * replayed tracker URL answers as before but changes nothing. Bad input answers 400 with a
 * message; an unknown segment or property code 404; a tracker URL that is forged, tampered
 * with or older than a day 400, except a click followed in the browser (GET with `to`), which
 * is sent on to the listing (or the search) uncounted rather than left on an error.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../security/rate-limits.ts';
import { PROPERTY_CODE, type RankingEvent, type RankingService } from './ranking-service.ts';

class BadRequest extends Error {
  readonly statusCode = 400;
}

type Query = Record<string, string | string[] | undefined>;

const MAX_HOST_NAME = 255;
const MAX_FULL_URL = 2048;
const GA_ID = /^\d{1,20}\.\d{1,20}$/;
/** A path on this site: one leading slash (not '//' or '/\'), printable ASCII only, no backslash. */
const SAFE_PATH = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]{0,2047}$/;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw new BadRequest(`${name} may be given only once`);
  return value;
}

function required(query: Query, name: string, max: number): string {
  const value = single(query, name);
  if (value === undefined || value === '') throw new BadRequest(`${name} is required`);
  if (value.length > max) throw new BadRequest(`${name} must be at most ${max} characters`);
  return value;
}

export async function registerRankingRoutes(app: FastifyInstance, ranking: RankingService): Promise<void> {
  const notFound = (reply: FastifyReply, message: string) => reply.status(404).send({ statusCode: 404, error: 'Not Found', message });

  await app.register(async (scope) => {
    // sendBeacon posts text/plain or nothing; the body carries nothing we read.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

    scope.get<{ Params: { segment: string }; Querystring: Query }>(
      '/api/v2/:segment/ranking',
      { config: { limit: 'ranking' } },
      async (request, reply) => {
        if (request.params.segment !== ranking.segment) return notFound(reply, `No ranking for segment ${request.params.segment.slice(0, 64)}`);
        const query = request.query;
        if (required(query, 'cid', 200) !== ranking.cid) throw new BadRequest('cid is not a client id of this ranking service');
        if (required(query, 'usage', 50) !== 'search') throw new BadRequest("usage must be 'search'");
        required(query, 'host_name', MAX_HOST_NAME);
        required(query, 'full_url', MAX_FULL_URL);
        const gaId = single(query, 'ga_id');
        if (gaId !== undefined && !GA_ID.test(gaId)) throw new BadRequest('ga_id must be two numbers joined by a dot, e.g. 1234567890.1699999999');
        // ga_id is accepted as the spec sends it; the order is the site's, not per visitor.
        reply.header('cache-control', 'private, max-age=30');
        return { entities: await ranking.ranking() };
      },
    );

    const track = (kind: RankingEvent) => async (request: FastifyRequest<{ Params: { segment: string; code: string }; Querystring: Query }>, reply: FastifyReply) => {
      const { segment, code } = request.params;
      if (segment !== ranking.segment) return notFound(reply, `No ranking for segment ${segment.slice(0, 64)}`);
      if (!PROPERTY_CODE.test(code)) throw new BadRequest('The property code is not valid');
      const issued = single(request.query, 't') ?? '';
      const signature = single(request.query, 'sig') ?? '';
      const to = kind === 'click' ? single(request.query, 'to') : undefined;
      const follows = request.method === 'GET' && to !== undefined;
      reply.header('cache-control', 'no-store');
      if (!ranking.verify(kind, code, issued, signature, to)) {
        // A click in the browser still gets somewhere safe: the listing, uncounted.
        if (follows) return reply.redirect(await ranking.landingPath(code), 302);
        throw new BadRequest('The tracker link is not valid or has expired');
      }
      if ((await ranking.record(kind, code, clientKey(request.ip))) === 'unknown') return notFound(reply, `No listing with property code ${code}`);
      if (follows) return reply.redirect(to !== undefined && SAFE_PATH.test(to) ? to : await ranking.landingPath(code), 302);
      return reply.status(204).send();
    };

    for (const kind of ['impression', 'click'] as const) {
      scope.route({
        method: ['GET', 'POST'],
        url: `/api/v2/:segment/track/${kind}/:code`,
        // A replay changes nothing (one count per visitor, listing and day), so a page elsewhere
        // firing a tracker does no more than the visitor's own click: not checked as cross-site.
        config: { limit: 'tracker', mutates: false },
        handler: track(kind),
      });
    }
  });
}
