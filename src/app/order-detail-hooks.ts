import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import type { ActivitySummary, ItemPage } from '@/domain/content';
import type { LineItem } from '@/domain/order/order';
import type { Price } from '@/domain/pricing/types';
import { searchAvailability } from '@/effects/availability-client';
import { httpContentSource } from './content-client';
import { useSettings, useSiteActors } from './site-context';
import { openBuyPage } from './state-guard-hooks';
import './share-actors';

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

/**
 * The item pages of line items and the site's activities, fetched once per page view and kept:
 * an external store the order detail's rows read (null until known; a failed fetch gives null
 * or no activities), and the detail waits on before it shows (useOrderDetailSettled).
 */
const itemPages = new Map<number, ItemPage | null>();
const itemRequests = new Set<number>();
let activityList: ActivitySummary[] | null = null;
let activitiesAsked = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function askItemPage(eid: number): void {
  if (itemRequests.has(eid)) return;
  itemRequests.add(eid);
  void httpContentSource
    .item(eid)
    .catch(() => null)
    .then((found) => {
      itemPages.set(eid, found);
      changed();
    });
}

function askActivities(): void {
  if (activitiesAsked) return;
  activitiesAsked = true;
  void httpContentSource
    .activities()
    .catch(() => [])
    .then((found) => {
      activityList = found;
      changed();
    });
}

/** The item page of a line item (its link and photo), from the content API; null until known. */
export function useItemPage(eid: number): ItemPage | null {
  useEffect(() => askItemPage(eid), [eid]);
  return useSyncExternalStore(subscribe, () => itemPages.get(eid) ?? null, () => null);
}

const NO_ACTIVITIES: ActivitySummary[] = [];

/** The site's activities, for the order detail's '+ {activity}' panes. */
export function useActivities(): ActivitySummary[] {
  useEffect(askActivities, []);
  return useSyncExternalStore(subscribe, () => activityList ?? NO_ACTIVITIES, () => NO_ACTIVITIES);
}

/**
 * Whether the item pages of these line items and the activities are known (or failed): until
 * then the detail is laid out but not shown, so it does not grow in front of the visitor.
 */
export function useOrderDetailSettled(eids: readonly number[]): boolean {
  const key = eids.join(',');
  useEffect(() => {
    if (key) key.split(',').forEach((eid) => askItemPage(Number(eid)));
    askActivities();
  }, [key]);
  return useSyncExternalStore(
    subscribe,
    () => activityList !== null && eids.every((eid) => itemPages.has(eid)),
    () => false,
  );
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
  const settings = useSettings();
  return (url) => openBuyPage(url, settings);
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
