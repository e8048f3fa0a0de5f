/**
 * A feed's sync status, decided by the calendar feed machine (src/machines/calendar-feed-machine.ts)
 * and stored on its calendar_feeds row: each read restores the machine from the row, sends the
 * poll and what the read gave, and the service stores the machine's context.
 */
import { createActor, type InspectionEvent } from 'xstate';
import { calendarFeedMachine, type CalendarFeedEvent } from '../../src/machines/calendar-feed-machine.ts';

export interface StoredFeedStatus {
  events: number;
  lastSuccessAt: Date | null;
  failingSince: Date | null;
  lastError: string | null;
}

export type FeedState = 'unread' | 'reading' | 'good' | 'failing' | 'removed';

/** The machine's state a stored row is in (between reads a feed is never 'reading'). */
export function storedState(stored: StoredFeedStatus): FeedState {
  return stored.failingSince ? 'failing' : stored.lastSuccessAt ? 'good' : 'unread';
}

/** The feed machine, restored from a stored row; `stored()` is what to write back after the events. */
export function feedStatus(stored: StoredFeedStatus, inspect?: (event: InspectionEvent) => void) {
  const snapshot = calendarFeedMachine.resolveState({
    value: storedState(stored),
    context: { events: stored.events, lastSuccessAt: stored.lastSuccessAt?.getTime() ?? null, failingSince: stored.failingSince?.getTime() ?? null, lastError: stored.lastError },
  });
  const actor = createActor(calendarFeedMachine, { snapshot, ...(inspect ? { inspect } : {}) }).start();
  return {
    send: (event: CalendarFeedEvent) => actor.send(event),
    state: () => actor.getSnapshot().value as FeedState,
    stored: (): StoredFeedStatus => {
      const { context } = actor.getSnapshot();
      return {
        events: context.events,
        lastSuccessAt: context.lastSuccessAt === null ? null : new Date(context.lastSuccessAt),
        failingSince: context.failingSince === null ? null : new Date(context.failingSince),
        lastError: context.lastError,
      };
    },
    stop: () => actor.stop(),
  };
}

/** A moment as the owner's pages write it: `2027-03-01 14:05 UTC`. */
export const utcMinute = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What the owner's calendars page says of a feed in a state. */
export function feedStatusText(state: FeedState, stored: StoredFeedStatus): string {
  switch (state) {
    case 'unread':
      return 'Not read yet';
    case 'reading':
      return 'Reading';
    case 'good':
      return 'Good';
    case 'failing':
      return `Failing since ${utcMinute(stored.failingSince as Date)}: ${stored.lastError ?? ''}`;
    case 'removed':
      return 'Removed';
  }
}
