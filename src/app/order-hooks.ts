import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActivitySummary, ItemPage } from '@/domain/content';
import { lineItems, type LineItem, type Order } from '@/domain/order/order';
import type { PriceChange } from '@/domain/order/verification';
import { derivePrice, type PricedOffer } from '@/domain/pricing/derived';
import type { Price } from '@/domain/pricing/types';
import { searchAvailability } from '@/effects/availability-client';
import { openBuyWindow } from '@/effects/buy-window';
import { httpContentSource } from './content-client';
import { useIsClient } from './hooks';
import { useSiteActors } from './site-context';

const EMPTY = { lict: 0, lis: {}, litot: 0 } as const;

/** The Trips Collection as the page shows it: the empty order until hydration is done. */
export function useOrder(): Order {
  const client = useIsClient();
  const order = useSelector(useSiteActors().order, (s) => s.context.order);
  return client ? order : EMPTY;
}

/** The widget's figures (spec §2 Order widget): line-item count and subtotal. */
export function useOrderSummary(): { count: number; subtotal: number; pending: boolean } {
  const client = useIsClient();
  const { order } = useSiteActors();
  const count = useSelector(order, (s) => Object.keys(s.context.order.lis).length);
  const subtotal = useSelector(order, (s) => s.context.order.litot);
  const pending = useSelector(order, (s) => s.hasTag('pending') || s.hasTag('loading'));
  return client ? { count, subtotal, pending } : { count: 0, subtotal: 0, pending: false };
}

export function useOrderDetail(): { open: boolean; show: () => void; close: () => void } {
  const client = useIsClient();
  const { order } = useSiteActors();
  const open = useSelector(order, (s) => s.context.detailOpen && s.matches('ready'));
  return {
    open: client && open,
    show: () => order.send({ type: 'order.detail.opened' }),
    close: () => order.send({ type: 'order.detail.closed' }),
  };
}

export function useOrderActions(): {
  remove: (key: string) => void;
  add: (price: Price) => void;
  /** The line item whose session-mode remove is waiting for the server. */
  pendingKey: string | null;
  busy: boolean;
  canRemove: (key: string) => boolean;
} {
  const { order } = useSiteActors();
  const pendingKey = useSelector(order, (s) => s.context.pendingKey);
  const busy = useSelector(order, (s) => s.hasTag('pending'));
  return {
    remove: (key) => order.send({ type: 'order.remove.requested', key }),
    add: (price) => order.send({ type: 'order.add.requested', price: price as LineItem }),
    pendingKey,
    busy,
    // Read when asked, so a row does not re-render on every change of the order.
    canRemove: (key) => order.getSnapshot().can({ type: 'order.remove.requested', key }),
  };
}

/** Opening a shared trip (spec §4): the confirmation, and why a shared order could not be opened. */
export function useSharedTrip(): {
  confirming: boolean;
  candidateCount: number;
  /** What changed since the trip was shared: said with the confirmation. */
  changes: PriceChange[];
  accept: () => void;
  decline: () => void;
  notice: string | null;
  dismissNotice: () => void;
} {
  const client = useIsClient();
  const { order } = useSiteActors();
  const confirming = useSelector(order, (s) => s.matches('confirming'));
  const candidateCount = useSelector(order, (s) => (s.context.candidate ? Object.keys(s.context.candidate.lis).length : 0));
  const changes = useSelector(order, (s) => s.context.candidateChanges);
  const notice = useSelector(order, (s) => s.context.notice);
  return {
    confirming: client && confirming,
    candidateCount,
    changes,
    accept: () => order.send({ type: 'order.shared.accepted' }),
    decline: () => order.send({ type: 'order.shared.declined' }),
    notice: client ? notice : null,
    dismissNotice: () => order.send({ type: 'order.notice.dismissed' }),
  };
}

