import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectOrderContent } from '@/bindings/actors/order-content-wiring';
import { browserOrderEffects, connectOrder, type OrderEffects } from '@/app/order-wiring';
import type { ActivitySummary } from '@/domain/content';
import { addLineItem, emptyOrder, type LineItem, type Order } from '@/domain/order/order';
import type { Price } from '@/domain/pricing/types';
import { activityOfferMachine, type ActivityStay } from '@/machines/activity-offer-machine';
import { orderContentMachine } from '@/machines/order-content-machine';
import { ORDER_STORAGE_KEY } from '@/persistence/order-storage';
import { SettledOrderDetail } from '@/views/order/order-detail';
import { ModelCoverage, planPaths, runPath, walkStory, type PathDriver, type Via } from './coverage';
import { FetchBoundary, FIXTURE_ITEMS, fixturePrice, SEARCH_RCAV } from './pricing-harness';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type OfferSnapshot = SnapshotFrom<typeof activityOfferMachine>;
type OfferEvent = EventFrom<typeof activityOfferMachine>;
type ModelEvent = Via<OfferEvent>;

const ORDER: Order = addLineItem(emptyOrder(), fixturePrice({ eid: 1001, p: 1400, n: 'Sea Glass Cottage' }) as LineItem).order;
const STAY: ActivityStay = { begin: SEARCH_RCAV.begin, adult: Number(SEARCH_RCAV.adult), child: Number(SEARCH_RCAV.child ?? 0) };
const photo = { src: '/media/units/1/1.svg', caption: '', width: 800, height: 600 };
const KAYAK: ActivitySummary = { eid: 3001, slug: 'kayak-tour', name: 'Kayak tour', area: 'Coral Haven', pricePerPerson: 4500, durationHours: 3, photo, summary: 'Three hours on the bay.' };
const PRICE = { ...fixturePrice({ eid: 3001, p: 135, n: 'Kayak tour' }) } as Price;

const events: ModelEvent[] = [
  { type: 'activity.toggled', stay: STAY, via: 'opens + Kayak tour' },
  { type: 'activity.toggled', stay: STAY, via: 'closes + Kayak tour' },
  { type: 'activity.priced', price: PRICE, via: 'the availability search prices it' },
  { type: 'activity.unavailable', via: 'the availability search has no price' },
  { type: 'activity.failed', message: 'HTTP 500', via: 'the availability search fails' },
  { type: 'activity.retried', via: 'Try again' },
];

const model = createTestModel(activityOfferMachine, {
  events,
  filterEvents: (snapshot, event) => {
    if (!snapshot.can(event)) return false;
    const via = (event as Partial<ModelEvent>).via;
    if (via === 'opens + Kayak tour') return snapshot.matches('closed');
    if (via === 'closes + Kayak tour') return snapshot.matches('open');
    return true;
  },
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  input: { eid: KAYAK.eid },
});
const coverage = new ModelCoverage(activityOfferMachine);

/** /mytrip's order detail with one stay and one activity; the availability search is the boundary. */
function offerDriver(): PathDriver<OfferSnapshot, OfferEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let content: Actor<typeof orderContentMachine> | null = null;
  let disconnect = () => {};
  let searches = 0;
  const fetch = new FetchBoundary();
  const offer = () => content?.getSnapshot().context.offers[KAYAK.eid];
  const toggle = () => screen.getByRole('button', { name: '+ Kayak tour' });
  const panel = () => document.getElementById('order-activity-3001') as HTMLElement;
  const search = () => fetch.last('/rcapi/item/avail/search');
  return {
    start: async () => {
      user = userEvent.setup();
      searches = 0;
      fetch.install();
      localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify(ORDER));
      const page = pageSettings();
      content = createActor(orderContentMachine, { inspect: coverage.inspect }).start();
      const actors = siteActorsWith(page, 'orderContent', content);
      const effects: OrderEffects = { ...browserOrderEffects, storage: () => localStorage };
      const disconnectOrder = connectOrder(actors, page, effects);
      const disconnectContent = connectOrderContent(content);
      disconnect = () => {
        disconnectContent();
        disconnectOrder();
      };
      site = mountSite(<SettledOrderDetail />, page, actors);
      await waitFor(() => expect(content?.getSnapshot().context.wanted).toEqual([1001]));
      await fetch.last('/api/content/item?eid=1001').answer(200, null);
      await fetch.last('/api/content/activities').answer(200, [KAYAK]);
      expect(offer()).toBeDefined();
    },
    perform: async (event) => {
      switch (event.type) {
        case 'activity.toggled':
          await user.click(toggle());
          return;
        case 'activity.priced':
          return search().answer(200, [{ ...FIXTURE_ITEMS[0], eid: KAYAK.eid, prices: [event.price] }]);
        case 'activity.unavailable':
          return search().answer(200, []);
        case 'activity.failed':
          return search().answer(500, { message: 'The pricing engine is down' });
        case 'activity.retried':
          return user.click(within(panel()).getByRole('button', { name: 'Try again' }));
      }
    },
    expectState: (state) => {
      expect(offer()?.getSnapshot().value).toEqual(state.value);
      const asked = fetch.requests.filter((request) => request.url.startsWith('/rcapi/item/avail/search')).length;
      if (state.matches({ open: 'loading' }) && asked > searches) {
        // Each opening and each Try again searches for the stay's first day and guests, this activity only.
        searches = asked;
        expect(decodeURIComponent(search().url)).toContain(`rcav[begin]=${STAY.begin}&rcav[adult]=${STAY.adult}&rcav[child]=${STAY.child}&rcav[IDs][]=3001`);
      }
      expect(toggle().getAttribute('aria-expanded')).toBe(String(state.matches('open')));
      expect(panel().hidden).toBe(!state.matches('open'));
      const shown = within(panel());
      expect(shown.queryByText('Checking the price…') !== null).toBe(state.matches({ open: 'loading' }));
      expect(shown.queryByText('Not available on these dates.') !== null).toBe(state.matches({ open: 'unavailable' }));
      expect(shown.queryByRole('button', { name: 'Add Kayak tour to Trips Collection', hidden: true }) !== null).toBe(state.matches({ open: 'priced' }));
      const problem = shown.queryByRole('alert', { hidden: true });
      if (state.matches({ open: 'failed' })) expect(problem?.textContent).toContain('The price could not be checked.');
      else expect(problem).toBeNull();
    },
    stop: () => {
      disconnect();
      site?.unmount();
      site = null;
      fetch.restore();
      localStorage.clear();
    },
  };
}

describe('activity offer machine, walked through the order detail’s activity pane', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, activityOfferMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, offerDriver());
    });
  }

  it('a failed price check, tried again, shows the price and Add', async () => {
    await walkStory(
      activityOfferMachine,
      { input: { eid: KAYAK.eid }, events, vias: ['opens + Kayak tour', 'the availability search fails', 'Try again', 'the availability search prices it'] },
      offerDriver(),
      (snapshot) => expect(snapshot.value).toEqual({ open: 'priced' }),
    );
  });
});
