import { deferred, preload } from '@/bindings/deferred';
import { useShareShown } from '@/bindings/made-actor-hooks';
import { useOrderDetail, useOrderSummary, useSharedTrip } from '@/bindings/order-hooks';
import { useSettings } from '@/bindings/hooks';
import { useDeferred } from '@/bindings/use-deferred';
import { formatMoney } from '@/domain/money';
import { PlainButton } from '@/views/ui/plain-button';

/** The order's modals (detail, share, shared-trip questions): loaded when one opens, or on intent. */
const orderDialogs = deferred(() => import('./order-dialogs'));
const preloadDialogs = () => preload(orderDialogs);

function LazyOrderDialogs() {
  const detail = useOrderDetail();
  const shared = useSharedTrip();
  const shareShown = useShareShown();
  const needed = detail.open || shareShown || shared.confirming || shared.notice !== null;
  const loaded = useDeferred(orderDialogs, needed);
  return loaded ? <loaded.OrderDialogs /> : null;
}

/** A shopping bag. */
export function BagIcon({ className = 'icon' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <path d="M5 8h14l-1.2 12.2a1 1 0 0 1-1 .8H7.2a1 1 0 0 1-1-.8z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M9 10V6.5a3 3 0 0 1 6 0V10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The order widget (spec §2 Trips Collection): bag icon, the optional label, the subtotal with
 * no decimals and the line-item count; a click opens the order detail in a medium modal. It marks
 * itself data-order-widget, which the pricing Summary's trigger looks for.
 */
export function OrderWidget() {
  const { order } = useSettings();
  const { count, subtotal, pending } = useOrderSummary();
  const detail = useOrderDetail();
  const label = order.widget_label.trim();
  const items = `${count} ${count === 1 ? 'item' : 'items'}`;
  const total = formatMoney(subtotal, { currency: order.currency, precision: 0 });
  return (
    <div className="order-widget" data-order-widget data-pending={pending || undefined}>
      <PlainButton
        variant="quiet"
        className="order-widget__button"
        aria-label={`${label || 'Trips Collection'}: ${items}, subtotal ${total}`}
        aria-haspopup="dialog"
        onPress={detail.show}
        onPointerEnter={preloadDialogs}
        onFocus={preloadDialogs}
      >
        <span className="order-widget__bag">
          <BagIcon />
          <span className="order-widget__count" data-testid="order-count">
            {count}
          </span>
        </span>
        {label && <span className="order-widget__label">{label}</span>}
        <span className="order-widget__subtotal" data-testid="order-subtotal">
          {total}
        </span>
      </PlainButton>
      <LazyOrderDialogs />
    </div>
  );
}
