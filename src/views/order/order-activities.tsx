import { useSettings } from '@/bindings/hooks';
import { useActivities, useActivityOffer, useOrderActions } from '@/bindings/order-detail-hooks';
import type { ActivitySummary } from '@/domain/content';
import { formatMoney } from '@/domain/money';
import type { LineItem } from '@/domain/order/order';
import { Button } from '@/views/ui/button';

type Stay = { begin: string; adult: number; child: number };

/** One '+ {activity name}' pane: opening it prices the activity for the stay's first day and guests. */
function ActivityPane({ activity, stay }: { activity: ActivitySummary; stay: Stay }) {
  const settings = useSettings();
  const { open, offer, toggle, retry } = useActivityOffer(activity.eid);
  const actions = useOrderActions();
  const panelId = `order-activity-${activity.eid}`;
  return (
    <li className="order-activity" data-open={open || undefined}>
      <Button variant="quiet" className="order-activity__toggle" aria-expanded={open} aria-controls={panelId} onPress={() => toggle(stay)}>
        + {activity.name}
      </Button>
      <div id={panelId} className="order-activity__panel" hidden={!open}>
        <p className="order-activity__summary">{activity.summary}</p>
        {offer.phase === 'loading' && <p role="status">Checking the price…</p>}
        {offer.phase === 'none' && <p role="status">Not available on these dates.</p>}
        {offer.phase === 'failed' && (
          <p role="alert" className="order-activity__problem">
            The price could not be checked.{' '}
            <Button variant="quiet" onPress={retry}>
              Try again
            </Button>
          </p>
        )}
        {offer.phase === 'priced' && (
          <p className="order-activity__offer">
            <span>{formatMoney(offer.price.p, { currency: offer.price.c ?? settings.order.currency, precision: 2 })}</span>{' '}
            <Button aria-label={`Add ${activity.name} to Trips Collection`} isDisabled={actions.busy} onPress={() => actions.add(offer.price)}>
              Add
            </Button>
          </p>
        )}
      </div>
    </li>
  );
}

/** The optional activities section of the order detail (spec §2): '+ {activity name}' panes. */
export function OrderActivities({ items }: { items: LineItem[] }) {
  const activities = useActivities();
  const first = items[0];
  if (!first || activities.length === 0) return null;
  const stay: Stay = { begin: first.qp.rcav.begin, adult: Number(first.qp.rcav.adult ?? 1), child: Number(first.qp.rcav.child ?? 0) };
  const present = new Set(items.map((item) => item.eid));
  const shown = activities.filter((activity) => !present.has(activity.eid)).slice(0, 4);
  if (shown.length === 0) return null;
  return (
    <section className="order-activities" aria-labelledby="order-activities-heading">
      <h4 id="order-activities-heading">Add an activity</h4>
      <ul className="order-activities__list">
        {shown.map((activity) => (
          <ActivityPane key={activity.eid} activity={activity} stay={stay} />
        ))}
      </ul>
    </section>
  );
}
