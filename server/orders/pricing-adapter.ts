import type { PricingService } from '../pricing/pricing-service.ts';
import { toWirePrice } from '../pricing/engine.ts';
import { PricingInputError } from '../pricing/validate.ts';
import type { OrderPricing } from './routes.ts';

/**
 * The order's re-pricing through the pricing engine: the offer a qp names, priced as the buy
 * page prices it (not a detailed quote, so a web-only special still applies), with fresh data.
 */
export function orderPricing(pricing: Pick<PricingService, 'quote' | 'data'>): OrderPricing {
  return {
    async price(rawQuery) {
      try {
        const { result } = await pricing.quote(rawQuery, { detailedQuote: false });
        if (!result.ok) return { ok: false, message: `${result.name}: ${result.problem}` };
        return { ok: true, price: toWirePrice(await pricing.data(), result.price) };
      } catch (error) {
        if (error instanceof PricingInputError) return { ok: false, message: error.message };
        throw error;
      }
    },
  };
}
