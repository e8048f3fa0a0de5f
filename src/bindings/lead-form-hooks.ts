import { useEffect, useRef, useState, type RefObject } from 'react';
import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import type { LeadFormDefinition } from '@/domain/lead-form-definitions';
import type { captchaMachine } from '@/machines/captcha-machine';
import { leadFormMachine } from '@/machines/lead-form-machine';
import { notificationMachine } from '@/machines/notification-machine';
import { connectLeadForm, connectNotificationTimer } from './actors/lead-form-wiring';
import { attachCaptchaOnDemand } from './captcha-on-demand';

export interface LeadFormActors {
  form: ActorRefFrom<typeof leadFormMachine>;
  notification: ActorRefFrom<typeof notificationMachine>;
  /** The form element, for the effects that act on it (focus, the captcha's reset). */
  element: RefObject<HTMLFormElement | null>;
}

/**
 * The actors of one lead form while it is shown, wired to their effects; the form asks for its
 * anti-bot keys as it appears. Null until they run (the first render after mounting). `inspect`
 * watches both actors (the model tests' coverage).
 */
export function useLeadFormActors(definition: LeadFormDefinition, inspect?: (event: InspectionEvent) => void): LeadFormActors | null {
  const [actors, setActors] = useState<LeadFormActors | null>(null);
  const element = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const form = createActor(leadFormMachine, { input: { formId: definition.id, optInRequired: definition.optInRequired }, inspect }).start();
    const notification = createActor(notificationMachine, { inspect }).start();
    const disconnect = [connectLeadForm(form, notification, () => element.current), connectNotificationTimer(notification)];
    setActors({ form, notification, element });
    form.send({ type: 'lead.form.shown' });
    return () => {
      disconnect.forEach((dispose) => dispose());
      form.stop();
      notification.stop();
    };
  }, [definition, inspect]);
  return actors;
}

/**
 * What a shown lead form needs from the page: the captcha and the submit guard (loaded on demand;
 * the captcha first, so a submit it intercepts is not counted by the guard), and the anti-bot
 * script given the form's key once it is in the settings. Returns the form's captcha actor once
 * it runs (null before), for the view to say when the security check could not load.
 */
export function useLeadFormBindings(formRef: RefObject<HTMLFormElement | null>, antibotKey: string): ActorRefFrom<typeof captchaMachine> | null {
  const [captchaActor, setCaptchaActor] = useState<ActorRefFrom<typeof captchaMachine> | null>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    return attachCaptchaOnDemand(form, { guard: true, what: 'The form' }, setCaptchaActor);
  }, [formRef]);
  useEffect(() => {
    const form = formRef.current;
    if (!form || antibotKey === '' || !window.Antibot) return;
    return window.Antibot.attach(form, { key: antibotKey });
  }, [formRef, antibotKey]);
  return captchaActor;
}
