import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { machineRegistry } from '@/machines/registry';
import { eventLabel, extractMachineChart } from './machine-chart';
import { StatechartsPage } from './statecharts-page';

describe('the state charts page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(machineRegistry.map((entry) => [entry.title, entry] as const))('has a section for %s with its chart and its transition table', (_title, entry) => {
    render(<StatechartsPage />);
    const chart = extractMachineChart(entry.machine);
    const section = screen.getByRole('region', { name: entry.title });
    expect(within(section).getByRole('heading', { level: 2, name: entry.title })).toBeTruthy();
    expect(within(section).getByText(entry.description)).toBeTruthy();

    const svg = within(section).getByRole('img');
    expect(svg.getAttribute('aria-label')).toContain(`State chart of ${entry.title}`);
    for (const state of chart.states) {
      expect(svg.querySelectorAll(`[data-state-id="${state.id}"]`), state.id).toHaveLength(1);
      expect(svg.getAttribute('aria-label')).toContain(state.key);
    }
    for (const transition of chart.transitions) {
      expect(svg.querySelector(`[data-transition-id="${transition.id}"]`), transition.id).not.toBeNull();
    }

    const table = within(section).getByRole('table', { name: `Transitions of ${entry.title}` });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['From', 'Event', 'Guard', 'Actions', 'To']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-transition-id'))).toEqual(chart.transitions.map((t) => t.id));
    rows.forEach((row, i) => {
      const transition = chart.transitions[i];
      const [from, event, guard, actions, to] = within(row).getAllByRole('cell').map((cell) => cell.textContent ?? '');
      // Transitions of the machine's root apply in every state.
      const source = chart.states.find((s) => s.id === transition?.sourceId);
      expect(from).toBe(source ? source.path.join(' › ') : `${entry.machine.id} (any state)`);
      expect(event).toContain(eventLabel(transition?.event ?? ''));
      expect(guard).toBe(transition?.guard ? `[${transition.guard}]` : 'none');
      expect(actions).toBe(transition?.actions.length ? transition.actions.join(', ') : 'none');
      if (transition?.targets.length === 0) expect(to).toMatch(/^stays in .* \(internal\)$/);
      for (const target of transition?.targets ?? []) expect(to).toContain(chart.states.find((s) => s.id === target.id)?.key);
    });
    for (const state of chart.states) expect(within(section).getAllByText(state.path.join(' › ')).length).toBeGreaterThan(0);
  });

  it('writes each guard in brackets and each action after a slash in the chart', () => {
    render(<StatechartsPage />);
    const flag = within(screen.getByRole('region', { name: 'Flag button' })).getByRole('img');
    const synced = flag.querySelector('[data-transition-id="flag.unflagged|flag.synced|0"]');
    expect(synced?.textContent).toBe('flag.synced [isSyncedFlagged]');
    const clicked = flag.querySelector('[data-transition-id="flag.unflagged|flag.clicked|0"]');
    expect(clicked?.textContent).toBe('flag.clicked / notifyFavourites');
    const jump = within(screen.getByRole('region', { name: 'Jump menu' })).getByRole('img');
    // Targetless transitions are listed inside the state's box.
    const inBox = jump.querySelector('[data-state-id="jumpMenu.ready"]');
    expect(inBox?.textContent).toContain('jump.option.chosen / refuseTarget');
  });

  it('links to each machine and explains how to read a chart', () => {
    render(<StatechartsPage />);
    const toc = screen.getByRole('navigation', { name: 'Machines' });
    expect(within(toc).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      machineRegistry.map((entry) => `#machine-${entry.machine.id}`),
    );
    expect(screen.getByText('How to read a chart')).toBeTruthy();
  });

  it('hydrates the server-rendered page without a mismatch', async () => {
    const html = renderToString(<StatechartsPage />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const firstChart = container.querySelector('svg');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, <StatechartsPage />, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // Hydration kept the server's elements instead of rendering them again.
    expect(container.querySelector('svg')).toBe(firstChart);
    act(() => root.unmount());
    container.remove();
  });
});
