import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type ActorRefFrom, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectNotificationTimer } from '@/bindings/actors/lead-form-wiring';
import { NOTIFICATION_AUTO_HIDE_MS, notificationMachine } from '@/machines/notification-machine';
import { Notification } from '@/views/ui/notification';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';

type NotificationSnapshot = SnapshotFrom<typeof notificationMachine>;
type NotificationEvent = EventFrom<typeof notificationMachine>;

const coverage = new ModelCoverage(notificationMachine);
const SHOWN: NotificationEvent[] = [
  { type: 'notification.shown', text: 'Thank you: your message was sent.' },
  { type: 'notification.shown', text: 'Your message could not be sent.', className: 'error' },
];
const model = createTestModel(notificationMachine, {
  events: [
    ...SHOWN,
    { type: 'notification.timer.elapsed' },
    { type: 'notification.pointer.entered' },
    { type: 'notification.pointer.left' },
    { type: 'notification.focus.entered' },
    { type: 'notification.focus.left' },
    { type: 'notification.dismissed' },
  ],
  // What a visitor can do: the pointer leaves only once it entered, focus likewise; the timer elapses only while it runs.
  filterEvents: (snapshot, event) => {
    if (!snapshot.can(event)) return false;
    const { hovered, focused } = snapshot.context;
    switch (event.type) {
      case 'notification.pointer.entered':
        return !hovered;
      case 'notification.pointer.left':
        return hovered;
      case 'notification.focus.entered':
        return !focused;
      case 'notification.focus.left':
        return focused;
      default:
        return true;
    }
  },
});

/**
 * The Notification view with the real timer effect, on fake timers: 'elapsed' is 5000 ms passing
 * (and not a moment before); hover and focus are the pointer over it and focus on its button.
 */
function notificationDriver(): PathDriver<NotificationSnapshot, NotificationEvent> {
  let actor: ActorRefFrom<typeof notificationMachine> | null = null;
  let disconnect = () => {};
  let unmount = () => {};
  const bubble = () => document.querySelector<HTMLElement>('.notification');
  return {
    start: () => {
      actor = createActor(notificationMachine, { inspect: coverage.inspect }).start();
      disconnect = connectNotificationTimer(actor);
      unmount = render(<Notification actor={actor} />).unmount;
    },
    perform: (event) => {
      const a = actor;
      if (!a) throw new Error('no actor');
      switch (event.type) {
        case 'notification.shown':
          // As a form's outcome shows it (connectLeadForm).
          return act(() => a.send(event));
        case 'notification.timer.elapsed':
          act(() => void vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS - 1));
          expect(bubble()).not.toBeNull();
          return act(() => void vi.advanceTimersByTime(1));
        case 'notification.pointer.entered':
          return act(() => void fireEvent.pointerOver(bubble() as HTMLElement));
        case 'notification.pointer.left':
          return act(() => void fireEvent.pointerOut(bubble() as HTMLElement, { relatedTarget: document.body }));
        case 'notification.focus.entered':
          return act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
        case 'notification.focus.left':
          return act(() => screen.getByRole('button', { name: 'Dismiss' }).blur());
        case 'notification.dismissed':
          return act(() => void fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
      }
    },
    expectState: (state) => {
      expect(actor?.getSnapshot().value).toEqual(state.value);
      const region = screen.getByRole('status');
      if (state.matches('hidden')) {
        expect(region.textContent).toBe('');
        return;
      }
      expect(region.textContent).toContain(state.context.text);
      const element = bubble() as HTMLElement;
      expect(element.className).toBe(`notification ${state.context.className}`);
      expect(element.style.getPropertyValue('--notification-arrow')).toBe('15px');
      expect(element.style.getPropertyValue('--notification-gap')).toBe('2px');
      if (state.matches('paused')) {
        // However long it stays paused, it does not hide.
        act(() => void vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS * 3));
        expect(bubble()).not.toBeNull();
      }
    },
    stop: () => {
      unmount();
      disconnect();
      actor?.stop();
    },
  };
}

describe('notification machine, walked through the Notification view and its timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, notificationMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, notificationDriver());
  });

  it('starts the 5000 ms again when a new notification replaces the one shown', () => {
    const actor = createActor(notificationMachine).start();
    const disconnect = connectNotificationTimer(actor);
    actor.send(SHOWN[0]!);
    vi.advanceTimersByTime(4000);
    actor.send(SHOWN[1]!);
    vi.advanceTimersByTime(4000);
    expect(actor.getSnapshot().matches('visible')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    disconnect();
  });
});
