import { useLoaderData } from 'react-router';
import { deferred } from '@/bindings/deferred';
import { useSettings } from '@/bindings/hooks';
import { useOrderSummary } from '@/bindings/order-hooks';
import { useDeferred } from '@/bindings/use-deferred';
import type { CheckoutPageData } from '@/domain/content';
import { EmptyTrip } from '@/views/order/empty-trip';

/** The checkout itself (its machines, effects and form): loaded once there is something to book. */
const checkoutForm = deferred(() => import('@/views/checkout/checkout-form'));

/**
 * /rescms/order/checkout (spec §2 Trips Collection, issue 13): reached with the Checkout button.
 * The Trips Collection is the browser's, so the checkout (its prices checked with the server, the
 * protection on offer, the guest's details and payment) is shown there once it is loaded.
 */
export function CheckoutPage() {
  const { site } = useSettings();
  const data = useLoaderData() as CheckoutPageData | null;
  // The count only: the line items' prices come with the checkout's own code.
  const { count } = useOrderSummary();
  const loaded = useDeferred(checkoutForm, count > 0 && data !== null);
  // Once the checkout is shown it stays, also when its price check takes every stay out: it says which and why.
  const shown = loaded !== null && data !== null;
  return (
    <div className="page page--checkout">
      <h1>Checkout</h1>
      <p className="lead">Review your Trips Collection, choose your protection options and pay securely.</p>
      {count === 0 && !shown ? (
        <EmptyTrip message="There is nothing to check out yet: add a stay to your Trips Collection first." />
      ) : data === null ? (
        <p className="checkout-problem" role="alert">
          Booking online is not available just now. Nothing was booked; please call us to book your stays.
        </p>
      ) : loaded ? (
        <loaded.Checkout data={data} />
      ) : (
        <p className="checkout-check" role="status">
          Loading the checkout…
        </p>
      )}
      <p className="muted">
        Questions about booking? Call <a href={`tel:${site.phone}`}>{site.phone}</a>.
      </p>
    </div>
  );
}
