/**
 * Cancelling a booking as the booking cancel machine decides it (src/machines/booking-cancel-machine.ts):
 * the confirmation page is its 'asking' state, the page's form sends 'cancel.confirmed', and what
 * cancelBooking answers ends it in 'cancelled' or 'gone' with the notice the bookings page shows.
 */
import { createActor, type InspectionEvent } from 'xstate';
import { bookingCancelMachine, type BookingCancelEvent, type CancelNotice } from '../../src/machines/booking-cancel-machine.ts';

export type CancelState = 'confirmed' | 'asking' | 'cancelling' | 'cancelled' | 'gone';

/** The machine, restored in `state` (a request of the two-step flow starts where the page left it). */
export function cancelFlow(state: 'confirmed' | 'asking', inspect?: (event: InspectionEvent) => void) {
  const snapshot = bookingCancelMachine.resolveState({ value: state, context: { notice: null } });
  const actor = createActor(bookingCancelMachine, { snapshot, ...(inspect ? { inspect } : {}) }).start();
  return {
    send: (event: BookingCancelEvent) => actor.send(event),
    state: () => actor.getSnapshot().value as CancelState,
    notice: (): CancelNotice | null => actor.getSnapshot().context.notice,
    stop: () => actor.stop(),
  };
}

/** The confirmation page's request: a confirmed booking is asked about; anything else is gone (with why). */
export function askToCancel(status: 'confirmed' | 'cancelled' | null, inspect?: (event: InspectionEvent) => void): { state: CancelState; notice: CancelNotice | null } {
  const flow = cancelFlow('confirmed', inspect);
  flow.send(status === 'confirmed' ? { type: 'cancel.asked' } : { type: 'cancel.gone', why: status === null ? 'unknown' : 'already' });
  const result = { state: flow.state(), notice: flow.notice() };
  flow.stop();
  return result;
}

/** The confirmation form's request: confirmed, then what `cancel` answered. */
export async function confirmCancel(cancel: () => Promise<{ status: CancelNotice }>, inspect?: (event: InspectionEvent) => void): Promise<CancelNotice> {
  const flow = cancelFlow('asking', inspect);
  flow.send({ type: 'cancel.confirmed' });
  const { status } = await cancel();
  flow.send(status === 'cancelled' ? { type: 'cancel.done' } : { type: 'cancel.gone', why: status });
  const notice = flow.notice() ?? 'unknown';
  flow.stop();
  return notice;
}
