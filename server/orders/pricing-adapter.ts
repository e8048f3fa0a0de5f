import type { StayQuote } from '../../src/domain/content.ts';
import type { PricingService } from '../pricing/pricing-service.ts';
import { protectionOf, toWirePrice, type ProtectionOffer } from '../pricing/engine.ts';
import { PricingInputError } from '../pricing/validate.ts';
import type { OrderPricing } from './routes.ts';

/** What checkout needs of a re-priced line item besides its wire price: the itemised quote and its protection. */
export interface PricedStay {
  quote: StayQuote;
  /** The unit whose nights the stay occupies; null for an activity. */
  unitEid: number | null;
  /** The package of a package stay. */
  packageEid: number | null;
  protection: { ti: ProtectionOffer | null; dp: ProtectionOffer | null };
}

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
