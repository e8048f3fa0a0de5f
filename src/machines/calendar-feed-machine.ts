import { assign, setup } from 'xstate';

export type CalendarFeedEvent =
  /** The poller (or the owner's Sync now) starts a read of the feed. */
  | { type: 'feed.poll' }
  /** The feed answered with calendar data that was read: its stays replace the last good ones. */
  | { type: 'feed.read'; at: number; events: number }
  /** The feed answered 304: nothing changed since the last good read. */
  | { type: 'feed.unchanged'; at: number }
  /** The read failed or the feed was refused (unreachable, too large, hostile): the message says why. */
  | { type: 'feed.failed'; at: number; error: string }
  /** The owner removed the feed. */
  | { type: 'feed.removed' };

export interface CalendarFeedContext {
  /** Stays of the last good read (they keep blocking nights while the feed fails). */
  events: number;
  /** When the feed last answered well (ms since the epoch), or null. */
  lastSuccessAt: number | null;
  /** Since when the feed fails: the first failure after a good read (or since it was added). */
  failingSince: number | null;
  lastError: string | null;
}

/**
 * The sync status of one imported channel feed (issue 26; server/calendar/feed-status.ts runs it
 * for every read and stores its context, the owner's calendars page shows it): a new feed is
 * unread; each poll reads it; a good answer or a 304 makes it good (and clears the error); a
 * failure keeps the last good stays and says since when it fails — the time of the first failure,
 * kept through the failures that follow. A removed feed is gone.
 */
export const calendarFeedMachine = setup({
  types: {
    context: {} as CalendarFeedContext,
    events: {} as CalendarFeedEvent,
  },
  actions: {
    readWell: assign(({ context, event }) => ({
      events: event.type === 'feed.read' ? event.events : context.events,
      lastSuccessAt: event.type === 'feed.read' || event.type === 'feed.unchanged' ? event.at : context.lastSuccessAt,
      failingSince: null,
      lastError: null,
    })),
    fail: assign(({ context, event }) => ({
      failingSince: context.failingSince ?? (event.type === 'feed.failed' ? event.at : null),
      lastError: event.type === 'feed.failed' ? event.error : context.lastError,
    })),
  },
}).createMachine({
  id: 'calendarFeed',
  context: { events: 0, lastSuccessAt: null, failingSince: null, lastError: null },
  initial: 'unread',
  states: {
    unread: { on: { 'feed.poll': 'reading', 'feed.removed': 'removed' } },
    reading: {
      on: {
        'feed.read': { target: 'good', actions: 'readWell' },
        'feed.unchanged': { target: 'good', actions: 'readWell' },
        'feed.failed': { target: 'failing', actions: 'fail' },
      },
    },
    good: { on: { 'feed.poll': 'reading', 'feed.removed': 'removed' } },
    failing: { on: { 'feed.poll': 'reading', 'feed.removed': 'removed' } },
    removed: { type: 'final' },
  },
});
