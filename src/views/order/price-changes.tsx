import { useSettings } from '@/bindings/hooks';
import { formatMoney } from '@/domain/money';
import type { PriceChange } from '@/domain/order/verification';

const TEXTS = {
  /** At checkout: what was taken out of the Trips Collection, and what costs more or less now. */
  checkout: {
    removed: (count: number) => (count === 1 ? 'A stay can no longer be booked, so it was taken out of your Trips Collection:' : 'Some stays can no longer be booked, so they were taken out of your Trips Collection:'),
    changed: (count: number) => (count === 1 ? 'A price changed since you added it:' : 'Some prices changed since you added them:'),
  },
  /** Opening a shared Trips Collection: what it will not include, and today's prices. */
  shared: {
    removed: (count: number) => (count === 1 ? 'This stay can no longer be booked, so it is not included:' : 'These stays can no longer be booked, so they are not included:'),
    changed: (count: number) => (count === 1 ? 'This price changed since it was shared:' : 'These prices changed since they were shared:'),
  },
} as const;

/**
 * What changed in a Trips Collection since its prices were taken (at checkout, or in a shared
 * trip), in two lists, each under the heading of what happened: the offers that can no longer be
 * booked, each named with its dates and the reason in plain words, and the new prices with the old.
 */
export function PriceChanges({ changes, context, className }: { changes: readonly PriceChange[]; context: keyof typeof TEXTS; className: string }) {
  const { order: settings } = useSettings();
  const money = (amount: number) => formatMoney(amount, { currency: settings.currency, precision: 2 });
  const removed = changes.filter((change) => change.now === null);
  const changed = changes.filter((change) => change.now !== null);
  const texts = TEXTS[context];
  return (
    <div className={className}>
      {removed.length > 0 && (
        <div className="price-changes__group" data-kind="removed">
          <p className="price-changes__heading">{texts.removed(removed.length)}</p>
          <ul>
            {removed.map((change) => (
              <li key={change.key}>
                <strong>{change.n}</strong>. {change.problem ?? 'It can no longer be booked for these dates.'}
              </li>
            ))}
          </ul>
        </div>
      )}
      {changed.length > 0 && (
        <div className="price-changes__group" data-kind="changed">
          <p className="price-changes__heading">{texts.changed(changed.length)}</p>
          <ul>
            {changed.map((change) => (
              <li key={change.key}>
                <strong>{change.n}</strong> is now {money(change.now as number)} (was {money(change.was)}).
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
