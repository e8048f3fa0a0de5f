/**
 * The first-party analytics collector (issue 16, Delivery; issue 23, Hardening):
 *
 *   POST /analytics/collect   { events: [{ name, at?, page?, params }] }  → 204 | 400 | 413 | 415 | 429
 *
 * The browser sends batches with navigator.sendBeacon (text/plain) or fetch keepalive (JSON).
 * Each batch is checked whole against the schema of src/domain/analytics/events.ts (a bad batch
 * stores nothing and says why); one carrying more than MAX_LISTING_ITEMS_PER_BATCH listing
 * products is refused with 413 (the browser's batches always fit). A batch is stored in one
 * statement: logged and counted into the daily figures the dashboard reads, within the day's caps
 * (aggregates.ts), so what one request costs and what a day can store are bounded.
 *
 * The events feed the owner's analytics only: the built-in ranking learns from its own signed
 * tracker links alone (server/ranking), which the browser calls for every impression and click,
 * so posting `select_item` for a listing (from as many addresses as one likes) does not move it.
 *
 * No address is stored: the visitor is a keyed hash of the client address and the day.
 * Cross-site posts are refused by the security layer (it is a state-changing endpoint); the
 * `analytics` rate limit applies per real client.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MAX_BATCH_BYTES, parseBatch, type AnalyticsBatch } from '../../src/domain/analytics/events.ts';
import type { Database } from '../db/client.ts';
import { clientKey } from '../security/rate-limits.ts';
import { parseJsonText } from '../security/text-input.ts';
import { listingItemCount, MAX_LISTING_ITEMS_PER_BATCH, recordEvents, sweepAnalytics } from './aggregates.ts';

export const DEFAULT_RETENTION_DAYS = 400;

export interface AnalyticsCollector {
  /** Stores a checked batch of one client; answers how many events were stored. */
  store(batch: AnalyticsBatch, client: string): Promise<number>;
  /** Deletes what is past its retention (the raw log after a week, the daily figures after `retentionDays`); answers how many rows. */
  sweep(): Promise<number>;
}

export function createAnalyticsCollector(options: {
  db: Database;
  /** Keys the visitor hash (the server's cookie secret). */
  secret: string;
  retentionDays?: number;
  now?: () => Date;
}): AnalyticsCollector {
  const { db, secret } = options;
  const now = options.now ?? (() => new Date());
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const visitorOf = (client: string, day: string) => crypto.createHmac('sha256', secret).update(`analytics-visitor|${day}|${client}`).digest('base64url').slice(0, 16);

  return {
    async store(batch, client) {
      const received = now();
      const visitor = visitorOf(client, received.toISOString().slice(0, 10));
      await recordEvents(
        db,
        batch.events.map((event) => ({
          receivedAt: received,
          occurredAt: event.at !== undefined ? new Date(event.at) : null,
          name: event.name,
          page: event.page ?? null,
          visitor,
          params: event.params,
        })),
      );
      return batch.events.length;
    },
    async sweep() {
      const { raw, daily } = await sweepAnalytics(db, { now: now(), retentionDays });
      return raw + daily;
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
      const items = listingItemCount(parsed.batch.events);
      if (items > MAX_LISTING_ITEMS_PER_BATCH) {
        return reply.status(413).send({
          statusCode: 413,
          error: 'Payload Too Large',
          message: `A batch may carry at most ${MAX_LISTING_ITEMS_PER_BATCH} products in its view_item_list and select_item events together; this one has ${items}. Send them in several batches.`,
        });
      }
      // The statement in a turn of its own, not in the one that read and checked the batch (PGlite runs it inside the event loop).
      await new Promise<void>((resolve) => setImmediate(resolve));
      await collector.store(parsed.batch, clientKey(request.ip));
      return reply.header('cache-control', 'no-store').status(204).send();
    },
  );
}
