import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { pricingKey, type ItemPricing, type PricedOffer, type PricingByItem } from '@/domain/pricing/derived';
import type { MoneyDisplay } from '@/domain/pricing/texts';
import { LINE_ITEM_PRECISION } from '@/domain/pricing/texts';
import type { AvailSearchParams, Rcav } from '@/domain/pricing/types';
import { stayDayAt, toIsoDate } from '@/domain/pricing/dates';
import { readRcavHash } from '@/domain/pricing/item-links';
import { navigateTo } from '@/effects/navigation';
import { useSettings, useSiteActors } from './site-context';
import { useIsClient } from './hooks';
import './actors/pricing-actors';


/** One item's pricing (spec §3 Item pricing, key 'eid-{eid}'), or null when there is none. */
export function useItemPricing(eid: number): ItemPricing | null {
  const client = useIsClient();
  const pricing = useSelector(useSiteActors().availability, (s) => s.context.pricing[pricingKey(eid)] ?? null);
  return client ? pricing : null;
}

/**
 * Today in the stay calendar (YYYY-MM-DD): the UTC day, which the pricing engine counts in, not the
 * visitor's local day. The earliest arrival the date fields offer.
 */
export function useStayToday(): string {
  return stayDayAt(Date.now());
}

/**
 * The price ranges of the chosen dates, keyed 'eid-{eid}' (spec §3 Item pricing), or null while no
 * dates are chosen (the price sort then uses the catalogue price, spec §9).
 */
export function useChosenDatesPricing(): Readonly<PricingByItem> | null {
  const client = useIsClient();
  const { availability } = useSiteActors();
  const chosen = useSelector(availability, (s) => s.context.params !== null);
  const pricing = useSelector(availability, (s) => s.context.pricing);
  return client && chosen ? pricing : null;
}

/** The global 'searching' flag (spec §4 Availability search). */
export function useIsAvailabilitySearching(): boolean {
  return useSelector(useSiteActors().availability, (s) => s.hasTag('searching'));
}

/** The last search's params: the dates and guests the prices on the page answer. */
export function useLastAvailabilitySearch(): AvailSearchParams | null {
  const client = useIsClient();
  const params = useSelector(useSiteActors().availability, (s) => s.context.params);
  return client ? params : null;
}

export function useAvailabilityActions(): { search: (rcav: Rcav) => void; clear: () => void } {
  const { availability } = useSiteActors();
  return {
    search: (rcav) => availability.send({ type: 'availability.search.requested', params: { rcav } }),
    clear: () => availability.send({ type: 'availability.filters.cleared' }),
  };
}

/** How amounts are shown: the precision setting for widgets, 2 decimals for line items (spec §9). */
export function useMoneyDisplay(kind: 'widget' | 'line' = 'widget'): MoneyDisplay {
  const settings = useSettings();
  return {
    currency: settings.order.currency,
    precision: kind === 'line' ? LINE_ITEM_PRECISION : settings.pricing.precision,
    displayType: settings.pricing.display_type,
  };
}

/** The Trips Collection's cart widget marks itself with data-order-widget (issue 5). */
function orderWidgetOnPage(): boolean {
  return typeof document !== 'undefined' && document.querySelector('[data-order-widget]') !== null;
}

export type PricingModalKind = 'closed' | 'detail' | 'alternates' | 'options';

export function usePricingModal(): { kind: PricingModalKind; eid: number | null } {
  const { availabilityModal } = useSiteActors();
  const kind = useSelector(availabilityModal, (s) => s.value as PricingModalKind);
  const eid = useSelector(availabilityModal, (s) => s.context.eid);
  return { kind, eid };
}

export function usePricingActions() {
  const { availabilityModal } = useSiteActors();
  return {
    trigger: (eid: number, offers: PricedOffer[]) =>
      availabilityModal.send({ type: 'pricing.trigger.clicked', eid, offers, orderWidget: orderWidgetOnPage() }),
    openAlternates: (eid: number) => availabilityModal.send({ type: 'pricing.alternates.opened', eid }),
    openOptions: (eid: number) => availabilityModal.send({ type: 'pricing.options.opened', eid }),
    close: () => availabilityModal.send({ type: 'pricing.modal.closed' }),
    add: (offer: PricedOffer) => availabilityModal.send({ type: 'pricing.offer.added', offer }),
    book: (offer: PricedOffer) => availabilityModal.send({ type: 'pricing.offer.booked', offer }),
  };
}

/**
 * The listing page's stay (spec §2 Item routes): the `#rcav=` hash (validated; hostile JSON is
 * ignored), else the last search. On arrival it runs the availability search for this unit
 * when the hash brings dates or the unit has no prices for the last search yet.
 */
export function useListingStay(eid: number): Rcav | null {
  const client = useIsClient();
  const { availability } = useSiteActors();
  const [fromHash, setFromHash] = useState(() => (typeof window === 'undefined' ? null : readRcavHash(window.location.hash)));
  const last = useSelector(availability, (s) => s.context.params?.rcav ?? null);
  // Cleared dates leave the hash's stay behind too (the wiring drops it from the address).
  useEffect(() => {
    const cleared = availability.on('availability.cleared', () => setFromHash(null));
    return () => cleared.unsubscribe();
  }, [availability]);
  useEffect(() => {
    const snapshot = availability.getSnapshot();
    const stored = snapshot.context.params?.rcav ?? null;
    // A stay kept from an earlier visit that has begun already is not searched again.
    const rcav = fromHash ?? (stored && (toIsoDate(stored.begin) ?? '') >= stayDayAt(Date.now()) ? stored : null);
    if (!rcav || (!fromHash && snapshot.context.pricing[pricingKey(eid)])) return;
    const IDs = rcav.IDs?.[0] === eid ? rcav.IDs : [eid];
    availability.send({ type: 'availability.search.requested', params: { rcav: { ...rcav, IDs } } });
  }, [availability, eid, fromHash]);
  if (!client) return null;
  return fromHash ?? last;
}

/**
 * The header panel's availability search: it runs the search, and on a page without result
 * cards (marked data-pricing-results) it goes on to the search page once the prices are in.
 */
export function usePanelStaySearch(searchPath: string): (rcav: Rcav) => void {
  const { availability } = useSiteActors();
  return (rcav) => {
    const params = { rcav: { ...rcav, IDs: undefined } };
    delete params.rcav.IDs;
    availability.send({ type: 'availability.search.requested', params });
    if (document.querySelector('[data-pricing-results]')) return;
    const stopped = availability.on('availability.search.stopped', ({ ok }) => {
      stopped.unsubscribe();
      if (ok) navigateTo(searchPath);
    });
  };
}
