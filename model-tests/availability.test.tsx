import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectAvailability } from '@/bindings/actors/pricing-wiring';
import { pricingKey } from '@/domain/pricing/derived';
import { AVAIL_PARAMS_KEY, AVAIL_PRICING_KEY, readStoredParams, readStoredPricing, serializeParams, serializePricing } from '@/domain/pricing/stored';
import type { AvailItem } from '@/domain/pricing/types';
import { SEARCH_START_EVENT, SEARCH_STOP_EVENT, SEARCHING_CLASS } from '@/effects/availability-page';
import { connectAvailPricingStorage } from '@/persistence/avail-pricing';
import { availabilityMachine } from '@/machines/availability-machine';
import { PricingSummary } from '@/views/pricing/pricing-summary';
import { SearchPanel } from '@/views/shell/search-panel';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { FetchBoundary, FIXTURE_ITEMS, SEARCH_RCAV, searchDayPlus, typeDateRange } from './pricing-harness';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type AvailSnapshot = SnapshotFrom<typeof availabilityMachine>;
type AvailEvent = EventFrom<typeof availabilityMachine>;
type ModelEvent = Via<AvailEvent>;

/** What the visitor typed: a week four weeks ahead, 2 adults and 1 child (the form starts at 2 adults). */
const STAY = { begin: SEARCH_RCAV.begin, end: SEARCH_RCAV.end as string, adult: 2, child: 1 };
/** Yesterday's visit left a search for one rental in storage. */
const STORED = { params: { rcav: { ...STAY, begin: searchDayPlus(4), end: searchDayPlus(11) } }, items: FIXTURE_ITEMS.slice(1, 2) as AvailItem[] };

function availabilityEvents(snapshot: AvailSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [{ type: 'availability.filters.cleared', via: 'clears the dates' }];
  // Two searches per path are enough to reach every transition (and keep the model finite).
  if (snapshot.context.requestId < 2) {
    events.push({ type: 'availability.search.requested', params: { rcav: STAY }, via: 'chooses dates and guests and checks availability' });
  }
  if (snapshot.matches('searching')) {
    const { requestId } = snapshot.context;
    events.push(
      { type: 'availability.results.received', requestId, items: FIXTURE_ITEMS, via: 'the pricing engine answers' },
      { type: 'availability.search.failed', requestId, message: 'HTTP 500', via: 'the pricing engine fails' },
    );
  } else {
    events.push({ type: 'availability.restored', params: STORED.params, items: STORED.items, via: 'a page load restores the last search' });
  }
  return events;
}

/** The state as the visitor sees it (running or not, which dates, which rentals have prices), and how many searches ran. */
function serializeAvailability(snapshot: AvailSnapshot): string {
  const { params, pricing, requestId } = snapshot.context;
  return JSON.stringify({ value: snapshot.value, requestId, begin: params?.rcav.begin ?? null, priced: Object.keys(pricing).sort() });
}

const model = createTestModel(availabilityMachine, {
  input: { reduction: 'all' },
  events: availabilityEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
  serializeState: serializeAvailability,
});
const coverage = new ModelCoverage(availabilityMachine);

/**
 * The header search panel's dates and guests, and two result cards' price summaries, with the
 * page wiring (connectAvailability: the client, the body mark and events, local storage);
 * the pricing engine is the boundary.
 */
