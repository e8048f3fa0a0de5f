import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { bookingCancelMachine } from '@/machines/booking-cancel-machine';
import { askToCancel, cancelFlow, confirmCancel } from '../server/admin/cancel-flow';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';

type CancelSnapshot = SnapshotFrom<typeof bookingCancelMachine>;
type CancelEvent = EventFrom<typeof bookingCancelMachine>;

const coverage = new ModelCoverage(bookingCancelMachine);
const model = createTestModel(bookingCancelMachine, {
  events: [
    { type: 'cancel.asked' },
    { type: 'cancel.kept' },
    { type: 'cancel.confirmed' },
    { type: 'cancel.done' },
    { type: 'cancel.gone', why: 'already' },
    { type: 'cancel.gone', why: 'unknown' },
  ],
  filterEvents: (snapshot, event) => snapshot.can(event),
});

/**
 * The cancel flow as the owner's routes run it (server/admin/cancel-flow.ts): the machine is
 * started where the request's page leaves it and sent what the owner and the database did.
 */
function cancelDriver(): PathDriver<CancelSnapshot, CancelEvent> {
  let flow: ReturnType<typeof cancelFlow> | null = null;
  return {
    start: () => {
      flow = cancelFlow('confirmed', coverage.inspect);
    },
    perform: (event) => {
      flow?.send(event);
    },
    expectState: (state) => {
      expect(flow?.state()).toBe(state.value);
      expect(flow?.notice()).toBe(state.context.notice);
    },
    stop: () => {
      flow?.stop();
      flow = null;
    },
  };
}

describe("owner's booking cancel machine, run as the owner's routes run it", () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, bookingCancelMachine, { everyEdge: true });
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, cancelDriver());
  });

  it('the confirmation page asks about a confirmed booking only, and its form gives the notice of what the database did', async () => {
    expect(askToCancel('confirmed')).toEqual({ state: 'asking', notice: null });
    expect(askToCancel('cancelled')).toEqual({ state: 'gone', notice: 'already' });
    expect(askToCancel(null)).toEqual({ state: 'gone', notice: 'unknown' });
    let calls = 0;
    expect(await confirmCancel(async () => ({ status: 'cancelled' as const, calls: ++calls }))).toBe('cancelled');
    expect(await confirmCancel(async () => ({ status: 'already' as const }))).toBe('already');
    expect(calls).toBe(1);
  });
});
