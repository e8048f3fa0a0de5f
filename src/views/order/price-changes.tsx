import { useSettings } from '@/bindings/hooks';
import { formatMoney } from '@/domain/money';
import type { PriceChange } from '@/domain/order/verification';

/**
 * What changed in a Trips Collection since its prices were taken (at checkout, or in a shared
 * trip): each new price with the old one, and each offer that can no longer be booked, with the
 * reason and what became of it (`removed`).
 */
export function PriceChanges({ changes, removed, className }: { changes: readonly PriceChange[]; removed: string; className: string }) {
  const { order: settings } = useSettings();
  const money = (amount: number) => formatMoney(amount, { currency: settings.currency, precision: 2 });
  return (
    <ul className={className}>
      {changes.map((change) => (
        <li key={change.key}>
          {change.now === null
            ? `${change.n} can no longer be booked for these dates${change.problem ? ` (${change.problem.replace(/^[^:]*:\s*/, '').replace(/\.$/, '')})` : ''}, ${removed}.`
            : `${change.n} is now ${money(change.now)} (was ${money(change.was)}).`}
        </li>
      ))}
    </ul>
  );
}
