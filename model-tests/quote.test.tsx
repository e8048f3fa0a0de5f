import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectPricingActions, ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from '@/bindings/actors/pricing-wiring';
import { pricingByItem, pricingKey } from '@/domain/pricing/derived';
import { parseNestedQuery } from '@/domain/pricing/query';
import { quoteMachine } from '@/machines/quote-machine';
import { PricingDetail } from '@/views/pricing/pricing-detail';
import { PricingDialogs } from '@/views/pricing/pricing-dialogs';
import { offerGroups } from '@/domain/pricing/offers';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { FetchBoundary, FIXTURE_ITEMS, SEARCH_RCAV } from './pricing-harness';
import { mountSite, pageSettings, siteActorsWith, siteSettings, type MountedSite } from './site-harness';

type QuoteSnapshot = SnapshotFrom<typeof quoteMachine>;
type QuoteEvent = EventFrom<typeof quoteMachine>;
type ModelEvent = Via<QuoteEvent>;

const ITEM = pricingByItem(FIXTURE_ITEMS, 'all', SEARCH_RCAV)[pricingKey(1001)]!;
/** The Winter special offer of the first rental: its Quote button is the one clicked. */
const OFFER = ITEM.prices.find((price) => price.dn === 'Winter special')!;
/** The itemised quote as the server sends it, with things the sanitizer must take out. */
const QUOTE_HTML =
  '<h3>Winter special</h3><table><tr><td>7 nights</td><td>$1,400.00</td></tr></table><p>Total $1,400.00</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">';

const quoteEvents: ModelEvent[] = [
  { type: 'quote.requested', offer: OFFER, buttonKey: 'winter', via: 'clicks Quote on the Winter special' },
  { type: 'quote.received', html: QUOTE_HTML, via: 'the quote answers' },
  { type: 'quote.failed', message: 'HTTP 500', via: 'the quote fails' },
  { type: 'quote.closed', via: 'close button' },
  { type: 'quote.closed', via: 'Escape key' },
  { type: 'quote.add.requested', via: 'clicks Add to Trips Collection' },
];

const model = createTestModel(quoteMachine, {
  events: quoteEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
});
const coverage = new ModelCoverage(quoteMachine);

/**
 * A rental's offers (the Detail display) and the page's pricing dialogs, with the page wiring
 * (connectPricingActions: the quote client and the order add request); the quote endpoint is the boundary.
 */
function quoteDriver(): PathDriver<QuoteSnapshot, QuoteEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof quoteMachine> | null = null;
  let disconnect = () => {};
  const fetch = new FetchBoundary();
  const addRequests: OrderAddRequest[] = [];
  const onAdd = (event: Event) => addRequests.push((event as CustomEvent<OrderAddRequest>).detail);
  const quoteButtons = () => screen.getAllByRole('button', { name: /^Quote /, hidden: true });
  const winterQuote = () => screen.getByRole('button', { name: 'Quote Winter special', hidden: true });
  const dialog = () => screen.getByRole('dialog', { name: 'Detailed Quote' });
  return {
    start: () => {
      user = userEvent.setup();
      // The guest's insurance state is known (spec §5): Quote goes ahead, with &province=.
      document.cookie = 'rcstate=FL; path=/';
      fetch.install();
      document.addEventListener(ORDER_ADD_REQUEST_EVENT, onAdd);
      const page = pageSettings();
      actor = createActor(quoteMachine, { inspect: coverage.inspect }).start();
      const actors = siteActorsWith(page, 'quote', actor);
      actors.availability.send({ type: 'availability.restored', params: { rcav: SEARCH_RCAV }, items: FIXTURE_ITEMS });
      disconnect = connectPricingActions(actors, page);
      site = mountSite(
        <>
          <PricingDetail groups={offerGroups(ITEM)} />
          <PricingDialogs />
        </>,
        page,
        actors,
      );
    },
    perform: async (event) => {
      const via = (event as Partial<ModelEvent>).via;
      switch (event.type) {
        case 'quote.requested': {
          await user.click(winterQuote());
          // Spec §7: the price's qp plus buy_text.
          const { url } = fetch.last('/rescms/ajax/item/pricing/quote');
          const query = parseNestedQuery(url.split('?')[1] ?? '');
          expect(query).toEqual({ ok: true, value: expect.objectContaining({ buy_text: siteSettings.pricing.quote_buy_text, special_data: { special_nid: '3' }, province: 'FL' }) });
          return;
        }
        case 'quote.received':
          return fetch.last('/rescms/ajax/item/pricing/quote').answer(200, { content: QUOTE_HTML });
        case 'quote.failed':
          return fetch.last('/rescms/ajax/item/pricing/quote').answer(500, { message: 'The quote service is down' });
        case 'quote.closed':
          if (via === 'Escape key') {
            expect(dialog().contains(document.activeElement)).toBe(true);
            return user.keyboard('{Escape}');
          }
          return user.click(within(dialog()).getByRole('button', { name: 'Close' }));
        case 'quote.add.requested':
          return user.click(within(dialog()).getByRole('button', { name: 'Add to Trips Collection' }));
      }
    },
    expectState: (state) => {
      const real = (actor as Actor<typeof quoteMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      if (state.matches('loading')) {
        // Spec §4 Quote button: pending and disabled while loading (the others wait too).
        expect(winterQuote().hasAttribute('data-pending')).toBe(true);
        for (const button of quoteButtons()) expect(button.hasAttribute('data-disabled') || button.hasAttribute('data-pending')).toBe(true);
      } else {
        // Always enabled again after the call, whatever its outcome.
        for (const button of quoteButtons()) {
          expect(button.hasAttribute('data-pending')).toBe(false);
          expect(button.hasAttribute('data-disabled')).toBe(false);
        }
      }
      if (state.matches('showing')) {
        const shown = within(dialog());
        expect(shown.getByRole('cell', { name: '$1,400.00' })).toBeTruthy();
        expect(shown.getByText('Total $1,400.00')).toBeTruthy();
        expect(dialog().querySelector('script')).toBeNull();
        expect(dialog().querySelector('[onerror]')).toBeNull();
        expect(dialog().closest('.modal')?.classList.contains('modal--tiny')).toBe(true);
        expect(dialog().contains(document.activeElement)).toBe(true);
      } else {
        // Spec §8: a failed quote shows no message.
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(screen.queryByRole('alert')).toBeNull();
      }
      const last = addRequests.at(-1);
      if (last) {
        expect(last.from).toBe('Detailed Quote');
        expect(last.offer.qp).toEqual(OFFER.qp);
      }
    },
    stop: () => {
      disconnect();
      document.cookie = 'rcstate=; max-age=0; path=/';
      document.removeEventListener(ORDER_ADD_REQUEST_EVENT, onAdd);
      fetch.restore();
      site?.unmount();
    },
  };
}

describe('quote machine, walked through the offers and the Detailed Quote dialog', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, quoteMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, quoteDriver());
  });
});
