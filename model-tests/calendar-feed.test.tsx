import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { calendarFeedMachine } from '@/machines/calendar-feed-machine';
import { feedStatus, feedStatusText, storedState, type StoredFeedStatus } from '../server/calendar/feed-status';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';

type FeedSnapshot = SnapshotFrom<typeof calendarFeedMachine>;
type FeedEvent = EventFrom<typeof calendarFeedMachine>;

// Times relative to the test's own clock (any day): four reads a minute apart.
const t0 = Math.floor(Date.now() / 60_000) * 60_000;
const at = (minutes: number) => t0 + minutes * 60_000;

const coverage = new ModelCoverage(calendarFeedMachine);
const model = createTestModel(calendarFeedMachine, {
  events: [
    { type: 'feed.poll' },
    { type: 'feed.read', at: at(1), events: 3 },
    { type: 'feed.unchanged', at: at(2) },
    { type: 'feed.failed', at: at(3), error: 'The feed answered HTTP 500.' },
    { type: 'feed.failed', at: at(4), error: 'The feed did not answer within 15 s.' },
    { type: 'feed.removed' },
  ],
  filterEvents: (snapshot, event) => snapshot.can(event),
});

const NEW_FEED: StoredFeedStatus = { events: 0, lastSuccessAt: null, failingSince: null, lastError: null };

/**
 * The feed status as the calendar service runs it (server/calendar/feed-status.ts): restored from
 * what the row stores after each read, sent the poll and the read's outcome; the owner's page
 * shows feedStatusText of what is stored.
 */
function feedDriver(): PathDriver<FeedSnapshot, FeedEvent> {
  let stored: StoredFeedStatus = NEW_FEED;
  let current: ReturnType<typeof feedStatus> | null = null;
  return {
    start: () => {
      stored = NEW_FEED;
      current = feedStatus(stored, coverage.inspect);
    },
    perform: (event) => {
      if (!current) throw new Error('no feed');
      current.send(event);
      // Between reads only the row is kept: the next read restores the machine from it.
      if (current.state() !== 'reading') {
        stored = current.stored();
        if (current.state() !== 'removed') {
          current.stop();
          current = feedStatus(stored, coverage.inspect);
        }
      }
    },
    expectState: (state) => {
      expect(current?.state()).toBe(state.value);
      const { context } = state;
      if (state.value === 'reading' || state.value === 'removed') return;
      expect(storedState(stored)).toBe(state.value);
      expect(stored).toEqual({
        events: context.events,
        lastSuccessAt: context.lastSuccessAt === null ? null : new Date(context.lastSuccessAt),
        failingSince: context.failingSince === null ? null : new Date(context.failingSince),
        lastError: context.lastError,
      });
      const text = feedStatusText(storedState(stored), stored);
      if (state.value === 'failing') expect(text).toBe(`Failing since ${new Date(context.failingSince!).toISOString().slice(0, 16).replace('T', ' ')} UTC: ${context.lastError}`);
      else expect(text).toBe(state.value === 'good' ? 'Good' : 'Not read yet');
    },
    stop: () => {
      current?.stop();
      current = null;
    },
  };
}

describe('calendar feed status machine, run as the calendar service runs it', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, calendarFeedMachine, { everyEdge: true });
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, feedDriver());
  });

  it('keeps the time of the first failure through the failures that follow, and a good read clears it', () => {
    const feed = feedStatus(NEW_FEED);
    feed.send({ type: 'feed.poll' });
    feed.send({ type: 'feed.read', at: at(1), events: 2 });
    feed.send({ type: 'feed.poll' });
    feed.send({ type: 'feed.failed', at: at(3), error: 'first' });
    feed.send({ type: 'feed.poll' });
    feed.send({ type: 'feed.failed', at: at(4), error: 'second' });
    expect(feed.stored()).toEqual({ events: 2, lastSuccessAt: new Date(at(1)), failingSince: new Date(at(3)), lastError: 'second' });
    feed.send({ type: 'feed.poll' });
    feed.send({ type: 'feed.unchanged', at: at(5) });
    expect(feed.stored()).toEqual({ events: 2, lastSuccessAt: new Date(at(5)), failingSince: null, lastError: null });
    feed.stop();
  });
});
