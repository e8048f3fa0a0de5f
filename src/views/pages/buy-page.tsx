import { useLoaderData } from 'react-router';
import type { BuyPageData, StayQuote, StayQuoteLine } from '@/domain/content';
import { formatCents } from '@/domain/money';
import { formatStayDate } from '@/domain/pricing/dates';
import { toQueryString, type QueryValue } from '@/domain/pricing/query';

const SECTIONS: { kinds: StayQuoteLine['kind'][]; title: string }[] = [
  { kinds: ['rent'], title: 'Nights' },
  { kinds: ['discount'], title: 'Savings' },
  { kinds: ['activity'], title: 'Activities' },
  { kinds: ['cleaning', 'fee'], title: 'Fees' },
  { kinds: ['tax'], title: 'Taxes' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function guestsText(guests: { adult: number; child: number; senior: number }): string {
  const parts = [plural(guests.adult, 'Adult', 'Adults'), plural(guests.child, 'Child', 'Children')];
  if (guests.senior > 0) parts.push(plural(guests.senior, 'Senior', 'Seniors'));
  return parts.join(', ');
}

/** The stay asked for, when it cannot be had. */
function AskedStay({ asked, problem }: { asked: NonNullable<BuyPageData['asked']>; problem: string }) {
  return (
    <>
      <dl className="facts">
        <dt>Arrive</dt>
        <dd>{formatStayDate(asked.begin)}</dd>
        {asked.nights > 0 && (
          <>
            <dt>Depart</dt>
            <dd>{formatStayDate(asked.end)}</dd>
            <dt>Nights</dt>
            <dd>{asked.nights}</dd>
          </>
        )}
        <dt>Guests</dt>
        <dd>{guestsText(asked)}</dd>
      </dl>
      <div className="buy-problem" role="alert">
        <h2>Not available</h2>
        <p>{problem}</p>
      </div>
    </>
  );
}

function StaySummary({ quote }: { quote: StayQuote }) {
  const money = (cents: number) => formatCents(cents, quote.currency, 2);
  const checkout = `/rescms/order/checkout?${toQueryString(quote.qp as unknown as Record<string, QueryValue>)}`;
  return (
    <>
      <dl className="facts">
        <dt>{quote.offer === 'activity' ? 'Date' : 'Arrive'}</dt>
        <dd>{formatStayDate(quote.begin)}</dd>
        {quote.offer !== 'activity' && (
          <>
            <dt>Depart</dt>
            <dd>{formatStayDate(quote.end)}</dd>
            <dt>Nights</dt>
            <dd>{quote.nights}</dd>
          </>
        )}
        <dt>Guests</dt>
        <dd>{guestsText(quote)}</dd>
        <dt>Rate</dt>
        <dd>{quote.offerName}</dd>
      </dl>
      {quote.notes.map((note) => (
        <p key={note} className="buy-note">
          {note}
        </p>
      ))}
      <table className="buy-lines">
        <caption>Your stay, itemised</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Detail</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        {SECTIONS.map((section) => {
          const lines = quote.lines.filter((line) => section.kinds.includes(line.kind));
          if (lines.length === 0) return null;
          return (
            <tbody key={section.title}>
              <tr className="buy-lines__section">
                <th scope="rowgroup" colSpan={3}>
                  {section.title}
                </th>
              </tr>
              {lines.map((line, index) => (
                <tr key={`${line.kind}-${index}`} data-kind={line.kind}>
                  <th scope="row">{line.label}</th>
                  <td>{line.detail}</td>
                  <td className="buy-lines__amount">{money(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          );
        })}
        <tfoot>
          <tr className="buy-lines__total">
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="buy-lines__amount">{money(quote.total)}</td>
          </tr>
          {quote.savings > 0 && (
            <tr className="buy-lines__savings">
              <th scope="row" colSpan={2}>
                You save
              </th>
              <td className="buy-lines__amount">{money(quote.savings)}</td>
            </tr>
          )}
        </tfoot>
      </table>
      <h2>Payment schedule</h2>
      <ul className="buy-payments">
        {quote.payments.map((payment) => (
          <li key={payment.label}>
            {payment.label}
            {payment.due ? `, due ${formatStayDate(payment.due)}` : ''}: <strong>{money(payment.amount)}</strong>
          </li>
        ))}
      </ul>
      <h2>Cancellation policy</h2>
      <p>{quote.cancellation}</p>
      <p>
        <a className="button button--primary" href={checkout}>
          Continue to checkout
        </a>
      </p>
    </>
  );
}

/** /rescms/item/{eid}/buy?{query params}: the stay summarised, re-priced on the server, and the way on to checkout (spec §2 Item routes). */
export function BuyPage() {
  const { item, asked, quote, problem } = useLoaderData() as BuyPageData;
  return (
    <div className="page page--buy">
      <p className="eyebrow">Book</p>
      <h1>{item.name}</h1>
      <div className="buy-summary">
        <img src={item.photo.src} alt={item.photo.caption} width={item.photo.width} height={item.photo.height} />
        <div>
          <p>{item.summary}</p>
          {quote ? (
            <StaySummary quote={quote} />
          ) : problem && asked ? (
            <AskedStay asked={asked} problem={problem} />
          ) : problem ? (
            <div className="buy-problem" role="alert">
              <h2>Not available</h2>
              <p>{problem}</p>
            </div>
          ) : (
            <p>Choose your dates and guests on the item's page to see the price of your stay.</p>
          )}
          <p>
            <a href={item.url}>Back to {item.name}</a>
          </p>
        </div>
      </div>
    </div>
  );
}
