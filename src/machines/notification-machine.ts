import { assign, emit, setup } from 'xstate';

/** Spec §9 Notifications. */
export const NOTIFICATION_AUTO_HIDE_MS = 5000;
export const NOTIFICATION_DEFAULTS = { className: 'success', arrowSize: 15, gap: 2 } as const;

export type NotificationClass = 'success' | 'error' | 'info' | 'warn';

export interface NotificationContext {
  text: string;
  className: NotificationClass;
  arrowSize: number;
  gap: number;
  hovered: boolean;
  focused: boolean;
}

export type NotificationEvent =
  | { type: 'notification.shown'; text: string; className?: NotificationClass }
  | { type: 'notification.timer.elapsed' }
  | { type: 'notification.pointer.entered' }
  | { type: 'notification.pointer.left' }
  | { type: 'notification.focus.entered' }
  | { type: 'notification.focus.left' }
  | { type: 'notification.dismissed' };

export type NotificationEmitted = { type: 'notification.timer.started'; ms: number } | { type: 'notification.timer.cancelled' };

/**
 * A notification (spec §9 Notifications): shown with its text and class (success by default,
 * arrow size 15, gap 2), it hides itself after 5000 ms; while the pointer is over it or focus is in
 * it, it stays (the timer starts again once both have left). The timer is the effect's: the
 * machine asks for it to start or stop and takes its 'elapsed'.
 */
export const notificationMachine = setup({
  types: { context: {} as NotificationContext, events: {} as NotificationEvent, emitted: {} as NotificationEmitted },
  guards: {
    stillFocused: ({ context }) => context.focused,
    stillHovered: ({ context }) => context.hovered,
  },
  actions: {
    take: assign(({ event }) =>
      event.type === 'notification.shown' ? { text: event.text, className: event.className ?? NOTIFICATION_DEFAULTS.className } : {},
    ),
    startTimer: emit({ type: 'notification.timer.started' as const, ms: NOTIFICATION_AUTO_HIDE_MS }),
    cancelTimer: emit({ type: 'notification.timer.cancelled' as const }),
    hover: assign({ hovered: true }),
    unhover: assign({ hovered: false }),
    focus: assign({ focused: true }),
    blur: assign({ focused: false }),
    clear: assign({ text: '', hovered: false, focused: false }),
  },
}).createMachine({
  id: 'notification',
  context: { text: '', ...NOTIFICATION_DEFAULTS, hovered: false, focused: false },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'notification.shown': { target: 'visible', actions: ['take', 'startTimer'] } },
    },
    visible: {
      on: {
        'notification.shown': { actions: ['take', 'startTimer'] },
        'notification.timer.elapsed': { target: 'hidden', actions: 'clear' },
        'notification.pointer.entered': { target: 'paused', actions: ['hover', 'cancelTimer'] },
        'notification.focus.entered': { target: 'paused', actions: ['focus', 'cancelTimer'] },
        'notification.dismissed': { target: 'hidden', actions: ['cancelTimer', 'clear'] },
      },
    },
    paused: {
      on: {
        'notification.shown': { actions: 'take' },
        'notification.pointer.entered': { actions: 'hover' },
        'notification.focus.entered': { actions: 'focus' },
        'notification.pointer.left': [{ guard: 'stillFocused', actions: 'unhover' }, { target: 'visible', actions: ['unhover', 'startTimer'] }],
        'notification.focus.left': [{ guard: 'stillHovered', actions: 'blur' }, { target: 'visible', actions: ['blur', 'startTimer'] }],
        'notification.dismissed': { target: 'hidden', actions: 'clear' },
      },
    },
  },
});
