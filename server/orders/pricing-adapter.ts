import type { PricingService } from '../pricing/pricing-service.ts';
import { protectionOf, toWirePrice } from '../pricing/engine.ts';
import { PricingInputError } from '../pricing/validate.ts';
import type { OrderPricing, PricedStay } from './order-pricing.ts';

/**
 * The order's re-pricing through the pricing engine: the offer a qp names, priced as the buy
 * page prices it (not a detailed quote, so a web-only special still applies), with fresh data.
 */
export function orderPricing(pricing: Pick<PricingService, 'quote' | 'data'>): OrderPricing {
  return {
    async price(rawQuery) {
      try {
        const { input, result } = await pricing.quote(rawQuery, { detailedQuote: false });
        if (!result.ok) return { ok: false, message: result.problem, reason: result.reason };
        const data = await pricing.data();
        const item = input.query.item;
        const stay: PricedStay = {
          quote: result.quote,
          unitEid: item?.kind === 'unit' ? item.unit.eid : null,
          packageEid: item?.kind === 'unit' ? (item.pkg?.eid ?? null) : null,
          protection: protectionOf(data, result.price),
        };
        return { ok: true, price: toWirePrice(data, result.price), stay };
      } catch (error) {
        // A guest reads the message (checkout, a shared trip): the API's, which names parameters, is the detail.
        if (error instanceof PricingInputError) return { ok: false, message: error.visitorMessage, detail: error.message, reason: error.reason ?? 'input' };
        throw error;
      }
    },
  };
}
