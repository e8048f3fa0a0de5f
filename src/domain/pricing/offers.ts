/** Offer groups (spec §3 Offer group) and the offers each display mode shows (spec §2). */
import type { ItemPricing, PricedOffer } from './derived';

export interface OfferGroup {
  id: string;
  name: string;
  offerby: string;
  offers: PricedOffer[];
  featured: boolean;
}

/** Prices without a known group are shown in this one (featured, so they are never hidden). */
export const DEFAULT_GROUP = { id: '', name: 'Available offers', offerby: '', featured: true } as const;

/**
 * The item's offer groups, in the order the engine sent them, each with its offers (the prices
 * whose og is the group's id); prices of no known group go to a default group at the end.
 * Groups without offers are left out.
 */
export function offerGroups(item: Pick<ItemPricing, 'prices' | 'groups'>): OfferGroup[] {
  const known = new Set(item.groups.map((group) => group.id));
  const groups: OfferGroup[] = item.groups.map((group) => ({ ...group, offers: item.prices.filter((price) => price.og === group.id) }));
  const rest = item.prices.filter((price) => price.og === undefined || !known.has(price.og));
  if (rest.length > 0) groups.push({ ...DEFAULT_GROUP, offers: rest });
  return groups.filter((group) => group.offers.length > 0);
}

export const featuredGroups = (groups: readonly OfferGroup[]): OfferGroup[] => groups.filter((group) => group.featured);

/** Alternates display (spec §2): the primary (first) offer of each featured group. */
export function primaryOffers(groups: readonly OfferGroup[]): Array<{ group: OfferGroup; offer: PricedOffer }> {
  return featuredGroups(groups).flatMap((group) => (group.offers[0] ? [{ group, offer: group.offers[0] }] : []));
}

/** Modal display (spec §2): the best-priced (lowest p, first on ties) offer of each featured group. */
export function bestOffers(groups: readonly OfferGroup[]): Array<{ group: OfferGroup; offer: PricedOffer }> {
  return featuredGroups(groups).flatMap((group) => {
    const best = group.offers.reduce<PricedOffer | null>((low, offer) => (low === null || offer.p < low.p ? offer : low), null);
    return best ? [{ group, offer: best }] : [];
  });
}

/** A stable key for one offer on the page (for pending marks and list keys). */
export const offerKey = (offer: Pick<PricedOffer, 'eid' | 'b' | 'e' | 'og' | 'dn' | 'p'>): string =>
  [offer.eid, offer.b, offer.e, offer.og ?? '', offer.dn ?? '', offer.p].join('|');
