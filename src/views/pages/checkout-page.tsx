import { useCheckoutCheck } from '@/app/checkout-hooks';
import { useSettings } from '@/app/hooks';
import { useLineItems } from '@/app/line-item-hooks';
import { useOrder } from '@/app/order-hooks';
import { formatMoney } from '@/domain/money';
import { formatStayDate } from '@/domain/pricing/dates';
import { guestLines } from '@/views/order/guest-lines';
import { EmptyTrip } from '@/views/order/empty-trip';
import { PriceChanges } from '@/views/order/price-changes';

/**
 * /rescms/order/checkout (spec §2 Trips Collection): reached with the Checkout button. It lists the
 * Trips Collection's line items and total; insurance, damage protection and payment come later.
 */
export function CheckoutPage() {
  const { site, order: settings } = useSettings();
  const order = useOrder();
  const items = useLineItems();
  const money = (amount: number, currency?: string) => formatMoney(amount, { currency: currency ?? settings.currency, precision: 2 });
  const check = useCheckoutCheck();
  return (
    <div className="page page--checkout">
      <h1>Checkout</h1>
      <p className="lead">Review your Trips Collection, choose your protection options and pay securely.</p>
      <div className="checkout-check" role="status" data-state={check.state}>
        {check.state === 'checking' && <p>Checking your prices with our reservations system…</p>}
        {check.state === 'checked' && check.changes.length === 0 && <p>Prices checked: they are up to date.</p>}
        {check.state === 'failed' && <p>We could not check your prices just now. They will be checked again before you pay.</p>}
        {check.changes.length > 0 && (
          <>
            <p>Some prices changed since you added them:</p>
            <PriceChanges className="checkout-check__changes" changes={check.changes} removed="so it was taken out of your Trips Collection" />
          </>
        )}
      </div>
      {items.length > 0 ? (
        <section className="checkout-order" aria-labelledby="checkout-order-heading">
          <h2 id="checkout-order-heading">Your Trips Collection</h2>
          <table className="checkout-order__table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Dates</th>
                <th scope="col">Guests</th>
                <th scope="col" className="num">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map(({ key, item }) => (
                <tr key={key}>
                  <th scope="row">
                    {item.n ?? `Item ${item.eid}`}
                    {item.dn && <span className="checkout-order__offer"> · {item.dn}</span>}
                  </th>
                  <td>
                    {formatStayDate(item.b)} – {formatStayDate(item.e)}
                  </td>
                  <td>{guestLines(item).join(', ')}</td>
                  <td className="num">{money(item.p, item.c)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td className="num" data-testid="checkout-total">
                  {money(order.tot ?? order.litot)}
                </td>
              </tr>
            </tfoot>
          </table>
          {settings.subtotal_annotation && <p className="muted">{settings.subtotal_annotation}</p>}
        </section>
      ) : (
        <EmptyTrip message="There is nothing to check out yet: add a stay to your Trips Collection first." />
      )}
      <p className="muted">
        Questions about booking? Call <a href={`tel:${site.phone}`}>{site.phone}</a>.
      </p>
    </div>
  );
}