function availabilityDriver(): PathDriver<AvailSnapshot, AvailEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof availabilityMachine> | null = null;
  const disposers: Array<() => void> = [];
  const fetch = new FetchBoundary();
  const pageEvents: string[] = [];
  const onPageEvent = (event: Event) => pageEvents.push(event.type);
  const panel = () => within(document.getElementById('search-panel') as HTMLElement);
  /** The panel closes after a search (the prices are behind it): the visitor opens it again. */
  const openPanel = () => {
    if (site?.actors.searchPanel.getSnapshot().matches('hideSearch')) act(() => site?.actors.searchPanel.send({ type: 'search.panel.toggled' }));
  };
  return {
    start: () => {
      user = userEvent.setup();
      localStorage.clear();
      fetch.install();
      document.addEventListener(SEARCH_START_EVENT, onPageEvent);
      document.addEventListener(SEARCH_STOP_EVENT, onPageEvent);
      const page = pageSettings();
      actor = createActor(availabilityMachine, { input: { reduction: page.settings.pricing.reduction }, inspect: coverage.inspect }).start();
      const actors = siteActorsWith(page, 'availability', actor);
      actors.searchPanel.send({ type: 'search.panel.toggled' });
      disposers.push(connectAvailability(actors));
      site = mountSite(
        <>
          <SearchPanel />
          <div data-pricing-results>
            {FIXTURE_ITEMS.slice(0, 2).map((item) => (
              <section key={item.eid} aria-label={`Rental ${item.eid}`}>
                <PricingSummary eid={item.eid} />
              </section>
            ))}
          </div>
        </>,
        page,
        actors,
      );
    },
    perform: async (event, before) => {
      switch (event.type) {
        case 'availability.search.requested': {
          openPanel();
          const form = panel().getByRole('form', { name: 'Dates and guests' });
          await typeDateRange(user, within(form).getByRole('group', { name: 'Arrival and departure' }), STAY.begin, STAY.end);
          const children = within(form).getByRole('textbox', { name: 'Children' });
          await user.clear(children);
          await user.type(children, '1');
          await user.click(within(form).getByRole('button', { name: 'Check availability' }));
          // The panel closes so that the prices behind it can be seen.
          expect(site?.actors.searchPanel.getSnapshot().value).toBe('hideSearch');
          // Spec §7: GET /rcapi/item/avail/search with rcav in the jQuery.param form.
          const { url } = fetch.last('/rcapi/item/avail/search');
          expect(decodeURIComponent(url)).toBe(`/rcapi/item/avail/search?rcav[begin]=${STAY.begin}&rcav[end]=${STAY.end}&rcav[adult]=2&rcav[child]=1`);
          return;
        }
        case 'availability.results.received':
          return fetch.last('/rcapi/item/avail/search').answer(200, FIXTURE_ITEMS);
        case 'availability.search.failed':
          return fetch.last('/rcapi/item/avail/search').answer(500, { message: 'The pricing engine is down' });
        case 'availability.filters.cleared':
          history.replaceState(null, '', `${location.pathname}#q=sea&rcav=${encodeURIComponent(JSON.stringify({ begin: STAY.begin, end: STAY.end, adult: 2, child: 0 }))}`);
          openPanel();
          await user.click(panel().getByRole('button', { name: 'Clear dates' }));
          // Spec §4: cleared dates leave the address too (the rest of the hash stays), so a reload brings none back.
          expect(location.hash).toBe('#q=sea');
          history.replaceState(null, '', location.pathname);
          return;
        case 'availability.restored': {
          expect(before.matches('idle')).toBe(true);
          localStorage.setItem(AVAIL_PARAMS_KEY, serializeParams(STORED.params));
          localStorage.setItem(AVAIL_PRICING_KEY, serializePricing(STORED.items));
          act(() => disposers.push(connectAvailPricingStorage(actor as Actor<typeof availabilityMachine>)));
          return;
        }
      }
    },
    expectState: (state) => {
      const real = (actor as Actor<typeof availabilityMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      const searching = state.matches('searching');
      // Spec §4: the global searching flag and the body marked as loading.
      expect(document.body.classList.contains(SEARCHING_CLASS)).toBe(searching);
      expect(document.body.getAttribute('aria-busy')).toBe(searching ? 'true' : null);
      expect(pageEvents.at(-1) ?? SEARCH_STOP_EVENT).toBe(searching ? SEARCH_START_EVENT : SEARCH_STOP_EVENT);
      const { pricing, params } = state.context;
      const summary = (eid: number) => within(screen.getByRole('region', { name: `Rental ${eid}` }));
      // The prices on screen are those of the last answer (a failure keeps them, spec §8 of issue 4).
      if (pricing[pricingKey(1001)]) {
        expect(summary(1001).getByText('$1,400 - $1,650')).toBeTruthy();
        expect(summary(1001).getByText('Save $250!')).toBeTruthy();
      } else {
        expect(summary(1001).queryByRole('button', { name: /See offers/ })).toBeNull();
      }
      if (pricing[pricingKey(1002)]) expect(summary(1002).getByText('$980')).toBeTruthy();
      else expect(summary(1002).queryByText(/\$/)).toBeNull();
      // Spec §4: the last params and the pricing are kept in local storage.
      if (!searching) {
        expect(readStoredParams(localStorage.getItem(AVAIL_PARAMS_KEY))).toEqual(params);
        const stored = readStoredPricing(localStorage.getItem(AVAIL_PRICING_KEY)) ?? [];
        expect(stored.map((item) => item.eid).sort()).toEqual(Object.values(pricing).map((item) => item.eid).sort());
      }
      // The form shows the dates of the last search.
      const start = panel().getByRole('group', { name: 'Arrival and departure', hidden: true });
      if (params && !searching) expect(start.textContent).toContain(params.rcav.begin.slice(8, 10).replace(/^0/, ''));
    },
    stop: () => {
      disposers.splice(0).forEach((dispose) => dispose());
      document.removeEventListener(SEARCH_START_EVENT, onPageEvent);
      document.removeEventListener(SEARCH_STOP_EVENT, onPageEvent);
      fetch.restore();
      site?.unmount();
      localStorage.clear();
      document.body.classList.remove(SEARCHING_CLASS);
      document.body.removeAttribute('aria-busy');
    },
  };
}

describe('availability machine, walked through the search panel and the price summaries', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, availabilityMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, availabilityDriver());
  });
});
