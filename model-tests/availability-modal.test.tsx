import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectPricingActions, ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from '@/bindings/actors/pricing-wiring';
import { pricingByItem, pricingKey } from '@/domain/pricing/derived';
import type { PageSettings } from '@/domain/settings';
import { availabilityModalMachine } from '@/machines/availability-modal-machine';
import { PricingAlternates } from '@/views/pricing/pricing-alternates';
import { PricingDialogs } from '@/views/pricing/pricing-dialogs';
import { PricingSummary } from '@/views/pricing/pricing-summary';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { FIXTURE_ITEMS, SEARCH_RCAV, stayDate } from './pricing-harness';
import { mountSite, pageSettings, siteActorsWith, siteSettings, type MountedSite } from './site-harness';

type ModalSnapshot = SnapshotFrom<typeof availabilityModalMachine>;
type ModalEvent = EventFrom<typeof availabilityModalMachine>;
type ModelEvent = Via<ModalEvent>;

const PRICING = pricingByItem(FIXTURE_ITEMS, 'all', SEARCH_RCAV);
const pricesOf = (eid: number) => PRICING[pricingKey(eid)]!.prices;
/** The one offer a path adds or books: the first one shown where the visitor is. */
const ANY_OFFER = pricesOf(1002)[0]!;

/** Two site set-ups: the default (trigger_order off), and trigger_order on with the cart on the page. */
const SETUPS: Array<{ name: string; triggerOrder: boolean }> = [
  { name: 'trigger_order off', triggerOrder: false },
  { name: 'trigger_order on and an order widget on the page', triggerOrder: true },
];

const modalEvents: ModelEvent[] = [
  { type: 'pricing.trigger.clicked', eid: 1001, offers: pricesOf(1001), orderWidget: true, via: 'See offers of the rental with three prices' },
  { type: 'pricing.trigger.clicked', eid: 1002, offers: pricesOf(1002), orderWidget: true, via: 'See offers of the rental with one price' },
  { type: 'pricing.alternates.opened', eid: 1003, via: 'See other dates' },
  { type: 'pricing.options.opened', eid: 1001, via: 'More pricing options' },
  { type: 'pricing.modal.closed', via: 'close button' },
  { type: 'pricing.modal.closed', via: 'Escape key' },
  { type: 'pricing.offer.added', offer: ANY_OFFER, via: 'Add' },
  { type: 'pricing.offer.booked', offer: ANY_OFFER, via: 'Book' },
];

const TITLES = { detail: 'Offers', alternates: 'Other dates', options: 'More pricing options' } as const;

/**
 * Price summaries of two rentals, the Alternates display of two more and the page's pricing
 * dialogs, wired as the page wires them (connectPricingActions): the order add request and the
 * buy window are the boundary (a document event and window.open).
 */
