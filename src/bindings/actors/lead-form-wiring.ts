import { Subscription, timer, type Observable } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { AntibotKeyMap } from '@/domain/lead-form-definitions';
import { OPT_IN_ALERT } from '@/domain/lead-forms';
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

/**
 * Connects a lead form's actor: the anti-bot keys, the post, the opt-in alert (spec §8), and its
 * outcome shown by the notification actor. Returns the disposer (pending requests are dropped).
 */
export function connectLeadForm(
  form: ActorRefFrom<typeof leadFormMachine>,
  notification: ActorRefFrom<typeof notificationMachine>,
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
