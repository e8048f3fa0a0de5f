import { assign, setup } from 'xstate';

export type CancelNotice = 'cancelled' | 'already' | 'unknown';

export type BookingCancelEvent =
  /** The owner chose Cancel… on a booking: the confirmation page says what cancelling does. */
  | { type: 'cancel.asked' }
  /** Keep it: back to the list, nothing changed. */
  | { type: 'cancel.kept' }
  /** Cancel the booking, on the confirmation page. */
  | { type: 'cancel.confirmed' }
  /** The cancellation committed: nights freed, the guest emailed, the record kept. */
  | { type: 'cancel.done' }
  /** There was nothing to cancel: cancelled already (another tab, another owner) or no such booking. */
  | { type: 'cancel.gone'; why: 'already' | 'unknown' };

export interface BookingCancelContext {
  /** What the bookings page says afterwards. */
  notice: CancelNotice | null;
}

/**
 * Cancelling a booking on the owner's bookings page (issue 26; server/admin/cancel-flow.ts runs it
 * for the confirmation page and its form): Cancel… asks first (the page says what cancelling does);
 * Keep it changes nothing; Cancel the booking cancels it once — a second try, or a booking that
 * is not there, ends in 'gone' with the notice saying so.
 */
export const bookingCancelMachine = setup({
  types: {
    context: {} as BookingCancelContext,
    events: {} as BookingCancelEvent,
  },
  actions: {
    noteDone: assign({ notice: 'cancelled' as const }),
    noteGone: assign(({ event }) => ({ notice: event.type === 'cancel.gone' ? event.why : null })),
  },
}).createMachine({
  id: 'bookingCancel',
  context: { notice: null },
  initial: 'confirmed',
  states: {
    confirmed: { on: { 'cancel.asked': 'asking', 'cancel.gone': { target: 'gone', actions: 'noteGone' } } },
    asking: { on: { 'cancel.kept': 'confirmed', 'cancel.confirmed': 'cancelling' } },
    cancelling: {
      on: {
        'cancel.done': { target: 'cancelled', actions: 'noteDone' },
        'cancel.gone': { target: 'gone', actions: 'noteGone' },
      },
    },
    cancelled: { type: 'final' },
    gone: { type: 'final' },
  },
});
