import { deferred } from '@/bindings/deferred';
import { useOrder, useOrderSummary } from '@/bindings/order-hooks';
import { useDeferred } from '@/bindings/use-deferred';
import { hasLineItems } from '@/domain/order/order';
import { EmptyTrip } from '@/views/order/empty-trip';

/** The order detail: known only in the browser (the order lives there), so its code comes when there is one. */
const orderDetail = deferred(() => import('@/views/order/order-detail'));

/**
 * /mytrip: the order search / my-trip page (spec §2), the base of shared Trips Collection links
 * (?rcod={base64 order}, read by the order's initialisation). It shows the current Trips
 * Collection, or an empty state with the search-accommodation button.
 */
export function MyTripPage() {
  const order = useOrder();
  const { pending } = useOrderSummary();
  const withItems = hasLineItems(order);
  const detail = useDeferred(orderDetail, withItems);
  return (
    <div className="page page--mytrip">
      <h1>My trip</h1>
      <p className="lead">
        Your Trips Collection keeps the stays and activities you pick, with their dates and prices, until you are ready to book.
      </p>
      {withItems ? (
        <section className="my-trip__order" aria-label="Your Trips Collection" data-pending={pending || undefined}>
          {detail && <detail.SettledOrderDetail />}
        </section>
      ) : (
        <EmptyTrip message="Your Trips Collection is empty." />
      )}
    </div>
  );
}
