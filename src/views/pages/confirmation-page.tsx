import { useLoaderData } from 'react-router';
import type { BookingConfirmation } from '@/domain/content';
import { formatCents } from '@/domain/money';
import { formatStayDate } from '@/domain/pricing/dates';
import { holdNotice } from '@/domain/checkout/hold';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function guestsText(item: { adult: number; child: number; senior: number }): string {
  const parts = [plural(item.adult, 'Adult', 'Adults')];
  if (item.child > 0) parts.push(plural(item.child, 'Child', 'Children'));
  if (item.senior > 0) parts.push(plural(item.senior, 'Senior', 'Seniors'));
  return parts.join(', ');
}

/**
 * /rescms/order/confirmation/{code} (issue 13): the booked Trips Collection, rendered on the server
 * from the content source's confirmation(code). A plain first version; the checkout client work
 * (issue 13, client side) builds on it.
 */
export function ConfirmationPage() {
  const booking = useLoaderData() as BookingConfirmation;
  const money = (cents: number) => formatCents(cents, booking.currency, 2);
  const hold = booking.hold;
  // A cancelled booking says only that; a hold not confirmed says what its guest can still do.
  const notice = hold && booking.status !== 'cancelled' ? holdNotice(hold, booking.guest.email) : null;
  const heading =
    booking.status === 'cancelled'
      ? 'This booking was cancelled'
      : hold?.state === 'held'
        ? 'Your booking is held, not confirmed yet'
        : hold?.state === 'lapsed'
          ? 'This booking was not confirmed in time'
          : 'Your booking is confirmed';
  return (
    <div className="page page--confirmation">
      <h1>{heading}</h1>
      {notice ? (
        <p className="lead notice" data-testid="confirmation-hold">
          {notice}
        </p>
      ) : (
        <p className="lead">
          Thank you, {booking.guest.firstName}. A confirmation has been sent to {booking.guest.email}.
        </p>
      )}
      {booking.payment.test && <p className="notice">Test payment: no money was taken.</p>}
      <section aria-labelledby="confirmation-stays">
        <h2 id="confirmation-stays">Your stays</h2>
        <ul className="confirmation__items">
          {booking.items.map((item) => (
            <li key={item.key}>
              <h3>{item.url ? <a href={item.url}>{item.name}</a> : item.name}</h3>
              <p>
                {item.offerName} · {formatStayDate(item.begin)}
                {item.nights > 0 && ` – ${formatStayDate(item.end)} (${plural(item.nights, 'night', 'nights')})`} · {guestsText(item)}
              </p>
              <p>{money(item.price)}</p>
              {item.protection.length > 0 && (
                <ul>
                  {item.protection.map((p) => (
                    <li key={p.kind}>
                      {p.name}: {p.accepted ? money(p.amount) : 'declined'}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
      <dl className="facts">
        <dt>Total</dt>
        <dd data-testid="confirmation-total">{money(booking.total)}</dd>
        <dt>Payment</dt>
        <dd>
          {booking.payment.optionLabel} · {booking.payment.statusLabel}
        </dd>
        <dt>Paid</dt>
        <dd>{money(booking.paid)}</dd>
        {booking.paid === 0 && booking.deposit > 0 && (
          <>
            <dt>Due now</dt>
            <dd>{money(booking.deposit)} (we will contact you to take it)</dd>
          </>
        )}
        <dt>{booking.paid === 0 && booking.deposit > 0 ? 'Then' : 'Still to pay'}</dt>
        <dd>
          {money(booking.total - Math.max(booking.paid, booking.deposit))}
          {booking.total > Math.max(booking.paid, booking.deposit) && booking.balanceDue && ` by ${formatStayDate(booking.balanceDue)}`}
        </dd>
      </dl>
    </div>
  );
}
