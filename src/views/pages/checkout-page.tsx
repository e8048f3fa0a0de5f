import { useSettings } from '@/app/hooks';

/** /rescms/order/checkout (spec §2 Trips Collection): reached with the Checkout button. */
export function CheckoutPage() {
  const { site, order } = useSettings();
  return (
    <div className="page page--checkout">
      <h1>Checkout</h1>
      <p className="lead">Review your Trips Collection, choose your protection options and pay securely.</p>
      <div className="empty-state">
        <p>There is nothing to check out yet: add a stay to your Trips Collection first.</p>
        <p>
          <a className="button button--primary" href={order.search_accom_path}>
            Search accommodation
          </a>
        </p>
        <p className="muted">
          Questions about booking? Call <a href={`tel:${site.phone}`}>{site.phone}</a>.
        </p>
      </div>
    </div>
  );
}
