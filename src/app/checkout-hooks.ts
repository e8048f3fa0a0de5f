import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { Subscription } from 'rxjs';
import type { PriceChange } from '@/domain/order/verification';
import { verifyOrder } from '@/effects/order-verify';
import { useIsClient } from './hooks';
import { useSiteActors } from './site-context';

export interface CheckoutCheck {
  state: 'idle' | 'checking' | 'checked' | 'failed';
  changes: PriceChange[];
}

/**
 * On the checkout page, once the Trips Collection is loaded, the server prices every line item
 * again (issue 5: prices re-checked by the server before checkout). A corrected order replaces
 * the visitor's (saved and sent to other tabs as any order update); a failed check is logged and
 * said, and the order stays as it was.
 */
export function useCheckoutCheck(): CheckoutCheck {
  const client = useIsClient();
  const { order } = useSiteActors();
  const settled = useSelector(order, (s) => !s.hasTag('pending') && !s.hasTag('loading'));
  const hasItems = useSelector(order, (s) => Object.keys(s.context.order.lis).length > 0);
  const running = useRef<Subscription | null>(null);
  const [check, setCheck] = useState<CheckoutCheck>({ state: 'idle', changes: [] });
  // The check runs once per visit to the page; leaving the page cancels it.
  useEffect(() => () => running.current?.unsubscribe(), []);
  useEffect(() => {
    if (!client || !settled || !hasItems || running.current) return;
    setCheck({ state: 'checking', changes: [] });
    running.current = verifyOrder(order.getSnapshot().context.order).subscribe({
      next: ({ order: checked, changes }) => {
        if (changes.length > 0) order.send({ type: 'order.update.received', order: checked, showDetail: false });
        setCheck({ state: 'checked', changes });
      },
      error: (error: unknown) => {
        console.warn(`The prices could not be checked before checkout: ${error instanceof Error ? error.message : String(error)}`);
        setCheck({ state: 'failed', changes: [] });
      },
    });
  }, [client, settled, hasItems, order]);
  return check;
}
