import { useOrder, useOrderSummary } from '@/app/order-hooks';
import { hasLineItems } from '@/domain/order/order';
import { OrderDetail } from '@/views/order/order-detail';
import { EmptyTrip } from '@/views/order/empty-trip';

/**
 * /mytrip: the order search / my-trip page (spec §2), the base of shared Trips Collection links
 * (?rcod={base64 order}, read by the order's initialisation). It shows the current Trips
 * Collection, or an empty state with the search-accommodation button.
 */
export function MyTripPage() {
  const order = useOrder();
  const { pending } = useOrderSummary();
  return (
    <div className="page page--mytrip">
      <h1>My trip</h1>
      <p className="lead">
        Your Trips Collection keeps the stays and activities you pick, with their dates and prices, until you are ready to book.
      </p>
      {hasLineItems(order) ? (
        <section className="my-trip__order" aria-label="Your Trips Collection" data-pending={pending || undefined}>
          <OrderDetail />
        </section>
      ) : (
        <EmptyTrip message="Your Trips Collection is empty." />
      )}
    </div>
  );
}
