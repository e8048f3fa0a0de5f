import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { flagMachine } from '@/machines/flag-machine';
import { headerMachine } from '@/machines/header-machine';
import { machineRegistry } from '@/machines/registry';
import { statusMessagesMachine } from '@/machines/status-messages-machine';
import { layoutChart, type ChartLayout } from './chart-layout';
import { extractMachineChart } from './machine-chart';
import { bookingTestMachine, idleTestMachine } from './test-machines';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

function draw(machine: AnyStateMachine) {
  const chart = extractMachineChart(machine);
  return { chart, layout: layoutChart(chart) };
}

const machines: Array<[string, AnyStateMachine]> = [
  ...machineRegistry.map((entry) => [entry.title, entry.machine] as [string, AnyStateMachine]),
  ['a test machine with nested and parallel states', bookingTestMachine],
  ['a test machine with one state', idleTestMachine],
];

describe('layoutChart', () => {
  it.each(machines)('draws every state of %s as one box', (_title, machine) => {
    const { chart, layout } = draw(machine);
    expect(layout.boxes.map((box) => box.stateId).sort()).toEqual(chart.states.map((state) => state.id).sort());
  });

  it.each(machines)('shows every transition of %s: an arrow per target elsewhere, a line in the box otherwise', (_title, machine) => {
    const { chart, layout } = draw(machine);
    const rows = [...layout.boxes.flatMap((box) => box.rows), ...(layout.note?.rows ?? [])];
    for (const transition of chart.transitions) {
      const arrows = layout.edges.filter((edge) => edge.transitionId === transition.id);
      const elsewhere = transition.targets.filter((target) => target.relation === 'other');
      expect(arrows.map((edge) => edge.targetId), transition.id).toEqual(elsewhere.map((target) => target.id));
      const listed = rows.some((row) => row.transitionId === transition.id);
      expect(listed, transition.id).toBe(transition.targets.length === 0 || transition.targets.some((t) => t.relation !== 'other'));
      for (const edge of arrows) expect(edge.label.lines.join(' ')).toContain(transition.guard ? `[${transition.guard}]` : '');
    }
  });

  it.each(machines)('keeps the boxes and labels of %s apart and inside the drawing', (_title, machine) => {
    const { layout } = draw(machine);
    const boxes = layout.boxes;
    for (const [i, a] of boxes.entries()) {
      expect(inside(a, { x: 0, y: 0, width: layout.width, height: layout.height })).toBe(true);
      for (const b of boxes.slice(i + 1)) {
        // Boxes only meet when one state is inside the other.
        if (overlaps(a, b)) expect(inside(a, b) || inside(b, a), `${a.stateId} / ${b.stateId}`).toBe(true);
      }
    }
    const labels = layout.edges.map((edge) => ({ ...edge.label, id: edge.transitionId }));
    for (const [i, label] of labels.entries()) {
      expect(inside(label, { x: 0, y: 0, width: layout.width, height: layout.height }), label.id).toBe(true);
      for (const other of labels.slice(i + 1)) expect(overlaps(label, other), `${label.id} / ${other.id}`).toBe(false);
      for (const box of boxes.filter((b) => !b.compound)) expect(overlaps(label, box), `${label.id} on ${box.stateId}`).toBe(false);
    }
  });

  it.each(machines)('lays %s out the same way every time', (_title, machine) => {
    expect(draw(machine).layout).toEqual<ChartLayout>(draw(machine).layout);
  });

  it('puts states in columns in the order the machine reaches them from its initial state', () => {
    expect(draw(headerMachine).layout.columns).toEqual({ 'header.normal': 0, 'header.tiny': 1 });
    expect(draw(flagMachine).layout.columns).toEqual({ 'flag.starting': 0, 'flag.flagged': 1, 'flag.unflagged': 2 });
    expect(draw(statusMessagesMachine).layout.columns).toEqual({
      'statusMessages.loading': 0,
      'statusMessages.showing': 1,
      'statusMessages.idle': 2,
    });
  });

  it('keeps the row of an arrow that skips a column free of boxes', () => {
    const { layout } = draw(flagMachine);
    const box = (id: string) => layout.boxes.find((b) => b.stateId === id) as Rect;
    // starting → unflagged skips the flagged column: unflagged sits below flagged.
    expect(layout.rows['flag.unflagged']).toBe(1);
    expect(box('flag.unflagged').y).toBeGreaterThanOrEqual(box('flag.flagged').y + box('flag.flagged').height);
  });

  it('marks the initial state and transient states, and draws nested states inside their parent', () => {
    const { layout } = draw(bookingTestMachine);
    const box = (id: string) => layout.boxes.find((b) => b.stateId === id);
    expect(box('booking.form')?.initial).toBe(true);
    expect(box('booking.failed')?.transient).toBe(true);
    expect(box('booking.failed')?.badge).toMatch(/transient/);
    // The regions of a parallel state are all entered: none is marked initial.
    expect(box('booking.paying.card')?.initial).toBe(false);
    expect(inside(box('booking.paying.card.authorised') as Rect, box('booking.paying.card') as Rect)).toBe(true);
    expect(inside(box('booking.paying.card') as Rect, box('booking.paying') as Rect)).toBe(true);
    expect(layout.initials.map((initial) => initial.stateId).sort()).toEqual([
      'booking.form',
      'booking.form.editing',
      'booking.paying.card.authorising',
      'booking.paying.receipt.waiting',
    ]);
    expect(layout.note?.rows.map((row) => row.text)).toEqual(['booking.reset / resetForm → form', 'booking.log / track']);
    expect(box('booking.form.editing')?.rows.map((row) => row.text)).toEqual(['↻ form.changed']);
  });
});