/** The Share button and modal (spec §4 Share button). */
export function useShareOrder(): { pending: boolean; shown: boolean; form: string; url: string; share: () => void; close: () => void } {
  const { shareOrder, order } = useSiteActors();
  const pending = useSelector(shareOrder, (s) => s.hasTag('pending'));
  const shown = useSelector(shareOrder, (s) => s.matches('shown'));
  const form = useSelector(shareOrder, (s) => s.context.form);
  const url = useSelector(shareOrder, (s) => s.context.url);
  return {
    pending,
    shown,
    form,
    url,
    share: () => shareOrder.send({ type: 'share.requested', order: order.getSnapshot().context.order }),
    close: () => shareOrder.send({ type: 'share.closed' }),
  };
}

/** The line items in key order, each as a priced offer (for Buy and Quote). */
export function useLineItems(of?: Order): Array<{ key: string; item: LineItem; offer: PricedOffer }> {
  const current = useOrder();
  const order = of ?? current;
  // A line item keeps its object while the order changes around it: so does its offer, and its row need not re-render.
  return useMemo(() => lineItems(order).map(([key, item]) => ({ key, item, offer: offerOf(item) })), [order]);
}

const offers = new WeakMap<LineItem, PricedOffer>();
function offerOf(item: LineItem): PricedOffer {
  let offer = offers.get(item);
  if (!offer) {
    offer = { ...derivePrice(item as Price, null), ...(item as object) } as PricedOffer;
    offers.set(item, offer);
  }
  return offer;
}

const items = new Map<number, Promise<ItemPage | null>>();

/** The item page of a line item (its link and photo), from the content API; null until known. */
export function useItemPage(eid: number): ItemPage | null {
  const [page, setPage] = useState<ItemPage | null>(null);
  useEffect(() => {
    let live = true;
    let request = items.get(eid);
    if (!request) {
      request = httpContentSource.item(eid).catch(() => null);
      items.set(eid, request);
    }
    void request.then((found) => {
      if (live) setPage(found);
    });
    return () => {
      live = false;
    };
  }, [eid]);
  return page;
}

let activities: Promise<ActivitySummary[]> | null = null;

/** The site's activities, for the order detail's '+ {activity}' panes. */
export function useActivities(): ActivitySummary[] {
  const [list, setList] = useState<ActivitySummary[]>([]);
  useEffect(() => {
    let live = true;
    activities ??= httpContentSource.activities().catch(() => []);
    void activities.then((found) => {
      if (live) setList(found);
    });
    return () => {
      live = false;
    };
  }, []);
  return list;
}

export type ActivityOffer = { phase: 'idle' | 'loading' | 'none' } | { phase: 'priced'; price: Price };

/** An activity priced by the availability search for the stay's first day and guests. */
export function useActivityOffer(eid: number, stay: { begin: string; adult: number; child: number } | null, enabled: boolean): ActivityOffer {
  const [offer, setOffer] = useState<ActivityOffer>({ phase: 'idle' });
  const begin = stay?.begin;
  const adult = stay?.adult;
  const child = stay?.child;
  useEffect(() => {
    if (!enabled || begin === undefined) return undefined;
    setOffer({ phase: 'loading' });
    const subscription = searchAvailability({ rcav: { begin, adult: adult ?? 1, child: child ?? 0, IDs: [eid] } }).subscribe({
      next: (found) => {
        const price = found.find((item) => item.eid === eid)?.prices[0];
        setOffer(price ? { phase: 'priced', price } : { phase: 'none' });
      },
      error: () => setOffer({ phase: 'none' }),
    });
    return () => subscription.unsubscribe();
  }, [eid, begin, adult, child, enabled]);
  return offer;
}

/** Buy opens the item's buy page in a new window (spec §2 Item routes). */
export function useBuyWindow(): (url: string) => void {
  return (url) => {
    if (!openBuyWindow(url)) console.warn(`Buy page refused: ${url}`);
  };
}

/** Copies text to the clipboard; resolves false when the browser refuses. */
export function useCopy(): (text: string) => Promise<boolean> {
  return async (text) => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  };
}
