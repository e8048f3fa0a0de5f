import { describe, expect, it } from 'vitest';
import { flagMachine } from '@/machines/flag-machine';
import { headerMachine } from '@/machines/header-machine';
import { machineRegistry } from '@/machines/registry';
import { eventLabel, extractMachineChart, stateName, transitionId, transitionLabelLines } from './machine-chart';
import { bookingTestMachine, idleTestMachine } from './test-machines';

describe('extractMachineChart', () => {
  it('reads the flag machine: its transient start, both toggles and the guarded syncs', () => {
    const chart = extractMachineChart(flagMachine);
    expect(chart.states.map((s) => [s.key, s.initial, s.transient])).toEqual([
      ['starting', true, true],
      ['unflagged', false, false],
      ['flagged', false, false],
    ]);
    expect(chart.transitions.map((t) => [stateName(chart, t.sourceId), transitionLabelLines(t).join(' '), t.targets.map((x) => stateName(chart, x.id))])).toEqual([
      ['starting', 'always [startsFlagged]', ['flagged']],
      ['starting', 'always', ['unflagged']],
      ['unflagged', 'flag.clicked / notifyFavourites', ['flagged']],
      ['unflagged', 'flag.synced [isSyncedFlagged]', ['flagged']],
      ['flagged', 'flag.clicked / notifyFavourites', ['unflagged']],
      ['flagged', 'flag.synced [isSyncedUnflagged]', ['unflagged']],
    ]);
  });

  it('gives each guarded alternative its own id, the one transitionId gives the definition', () => {
    const [first, second] = headerMachine.root.states.normal?.transitions.get('header.scrolled') ?? [];
    expect(first && transitionId(first)).toBe('header.normal|header.scrolled|0');
    expect(second).toBeUndefined();
    const always = flagMachine.root.states.starting?.always ?? [];
    expect(always.map(transitionId)).toEqual(['flag.starting|always|0', 'flag.starting|always|1']);
    const ids = extractMachineChart(flagMachine).transitions.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reads nested, parallel and final states, root transitions and how each target relates to its source', () => {
    const chart = extractMachineChart(bookingTestMachine);
    const byId = (id: string) => chart.states.find((s) => s.id === id);
    expect(chart.states).toHaveLength(11);
    expect(byId('booking.paying')?.type).toBe('parallel');
    expect(byId('booking.paying.card.authorised')?.type).toBe('final');
    expect(byId('booking.form')?.entry).toEqual(['track']);
    expect(byId('booking.paying')?.exit).toEqual(['track']);
    expect(byId('booking.failed')?.transient).toBe(true);
    const transition = (id: string) => chart.transitions.find((t) => t.id === id);
    expect(transition('booking|booking.reset|0')?.targets).toEqual([{ id: 'booking.form', relation: 'descendant' }]);
    expect(transition('booking|booking.log|0')?.targets).toEqual([]);
    expect(transition('booking.form.editing|form.changed|0')?.targets).toEqual([{ id: 'booking.form.editing', relation: 'self' }]);
    expect(transition('booking.form|form.submitted|0')?.guard).toBe('isValid && isOnline');
    expect(transition('booking.paying|payment.failed|0')?.guard).toBe('!isRetryable');
    expect(transition('booking.failed|always|0')?.guard).toBe('isRetryable || isOnline');
    expect(transition('booking.failed|always|1')?.actions).toEqual(['assign']);
    expect(transition('booking.paying.receipt.waiting|receipt.sent|0')?.actions).toEqual(['emit']);
    expect(eventLabel(transition('booking.paying|xstate.done.state.booking.paying|0')?.event ?? '')).toBe('onDone');
  });

  it('reads a machine with one state and no transitions', () => {
    const chart = extractMachineChart(idleTestMachine);
    expect(chart.states.map((s) => s.id)).toEqual(['idle.only']);
    expect(chart.transitions).toEqual([]);
  });

  it.each(machineRegistry.map((entry) => [entry.title, entry.machine] as const))('lists every transition of %s exactly once', (_title, machine) => {
    const chart = extractMachineChart(machine);
    // Counted another way: the definition's serialisable form has the `on` transitions, the config has `always`.
    const definitionCount = (node: { transitions: unknown[]; states: Record<string, never> }): number =>
      node.transitions.length + Object.values(node.states).reduce((sum, child) => sum + definitionCount(child), 0);
    const alwaysCount = (config: { always?: unknown; states?: Record<string, never> }): number =>
      (config.always ? [config.always].flat().length : 0) + Object.values(config.states ?? {}).reduce((sum, child) => sum + alwaysCount(child), 0);
    expect(chart.transitions).toHaveLength(definitionCount(machine.definition as never) + alwaysCount(machine.config as never));
  });
});
