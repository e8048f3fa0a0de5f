import { useSelector } from '@xstate/react';
import type { PriceChange } from '@/domain/order/verification';
import type { Order } from '@/domain/order/order';
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

