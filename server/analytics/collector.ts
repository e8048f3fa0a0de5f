/**
 * The first-party analytics collector (issue 16, Delivery):
 *
 *   POST /analytics/collect   { events: [{ name, at?, page?, params }] }  → 204 | 400 | 413 | 415 | 429
 *
 * The browser sends batches with navigator.sendBeacon (text/plain) or fetch keepalive (JSON).
 * Each batch is checked whole against the schema of src/domain/analytics/events.ts (a bad batch
 * stores nothing and says why), stored in one statement, and then feeds the built-in ranking:
 * the listings in `view_item_list` are impressions and `select_item` a click, counted once per
 * visitor, listing and day as the ranking's own trackers are. No address is stored: the visitor is a
 * keyed hash of the client address and the day. Cross-site posts are refused by the security layer
 * (it is a state-changing endpoint); the `analytics` rate limit applies per real client.
 */
import crypto from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MAX_BATCH_BYTES, parseBatch, type AnalyticsBatch } from '../../src/domain/analytics/events.ts';
import type { Database } from '../db/client.ts';
import { analyticsEvents } from '../db/schema.ts';
import type { RankingService } from '../ranking/ranking-service.ts';
import { clientKey } from '../security/rate-limits.ts';
import { parseJsonText } from '../security/text-input.ts';

export const DEFAULT_RETENTION_DAYS = 400;

export interface AnalyticsCollector {
  /** Stores a checked batch of one client; answers how many events were stored. */
  store(batch: AnalyticsBatch, client: string): Promise<number>;
  /** Deletes events received more than `retentionDays` ago; answers how many. */
  sweep(): Promise<number>;
}

export function createAnalyticsCollector(options: {
  db: Database;
  /** Keys the visitor hash (the server's cookie secret). */
  secret: string;
  ranking?: RankingService;
  retentionDays?: number;
  now?: () => Date;
  log?: { warn: (object: object, message: string) => void };
}): AnalyticsCollector {
  const { db, secret, ranking } = options;
  const now = options.now ?? (() => new Date());
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const visitorOf = (client: string, day: string) => crypto.createHmac('sha256', secret).update(`analytics-visitor|${day}|${client}`).digest('base64url').slice(0, 16);

  return {
    async store(batch, client) {
      const received = now();
      const visitor = visitorOf(client, received.toISOString().slice(0, 10));
      await db.insert(analyticsEvents).values(
        batch.events.map((event) => ({
          receivedAt: received,
          occurredAt: event.at !== undefined && Number.isFinite(new Date(event.at).getTime()) ? new Date(event.at) : null,
          name: event.name,
          page: event.page ?? null,
          visitor,
          params: event.params,
        })),
      );
      if (ranking) {
        // The ranking learns what visitors see and pick (once per visitor, listing and day).
        const feeds: Array<Promise<unknown>> = [];
        for (const event of batch.events) {
          const kind = event.name === 'view_item_list' ? 'impression' : event.name === 'select_item' ? 'click' : null;
          if (!kind) continue;
          for (const item of new Set((event.params.items ?? []).map((product) => product.item_id))) feeds.push(ranking.record(kind, item, client));
        }
        await Promise.all(feeds).catch((error: unknown) => options.log?.warn({ err: error }, 'analytics events could not feed the ranking'));
      }
      return batch.events.length;
    },
    async sweep() {
      const before = new Date(now().getTime() - retentionDays * 86_400_000);
      const removed = await db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, before)).returning({ id: analyticsEvents.id });
      return removed.length;
    },
  };
}

export function registerAnalyticsRoutes(app: FastifyInstance, collector: AnalyticsCollector): void {
  app.post(
    '/analytics/collect',
    { bodyLimit: MAX_BATCH_BYTES, config: { limit: 'analytics' } },
    async (request, reply) => {
      let body: unknown = request.body;
      // sendBeacon posts a string as text/plain: parsed here, under the text rule of every body (server/security/text-input.ts).
      if (typeof body === 'string') {
        const parsed = parseJsonText(body);
        if (!parsed.ok) return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: parsed.message });
        body = parsed.value;
      }
      const parsed = parseBatch(body);
      if (!parsed.ok) return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: `Not an analytics batch: ${parsed.message}` });
      await collector.store(parsed.batch, clientKey(request.ip));
      return reply.header('cache-control', 'no-store').status(204).send();
    },
  );
}
