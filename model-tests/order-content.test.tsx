import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectOrderContent } from '@/bindings/actors/order-content-wiring';
import { browserOrderEffects, connectOrder, type OrderEffects } from '@/app/order-wiring';
import type { ActivitySummary, ItemPage } from '@/domain/content';
import { addLineItem, emptyOrder, type LineItem, type Order } from '@/domain/order/order';
import { orderContentMachine } from '@/machines/order-content-machine';
import { ORDER_STORAGE_KEY } from '@/persistence/order-storage';
import { SettledOrderDetail } from '@/views/order/order-detail';
import { ModelCoverage, planPaths, runPath, walkStory, type PathDriver, type Via } from './coverage';
import { FetchBoundary, fixturePrice } from './pricing-harness';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type ContentSnapshot = SnapshotFrom<typeof orderContentMachine>;
type ContentEvent = EventFrom<typeof orderContentMachine>;
type ModelEvent = Via<ContentEvent>;

/** The visitor's Trips Collection: two stays (their names come with the line items). */
const ORDER: Order = [fixturePrice({ eid: 1001, p: 1400, n: 'Sea Glass Cottage' }), fixturePrice({ eid: 1002, p: 980, n: 'Dune House' })].reduce<Order>(
  (order, price) => addLineItem(order, price as LineItem).order,
  emptyOrder(),
);
const photo = { src: '/media/units/1/1.svg', caption: '', width: 800, height: 600 };
const PAGES: Record<number, ItemPage> = {
  1001: { eid: 1001, kind: 'unit', name: 'Sea Glass Cottage', slug: 'sea-glass-cottage', url: '/listing/sea-glass-cottage', photo, summary: 'A cottage by the dunes.' },
  1002: { eid: 1002, kind: 'unit', name: 'Dune House', slug: 'dune-house', url: '/listing/dune-house', photo, summary: 'A house on the dunes.' },
};
const ACTIVITIES: ActivitySummary[] = [
  { eid: 3001, slug: 'kayak-tour', name: 'Kayak tour', area: 'Coral Haven', pricePerPerson: 4500, durationHours: 3, photo, summary: 'Three hours on the bay.' },
];

const events: ModelEvent[] = [
  { type: 'content.wanted', eids: [1001, 1002], via: 'opens the Trips Collection' },
  { type: 'content.wanted', eids: [1001], via: 'removes Dune House' },
  { type: 'content.item.loaded', eid: 1001, page: PAGES[1001]!, via: 'the first stay’s page answers' },
  { type: 'content.item.failed', eid: 1001, message: 'HTTP 500', via: 'the first stay’s page fails' },
  { type: 'content.item.loaded', eid: 1002, page: PAGES[1002]!, via: 'the second stay’s page answers' },
  { type: 'content.activities.loaded', activities: ACTIVITIES, via: 'the activities answer' },
  { type: 'content.activities.failed', message: 'HTTP 503', via: 'the activities fail' },
  { type: 'content.retried', via: 'Try again' },
];

const model = createTestModel(orderContentMachine, {
  events,
  filterEvents: (snapshot, event) => {
    if (!snapshot.can(event)) return false;
    const { context } = snapshot;
    switch (event.type) {
      case 'content.wanted':
        // The detail opens once; a stay can be removed while it shows two.
        return event.eids.length === 2 ? snapshot.matches('idle') : context.wanted.includes(1002);
      case 'content.item.loaded':
      case 'content.item.failed':
        return context.asking.includes(event.eid);
      case 'content.activities.loaded':
      case 'content.activities.failed':
        return context.activitiesAsking;
      case 'content.retried':
        return true;
    }
  },
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify([snapshot.value, context.wanted, context.asking, context.failed, Object.keys(context.pages), context.activitiesAsking, context.activitiesFailed, context.activities !== null]);
  },
});
const coverage = new ModelCoverage(orderContentMachine);

const itemPath = (eid: number) => `/api/content/item?eid=${eid}`;

