import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActivitySummary, ItemPage } from '@/domain/content';
import type { LineItem } from '@/domain/order/order';
import type { Price } from '@/domain/pricing/types';
import { searchAvailability } from '@/effects/availability-client';
import { openBuyWindow } from '@/effects/buy-window';
import { useSiteActors } from './site-context';
import './actors/share-actors';
import './actors/order-content-actors';

export { useLineItems } from './line-item-hooks';

/**
 * The hooks of the order detail (its rows, activities, Buy, Share), loaded with the detail: the
 * order widget on every page needs only those of order-hooks.ts.
 */

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

/** The item page of a line item (its link and photo), from the content API; null until known or when it failed. */
export function useItemPage(eid: number): ItemPage | null {
  return useSelector(useSiteActors().orderContent, (s) => s.context.pages[eid] ?? null);
}

const NO_ACTIVITIES: ActivitySummary[] = [];

/** The site's activities, for the order detail's '+ {activity}' panes (none until known). */
export function useActivities(): ActivitySummary[] {
  return useSelector(useSiteActors().orderContent, (s) => s.context.activities ?? NO_ACTIVITIES);
}

/**
 * The order detail's content for these line items: it asks for their item pages and the
 * activities, and tells whether all have answered (until then the detail is laid out but not
 * shown, so it does not grow in front of the visitor), whether something failed, and how to try again.
 */
export function useOrderContent(eids: readonly number[]): { settled: boolean; failed: boolean; retry: () => void } {
  const { orderContent } = useSiteActors();
  const key = eids.join(',');
  useEffect(() => {
    orderContent.send({ type: 'content.wanted', eids: key ? key.split(',').map(Number) : [] });
  }, [orderContent, key]);
  const settled = useSelector(orderContent, (s) => s.matches('settled') || s.matches('failed'));
  const failed = useSelector(orderContent, (s) => s.matches('failed'));
  return { settled, failed, retry: () => orderContent.send({ type: 'content.retried' }) };
}

/** Whether the order detail's content has answered (see useOrderContent), without asking for it. */
export function useOrderDetailSettled(): boolean {
  return useSelector(useSiteActors().orderContent, (s) => s.matches('settled') || s.matches('failed'));
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
