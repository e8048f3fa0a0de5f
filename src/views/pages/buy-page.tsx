import { useLoaderData, useSearchParams } from 'react-router';
import type { ItemPage } from '@/domain/content';

const dateFormat = new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function formatDate(value: string | null): string | null {
  if (!value) return null;
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? value
    : /^(\d{2})\/(\d{2})\/(\d{4})$/.test(value)
      ? value.replace(/^(\d{2})\/(\d{2})\/(\d{4})$/, '$3-$1-$2')
      : null;
  if (!iso) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

function count(value: string | null): number {
  const n = Number(value ?? 0);
  return Number.isInteger(n) && n >= 0 && n < 100 ? n : 0;
}

/** /rescms/item/{eid}/buy?{query params}: the stay summarised and the way on to checkout (spec §2 Item routes). */
export function BuyPage() {
  const item = useLoaderData() as ItemPage;
  const [params] = useSearchParams();
  const begin = formatDate(params.get('rcav[begin]'));
  const end = formatDate(params.get('rcav[end]'));
  const adults = count(params.get('rcav[adult]'));
  const children = count(params.get('rcav[child]'));
  return (
    <div className="page page--buy">
      <p className="eyebrow">Book</p>
      <h1>{item.name}</h1>
      <div className="buy-summary">
        <img src={item.photo.src} alt={item.photo.caption} width={item.photo.width} height={item.photo.height} />
        <div>
          <p>{item.summary}</p>
          <dl className="facts">
            <dt>Arrive</dt>
            <dd>{begin ?? 'Choose your dates'}</dd>
            <dt>Depart</dt>
            <dd>{end ?? '—'}</dd>
            <dt>Guests</dt>
            <dd>
              {adults} {adults === 1 ? 'Adult' : 'Adults'}, {children} {children === 1 ? 'Child' : 'Children'}
            </dd>
          </dl>
          <p>
            <a className="button button--primary" href="/rescms/order/checkout">
              Continue to checkout
            </a>{' '}
            <a href={item.url}>Back to {item.name}</a>
          </p>
        </div>
      </div>
    </div>
  );
}