/** /mytrip's order detail with the visitor's Trips Collection; the content API is the boundary. */
function contentDriver(): PathDriver<ContentSnapshot, ContentEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof orderContentMachine> | null = null;
  let disconnect = () => {};
  const fetch = new FetchBoundary();
  return {
    start: () => {
      user = userEvent.setup();
      fetch.install();
      localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify(ORDER));
      actor = createActor(orderContentMachine, { inspect: coverage.inspect }).start();
      disconnect = connectOrderContent(actor);
    },
    perform: async (event) => {
      const via = (event as Partial<ModelEvent>).via;
      switch (event.type) {
        case 'content.wanted': {
          if (via === 'removes Dune House') {
            await user.click(screen.getByRole('button', { name: 'Remove Dune House' }));
            await waitFor(() => expect(actor?.getSnapshot().context.wanted).toEqual([1001]));
            expect(screen.queryByRole('heading', { name: 'Dune House' })).toBeNull();
            return;
          }
          const page = pageSettings();
          const actors = siteActorsWith(page, 'orderContent', actor as Actor<typeof orderContentMachine>);
          const effects: OrderEffects = { ...browserOrderEffects, storage: () => localStorage };
          const disconnectOrder = connectOrder(actors, page, effects);
          const disconnectContent = disconnect;
          disconnect = () => {
            disconnectContent();
            disconnectOrder();
          };
          site = mountSite(<SettledOrderDetail />, page, actors);
          // The detail asks for the stays' pages once the Trips Collection is read (after hydration).
          await waitFor(() => expect(actor?.getSnapshot().context.wanted).toEqual([1001, 1002]));
          return;
        }
        case 'content.item.loaded':
          return fetch.last(itemPath(event.eid)).answer(200, event.page);
        case 'content.item.failed':
          return fetch.last(itemPath(event.eid)).answer(500, { message: 'The content database is down' });
        case 'content.activities.loaded':
          return fetch.last('/api/content/activities').answer(200, event.activities);
        case 'content.activities.failed':
          return fetch.last('/api/content/activities').answer(503, { message: 'Busy' });
        case 'content.retried':
          return user.click(screen.getByRole('button', { name: 'Try again' }));
      }
    },
    expectState: (state) => {
      const real = (actor as Actor<typeof orderContentMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      if (state.matches('idle')) return;
      const { context } = state;
      // Shown whole once everything asked has answered (spec §2; issue 5: nothing grows in view).
      const settling = document.querySelector('.order-detail__settling') as HTMLElement;
      expect(settling.hasAttribute('data-settled')).toBe(state.matches('settled') || state.matches('failed'));
      const alert = screen.queryByRole('alert');
      if (state.matches('failed')) {
        expect(alert?.textContent).toContain('Some details of your stays could not be loaded.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      } else {
        expect(alert).toBeNull();
      }
      // A stay whose page is known links to it; one that failed or is loading shows its name only.
      for (const eid of context.wanted) {
        const name = PAGES[eid]!.name;
        const link = screen.queryByRole('link', { name });
        if (context.pages[eid]) expect(link?.getAttribute('href')).toMatch(new RegExp(`^${PAGES[eid]!.url}#rcav=`));
        else expect(link).toBeNull();
      }
      expect(screen.queryByRole('button', { name: '+ Kayak tour' }) !== null).toBe(context.activities !== null);
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

describe('order content machine, walked through the order detail', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, orderContentMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, contentDriver());
    });
  }

  it('a stay’s page that failed to load is asked again by Try again, and its link then shows', async () => {
    const vias = [
      'opens the Trips Collection',
      'the first stay’s page fails',
      'the second stay’s page answers',
      'the activities answer',
      'Try again',
      'the first stay’s page answers',
    ];
    await walkStory(orderContentMachine, { events, vias }, contentDriver(), (snapshot) => {
      expect(snapshot.value).toBe('settled');
      expect(screen.getByRole('link', { name: 'Sea Glass Cottage' })).toBeTruthy();
    });
  });
});
