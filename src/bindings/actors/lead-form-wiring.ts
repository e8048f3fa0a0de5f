import { Subscription, timer, type Observable } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { AntibotKeyMap } from '@/domain/lead-form-definitions';
import { ASYNC_SUBMITTED_EVENT, OPT_IN_ALERT } from '@/domain/lead-forms';
import { focusInView } from '@/effects/focus';
import { errorMessage } from '@/effects/http-client';
import { fetchAntibotKeys, leadAnswerOf, sendLead } from '@/effects/lead-form-client';
import type { leadFormMachine } from '@/machines/lead-form-machine';
import type { notificationMachine } from '@/machines/notification-machine';

/** The I/O of a lead form; tests play the server and the browser through it. */
export interface LeadFormEffects {
  fetchKeys: () => Observable<AntibotKeyMap>;
  send: (formId: string, fields: Record<string, string>) => Observable<{ message: string }>;
  alert: (text: string) => void;
}

export const browserLeadFormEffects: LeadFormEffects = {
  fetchKeys: fetchAntibotKeys,
  send: sendLead,
  alert: (text) => window.alert(text),
};

/** A form field name as the server names them (a selector part needs no escaping). */
const FIELD_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Connects a lead form's actor: the anti-bot keys, the post, the opt-in alert (spec §8), its
 * outcome shown by the notification actor, and on the form element (`element`, once shown) the
 * focus on the first field in error and ASYNC_SUBMITTED_EVENT when a submit has ended (the captcha
 * resets, spec §4). Returns the disposer (pending requests are dropped).
 */
export function connectLeadForm(
  form: ActorRefFrom<typeof leadFormMachine>,
  notification: ActorRefFrom<typeof notificationMachine>,
  element: () => HTMLFormElement | null,
  effects: LeadFormEffects = browserLeadFormEffects,
): () => void {
  const requests = new Subscription();
  const handlers = [
    form.on('antibot.keys.requested', () =>
      requests.add(
        effects.fetchKeys().subscribe({
          next: (keys) => form.send({ type: 'antibot.keys.received', keys }),
          error: (error: unknown) => form.send({ type: 'antibot.keys.failed', message: errorMessage(error) }),
        }),
      ),
    ),
    form.on('lead.send', ({ formId, fields }) =>
      requests.add(
        effects.send(formId, fields).subscribe({
          next: ({ message }) => form.send({ type: 'lead.sent', message }),
          error: (error: unknown) => form.send(leadAnswerOf(error)),
        }),
      ),
    ),
    form.on('optin.alerted', () => effects.alert(OPT_IN_ALERT)),
    form.on('lead.outcome', ({ text, className }) => notification.send({ type: 'notification.shown', text, className })),
    form.on('lead.send.settled', () => element()?.dispatchEvent(new CustomEvent(ASYNC_SUBMITTED_EVENT, { bubbles: true }))),
    form.on('lead.focus.requested', ({ fields }) => {
      const names = fields.filter((name) => FIELD_NAME.test(name));
      // The first in the form's order: a selector list matches in document order.
      const field = names.length > 0 ? element()?.querySelector<HTMLElement>(names.map((name) => `[name="${name}"]`).join(', ')) : null;
      if (field) focusInView(field);
    }),
  ];
  return () => {
    handlers.forEach((handler) => handler.unsubscribe());
    requests.unsubscribe();
  };
}

/** The notification's timer (spec §9: auto-hide after 5000 ms): started, restarted and cancelled as the machine asks. */
export function connectNotificationTimer(notification: ActorRefFrom<typeof notificationMachine>): () => void {
  let running: Subscription | null = null;
  const stop = () => {
    running?.unsubscribe();
    running = null;
  };
  const handlers = [
    notification.on('notification.timer.started', ({ ms }) => {
      stop();
      running = timer(ms).subscribe(() => notification.send({ type: 'notification.timer.elapsed' }));
    }),
    notification.on('notification.timer.cancelled', stop),
  ];
  return () => {
    handlers.forEach((handler) => handler.unsubscribe());
    stop();
  };
}