function modalDriver(setup: (typeof SETUPS)[number]): PathDriver<ModalSnapshot, ModalEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof availabilityModalMachine> | null = null;
  let disconnect = () => {};
  const addRequests: OrderAddRequest[] = [];
  const onAdd = (event: Event) => addRequests.push((event as CustomEvent<OrderAddRequest>).detail);
  let open = vi.spyOn(window, 'open');
  let addsBefore = 0;
  let opensBefore = 0;
  let lastEvent: ModelEvent | null = null;
  const region = (name: string) => within(screen.getByRole('region', { name, hidden: true }));
  const dialog = () => screen.getByRole('dialog');
  return {
    start: () => {
      // The guest's insurance state is known (spec §5): Book goes ahead, with &province=.
      document.cookie = 'rcstate=FL; path=/';
      user = userEvent.setup();
      open = vi.spyOn(window, 'open').mockImplementation(() => null);
      document.addEventListener(ORDER_ADD_REQUEST_EVENT, onAdd);
      const base = pageSettings();
      const page: PageSettings = { ...base, settings: { ...siteSettings, order: { ...siteSettings.order, trigger_order: setup.triggerOrder } } };
      actor = createActor(availabilityModalMachine, { input: { triggerOrder: setup.triggerOrder }, inspect: coverage.inspect }).start();
      const actors = siteActorsWith(page, 'availabilityModal', actor);
      actors.availability.send({ type: 'availability.restored', params: { rcav: SEARCH_RCAV }, items: FIXTURE_ITEMS });
      disconnect = connectPricingActions(actors, page);
      site = mountSite(
        <>
          {setup.triggerOrder && <div data-order-widget>Trips Collection</div>}
          {[1001, 1002].map((eid) => (
            <section key={eid} aria-label={`Rental ${eid} summary`}>
              <PricingSummary eid={eid} />
            </section>
          ))}
          {[1001, 1003].map((eid) => (
            <section key={eid} aria-label={`Rental ${eid} dates`}>
              <PricingAlternates eid={eid} />
            </section>
          ))}
          <PricingDialogs />
        </>,
        page,
        actors,
      );
    },
    perform: async (event) => {
      lastEvent = event as ModelEvent;
      addsBefore = addRequests.length;
      opensBefore = open.mock.calls.length;
      const via = (event as Partial<ModelEvent>).via;
      switch (event.type) {
        case 'pricing.trigger.clicked':
          return user.click(region(`Rental ${event.eid} summary`).getByRole('button', { name: `See offers for Rental ${event.eid}` }));
        case 'pricing.alternates.opened':
          return user.click(region(`Rental ${event.eid} dates`).getByRole('button', { name: 'See other dates' }));
        case 'pricing.options.opened':
          return user.click(region(`Rental ${event.eid} dates`).getByRole('button', { name: 'More pricing options' }));
        case 'pricing.modal.closed':
          if (via === 'Escape key') {
            expect(dialog().contains(document.activeElement)).toBe(true);
            return user.keyboard('{Escape}');
          }
          return user.click(within(dialog()).getByRole('button', { name: 'Close' }));
        case 'pricing.offer.added': {
          // The rental with one price has no Add inline (its Summary has the trigger): use the first Add where the visitor is.
          const scope = screen.queryByRole('dialog') ? within(dialog()) : region('Rental 1001 dates');
          return user.click(scope.getAllByRole('button', { name: /^Add .* to Trips Collection$/ })[0] as HTMLElement);
        }
        case 'pricing.offer.booked': {
          const scope = screen.queryByRole('dialog') ? within(dialog()) : region('Rental 1001 dates');
          return user.click(scope.getAllByRole('button', { name: /^Book / })[0] as HTMLElement);
        }
      }
    },
    expectState: (state) => {
      const real = (actor as Actor<typeof availabilityModalMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      expect(real.context.eid).toBe(state.context.eid);
      if (state.matches('closed')) {
        expect(screen.queryByRole('dialog')).toBeNull();
      } else {
        const kind = state.value as keyof typeof TITLES;
        const shown = dialog();
        // Spec §9: the pricing detail modal is small; focus is kept inside it.
        expect(shown.closest('.modal')?.classList.contains('modal--small')).toBe(true);
        expect(shown.contains(document.activeElement)).toBe(true);
        expect(within(shown).getByRole('heading', { level: 2 }).textContent).toBe(`${TITLES[kind]}: Rental ${state.context.eid}`);
        const names = within(shown).queryAllByText(/rate|special|Arrive/, { selector: '.offer__name' }).map((node) => node.textContent);
        if (kind === 'detail' && state.context.eid === 1001) {
          // Detail: every offer group with its heading and offers.
          expect(within(shown).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Standard', 'Special offer', 'Non-refundable']);
          expect(within(shown).getByText('$1,650', { selector: 's *' })).toBeTruthy();
        }
        if (kind === 'alternates') expect(names).toEqual(['Arrive two days later', 'Arrive four days later']);
        // Modal display: the best-priced offer of each featured group only.
        if (kind === 'options') expect(names).toEqual(['Standard rate', 'Winter special']);
      }
      // The boundary: what the step asked of the order and of the browser.
      const adds = addRequests.slice(addsBefore);
      const opens = open.mock.calls.slice(opensBefore);
      if (lastEvent?.type === 'pricing.trigger.clicked' && state.matches('closed')) {
        // trigger_order, exactly one price and an order widget: the single price goes to the order.
        expect(adds.map((add) => [add.from, add.offer.eid, add.offer.p])).toEqual([['List', 1002, 980]]);
      } else if (lastEvent?.type === 'pricing.offer.added') {
        expect(adds).toHaveLength(1);
        expect(adds[0]?.from).toBe('Details');
      } else {
        expect(adds).toEqual([]);
      }
      if (lastEvent?.type === 'pricing.offer.booked') {
        // Spec §2 Item routes: the buy page in a new window, without an opener.
        expect(opens).toHaveLength(1);
        expect(String(opens[0]?.[0])).toMatch(/^http:\/\/[^/]+\/rescms\/item\/100\d\/buy\?rcav%5Bbegin%5D=.*&province=FL$/);
        expect(opens[0]?.slice(1)).toEqual(['_blank', 'noopener']);
      } else {
        expect(opens).toEqual([]);
      }
      // The Alternates display of the rental with no featured group shows the configured text with the search date.
      expect(region('Rental 1003 dates').getByText(`Not available for ${stayDate(SEARCH_RCAV.begin)}. Try the dates below or change your search.`)).toBeTruthy();
    },
    stop: () => {
      disconnect();
      document.cookie = 'rcstate=; max-age=0; path=/';
      document.removeEventListener(ORDER_ADD_REQUEST_EVENT, onAdd);
      open.mockRestore();
      site?.unmount();
      lastEvent = null;
    },
  };
}

const coverage = new ModelCoverage(availabilityModalMachine);

describe('pricing modals machine, walked through the price summaries, the Alternates display and the pricing modals', () => {
  afterAll(() => {
    coverage.write();
  });

  for (const setup of SETUPS) {
    describe(setup.name, () => {
      const model = createTestModel(availabilityModalMachine, {
        input: { triggerOrder: setup.triggerOrder },
        events: modalEvents,
        filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
      });
      const paths = planPaths(model, availabilityModalMachine);
      it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
        await runPath(path, coverage, modalDriver(setup));
      });
    });
  }
});
