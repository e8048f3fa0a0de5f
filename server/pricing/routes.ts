/**
 * HTTP side of the pricing engine (spec §7 Availability):
 *
 *   GET /rcapi/item/avail/search?rcav[begin]=…&rcav[end]=…&rcav[adult]=2[&rcav[IDs][]=1001][&rcav[flex]=7][&rcav[coupon]=…]
 *       → 200 AvailItem[] (src/domain/pricing/types.ts)
 *   GET /rescms/ajax/item/pricing/quote?{a price's qp}&buy_text=Book+now
 *       → 200 { content: html } (the itemised quote, or why the stay is not available)
 *
 * Bad input answers 400 `{ statusCode, error, message }` naming the parameter, never 500.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { PricingService } from './pricing-service.ts';
import { quoteHtml, unavailableHtml } from './quote-html.ts';
import { PricingInputError } from './validate.ts';

/** Longest query string read (a price's qp is well under 1 KB). */
export const MAX_QUERY_LENGTH = 8 * 1024;

/** The raw query string of a request URL (the bracket form is parsed by parseNestedQuery). */
export function rawQueryOf(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return '';
  const query = url.slice(at + 1);
  if (query.length > MAX_QUERY_LENGTH) throw new PricingInputError(`The query is longer than ${MAX_QUERY_LENGTH} characters`);
  return query;
}

function badRequest(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof PricingInputError) return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: error.message });
  throw error;
}

/** The settings the browser gets: everything but the coupon codes, which stay on the server. */
export function browserSettings(settings: SiteSettings): SiteSettings {
  if (settings.pricing.coupons === undefined) return settings;
  const { coupons: _coupons, ...pricing } = settings.pricing;
  return { ...settings, pricing };
}

export async function registerPricingRoutes(app: FastifyInstance, pricing: PricingService, settings: SiteSettings): Promise<void> {
  // Per-client limit (server/security/rate-limits.ts), where the app registered the limits.
  const config = { limit: 'availability' as const };

  app.get('/rcapi/item/avail/search', { config }, async (request, reply) => {
    try {
      const { items, total } = await pricing.search(rawQueryOf(request.url));
      reply.header('cache-control', 'no-store');
      if (total !== null) reply.header('x-total-count', String(total));
      return items;
    } catch (error) {
      return badRequest(reply, error);
    }
  });

  app.get('/rescms/ajax/item/pricing/quote', { config }, async (request, reply) => {
    try {
      const { input, result } = await pricing.quote(rawQueryOf(request.url));
      reply.header('cache-control', 'no-store');
      const content = result.ok ? quoteHtml(result.quote, input.buyText ?? settings.pricing.quote_buy_text) : unavailableHtml(result.name, result.problem);
      return { content };
    } catch (error) {
      return badRequest(reply, error);
    }
  });
}
