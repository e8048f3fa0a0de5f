import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectBookedRanges } from '@/bindings/actors/booked-ranges-actors';
import { addDays, stayDayAt } from '@/domain/pricing/dates';
import { bookedRangesMachine } from '@/machines/booked-ranges-machine';
import { ListingBooking } from '@/views/pricing/listing-booking';
import { ModelCoverage, planPaths, runPath, walkStory, type PathDriver, type Via } from './coverage';
import { FetchBoundary } from './pricing-harness';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type BookedSnapshot = SnapshotFrom<typeof bookedRangesMachine>;
type BookedEvent = EventFrom<typeof bookedRangesMachine>;
type ModelEvent = Via<BookedEvent>;

const EID = 1001;
/** Booked from today (the stay calendar's day) for six weeks: the month the calendar opens on has booked nights. */
const TODAY = stayDayAt(Date.now());
const BOOKED = [{ begin: TODAY, end: addDays(TODAY, 42) as string }];

const events: ModelEvent[] = [
  { type: 'calendar.wanted', eid: EID, via: 'opens the listing page' },
  { type: 'calendar.loaded', eid: EID, ranges: BOOKED, via: 'the calendar answers' },
  { type: 'calendar.failed', eid: EID, message: 'HTTP 500', via: 'the calendar call fails' },
  { type: 'calendar.retried', via: 'Try again' },
];

const model = createTestModel(bookedRangesMachine, {
  events,
  filterEvents: (snapshot, event) => snapshot.can(event),
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
});
const coverage = new ModelCoverage(bookedRangesMachine);

/** The listing page's booking box with the page wiring; GET /rcapi/item/{eid}/calendar is the boundary. */
function bookedDriver(): PathDriver<BookedSnapshot, BookedEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof bookedRangesMachine> | null = null;
  let disconnect = () => {};
  const fetch = new FetchBoundary();
  const calendar = () => fetch.last(`/rcapi/item/${EID}/calendar`);
  const problem = () => screen.queryByRole('alert');
  let expectedCalls = 0;
  return {
    start: () => {
      user = userEvent.setup();
      expectedCalls = 0;
      fetch.install();
      actor = createActor(bookedRangesMachine, { inspect: coverage.inspect }).start();
      disconnect = connectBookedRanges(actor);
    },
    perform: async (event) => {
      switch (event.type) {
        case 'calendar.wanted': {
          expectedCalls += 1;
          const page = pageSettings();
          site = mountSite(<ListingBooking eid={EID} />, page, siteActorsWith(page, 'bookedRanges', actor as Actor<typeof bookedRangesMachine>));
          return;
        }
        case 'calendar.loaded':
          return calendar().answer(200, { eid: EID, booked: BOOKED });
        case 'calendar.failed':
          return calendar().answer(500, { message: 'The database is down' });
        case 'calendar.retried':
          expectedCalls += 1;
          return user.click(screen.getByRole('button', { name: 'Try again' }));
      }
    },
    expectState: async (state) => {
      expect(actor?.getSnapshot().value).toEqual(state.value);
      const asked = fetch.requests.filter((request) => request.url.startsWith(`/rcapi/item/${EID}/calendar`)).length;
      // One call per visit to the page, and one more per 'Try again'.
      expect(asked).toBe(expectedCalls);
      if (state.matches('failed')) {
        expect(problem()?.textContent).toContain('The booked dates could not be loaded');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      } else {
        expect(problem()).toBeNull();
      }
      if (state.matches('loaded') || state.matches('failed')) {
        // Booked nights are disabled in the calendar once known; while unknown, none is.
        await user.click(screen.getByRole('button', { name: /^Open calendar/ }));
        await screen.findByRole('grid');
        const unavailable = document.querySelectorAll('.range-calendar__cell[data-unavailable]');
        expect(unavailable.length > 0).toBe(state.matches('loaded'));
        await user.keyboard('{Escape}');
      }
    },
    stop: () => {
      disconnect();
      site?.unmount();
      site = null;
      fetch.restore();
    },
  };
}

describe('booked ranges machine, walked through the listing page’s booking box', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, bookedRangesMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, bookedDriver());
    });
  }

  it('a failed calendar call, tried again, disables the booked nights (the failure is not kept)', async () => {
    await walkStory(
      bookedRangesMachine,
      { events, vias: ['opens the listing page', 'the calendar call fails', 'Try again', 'the calendar answers'] },
      bookedDriver(),
      (snapshot) => expect(snapshot.value).toBe('loaded'),
    );
  });
});
