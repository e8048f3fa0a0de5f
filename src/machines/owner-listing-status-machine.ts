import { assign, emit, setup } from 'xstate';
import type { ListingStatus } from '@/domain/owner/listing-content';

export interface OwnerStatusInput {
  eid: number;
}

/** What the owner asked for: a new status, or the draft thrown away. */
export type StatusChange = { kind: 'status'; status: ListingStatus } | { kind: 'discard' };

export interface OwnerStatusContext {
  eid: number;
  change: StatusChange | null;
  /** Why the last change was refused or failed (an alert). */
  message: string;
  /** What the last change did (a status line). */
  notice: string;
}

export type OwnerStatusEvent =
  | { type: 'status.requested'; status: ListingStatus }
  | { type: 'discard.requested' }
  | { type: 'change.cancelled' }
  /** Confirmed, with the published version and the draft revision the editor shows now. */
  | { type: 'change.confirmed'; version: number; revision: number }
  | { type: 'status.changed'; status: ListingStatus }
  | { type: 'draft.discarded' }
  | { type: 'change.refused'; message: string }
  | { type: 'change.failed'; message: string };

export type OwnerStatusEmitted =
  | { type: 'status.sent'; eid: number; status: ListingStatus; version: number }
  | { type: 'discard.sent'; eid: number; revision: number };

export const STATUS_NOTICES: Record<ListingStatus, string> = {
  published: 'Live again: guests find it in search and can book it.',
  unpublished: 'Unpublished: guests no longer find it, and its page answers “not found”. Its bookings stand.',
  archived: 'Archived: it is kept with its bookings and history, hidden from guests.',
};
export const DISCARDED_NOTICE = 'Draft discarded: the editor shows the published version.';

/**
 * A listing's status and its draft, beside the editor: unpublish, archive, make live again, or
 * throw the draft away, each asked first in a dialog; the server's refusal (an archive with stays
 * ahead, someone else's save) or failure is said and changes nothing.
 */
export const ownerListingStatusMachine = setup({
  types: { input: {} as OwnerStatusInput, context: {} as OwnerStatusContext, events: {} as OwnerStatusEvent, emitted: {} as OwnerStatusEmitted },
  actions: {
    ask: assign(({ event }) => ({
      change: event.type === 'status.requested' ? ({ kind: 'status', status: event.status } as const) : ({ kind: 'discard' } as const),
      message: '',
      notice: '',
    })),
    forget: assign({ change: null }),
    send: emit(({ context, event }) => {
      const { version, revision } = event.type === 'change.confirmed' ? event : { version: 0, revision: 0 };
      return context.change?.kind === 'status'
        ? { type: 'status.sent' as const, eid: context.eid, status: context.change.status, version }
        : { type: 'discard.sent' as const, eid: context.eid, revision };
    }),
    noteStatus: assign(({ event }) => (event.type === 'status.changed' ? { change: null, notice: STATUS_NOTICES[event.status] } : {})),
    noteDiscard: assign({ change: null, notice: DISCARDED_NOTICE }),
    fail: assign(({ event }) => (event.type === 'change.refused' || event.type === 'change.failed' ? { change: null, message: event.message } : {})),
  },
}).createMachine({
  id: 'ownerListingStatus',
  context: ({ input }) => ({ eid: input.eid, change: null, message: '', notice: '' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'status.requested': { target: 'confirming', actions: 'ask' },
        'discard.requested': { target: 'confirming', actions: 'ask' },
      },
    },
    confirming: {
      on: {
        'change.confirmed': { target: 'sending', actions: 'send' },
        'change.cancelled': { target: 'idle', actions: 'forget' },
      },
    },
    sending: {
      tags: ['pending'],
      on: {
        'status.changed': { target: 'idle', actions: 'noteStatus' },
        'draft.discarded': { target: 'idle', actions: 'noteDiscard' },
        'change.refused': { target: 'idle', actions: 'fail' },
        'change.failed': { target: 'idle', actions: 'fail' },
      },
    },
  },
});
