import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { ActivitySummary, ItemPage } from '@/domain/content';
import type { LineItem } from '@/domain/order/order';
import type { Price } from '@/domain/pricing/types';
import type { ActivityStay } from '@/machines/activity-offer-machine';
import { useSettings, useSiteActors } from './site-context';
import { openBuyPage } from './actors/buy-page';
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

export type ActivityOffer = { phase: 'closed' | 'loading' | 'none' | 'failed' } | { phase: 'priced'; price: Price };

/**
 * An activity's pane (order detail, '+ {activity}'): whether it is open, and its price for the
 * stay's first day and guests (searched when it opens; a failure can be tried again).
 */
export function useActivityOffer(eid: number): { open: boolean; offer: ActivityOffer; toggle: (stay: ActivityStay) => void; retry: () => void } {
  const actor = useSelector(useSiteActors().orderContent, (s) => s.context.offers[eid]);
  const open = useSelector(actor, (s) => s?.matches('open') ?? false);
  const phase = useSelector(actor, (s) =>
    !s || s.matches('closed') ? 'closed' : s.matches({ open: 'priced' }) ? 'priced' : s.matches({ open: 'unavailable' }) ? 'none' : s.matches({ open: 'failed' }) ? 'failed' : 'loading',
  );
  const price = useSelector(actor, (s) => s?.context.price ?? null);
  const offer: ActivityOffer = phase === 'priced' && price ? { phase, price } : { phase: phase === 'priced' ? 'loading' : phase };
  return {
    open,
    offer,
    toggle: (stay) => actor?.send({ type: 'activity.toggled', stay }),
    retry: () => actor?.send({ type: 'activity.retried' }),
  };
}

/** Buy opens the item's buy page in a new window (spec §2 Item routes). */
export function useBuyWindow(): (url: string) => void {
  const settings = useSettings();
  return (url) => openBuyPage(url, settings);
}
