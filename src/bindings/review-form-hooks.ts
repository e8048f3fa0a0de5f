import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReviewEntries, ReviewErrors, ReviewField } from '@/domain/review-form';
import { connectReviewForm } from '@/effects/review-form';
import type { captchaMachine } from '@/machines/captcha-machine';
import { reviewFormMachine } from '@/machines/review-form-machine';
import { attachCaptchaOnDemand } from './captcha-on-demand';
import { useInspect } from './inspect-context';

export type ReviewFormState = 'closed' | 'editing' | 'sending' | 'sent' | 'failed';

export interface ReviewForm {
  state: ReviewFormState;
  entries: ReviewEntries;
  errors: ReviewErrors;
  message: string;
  /** The form element's ref: the captcha and the submit guard attach to it while it is shown. */
  formRef: (form: HTMLFormElement | null) => () => void;
  /** The form's captcha actor while it runs: the view says when the security check could not load. */
  captcha: ActorRefFrom<typeof captchaMachine> | null;
  open: () => void;
  close: () => void;
  change: (field: ReviewField, value: string) => void;
  /** `extra`: the form's other fields (captcha response, honeypot) as the browser has them. */
  submit: (extra: Record<string, string>) => void;
}

/**
 * The review form's actor (src/machines/review-form-machine.ts), wired to its effect, with the
 * captcha (spec §4 Captcha-protected form) and the submit guard (spec §4 Form submit guard)
 * attached to the form element while it is in the page; both are loaded on demand.
 */
export function useReviewForm(eid: number): ReviewForm {
  const inspect = useInspect();
  const actor = useActorRef(reviewFormMachine, { input: { eid }, inspect });
  const form = useRef<HTMLFormElement | null>(null);
  const [captchaActor, setCaptchaActor] = useState<ActorRefFrom<typeof captchaMachine> | null>(null);
  useEffect(() => connectReviewForm(actor, () => form.current), [actor]);
  const formRef = useCallback((element: HTMLFormElement | null) => {
    form.current = element;
    if (!element) return () => undefined;
    const detach = attachCaptchaOnDemand(element, { guard: true, what: 'The review form' }, setCaptchaActor);
    return () => {
      detach();
      if (form.current === element) form.current = null;
    };
  }, []);
  return {
    state: useSelector(actor, (s) => s.value as ReviewFormState),
    entries: useSelector(actor, (s) => s.context.entries),
    errors: useSelector(actor, (s) => s.context.errors),
    message: useSelector(actor, (s) => s.context.message),
    formRef,
    captcha: captchaActor,
    open: () => actor.send({ type: 'review.form.opened' }),
    close: () => actor.send({ type: 'review.form.closed' }),
    change: (field, value) => actor.send({ type: 'review.field.changed', field, value }),
    submit: (extra) => actor.send({ type: 'review.submitted', extra }),
  };
}
