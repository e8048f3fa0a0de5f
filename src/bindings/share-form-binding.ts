import type { ActorRefFrom } from 'xstate';
import { CAPTCHA_UNAVAILABLE_TAG, CAPTCHA_UNAVAILABLE_TEXT } from '@/domain/captcha';
import { ASYNC_SUBMITTED_EVENT, OPT_IN_ALERT, OPT_IN_FIELD, OPT_IN_REQUIRED_ATTRIBUTE } from '@/domain/lead-forms';
import { FRAGMENT_FIELD, SHARE_FORM_ID, SHARE_FORM_MESSAGES_ID } from '@/domain/share-form';
import type { captchaMachine } from '@/machines/captcha-machine';
import { protectWithCaptcha } from './captcha-attach';
import { createCmsAjaxClient, type CmsAjaxEffects } from './cms-ajax-client';
import { guardSubmit } from './submit-guard';

/** Spec §5 Forms: Enter in an input of the share URL form does not submit it. */
function keepEnterFromSubmitting(event: KeyboardEvent): void {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/**
 * The share form's word when its security check cannot load (the server's HTML has no React view):
 * the alert of CaptchaStatus (src/views/ui/captcha-status.tsx) with its Try again, put in the form's
 * messages while the captcha actor says it is unavailable, and taken away when it is not. Returns
 * the cleanup.
 */
function showCaptchaStatus(form: HTMLFormElement, actor: ActorRefFrom<typeof captchaMachine>): () => void {
  const place = form.querySelector(`#${SHARE_FORM_MESSAGES_ID}`) ?? form;
  let alert: HTMLElement | null = null;
  const subscription = actor.subscribe((state) => {
    const unavailable = state.hasTag(CAPTCHA_UNAVAILABLE_TAG);
    if (unavailable && !alert) {
      alert = document.createElement('div');
      alert.className = 'captcha-status';
      alert.setAttribute('role', 'alert');
      const text = document.createElement('p');
      text.textContent = CAPTCHA_UNAVAILABLE_TEXT;
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.className = 'button button--secondary';
      retry.textContent = 'Try again';
      retry.addEventListener('click', () => actor.send({ type: 'captcha.retried' }));
      alert.append(text, retry);
      place.prepend(alert);
    } else if (!unavailable && alert) {
      alert.remove();
      alert = null;
    }
  });
  return () => {
    subscription.unsubscribe();
    alert?.remove();
  };
}

/**
 * Makes the share form inside `container` live (spec §3 Share form, §5 Forms, §7): captcha and
 * submit guard attached, Enter kept from submitting, the opt-in required ('Please accept the
 * terms to proceed.', the visitor stays), the page hash put in the fragment field, and the form
 * sent through system/ajax, whose commands replace it with the confirmation or show the errors.
 * After each asynchronous submit the form hears ASYNC_SUBMITTED_EVENT. A security check that
 * cannot load is said in the form, with Try again. Returns the cleanup.
 * Loaded on demand, with the modal that shows the form.
 */
export function bindShareForm(container: HTMLElement, effects?: CmsAjaxEffects): () => void {
  const form = container.querySelector<HTMLFormElement>(`form#${SHARE_FORM_ID}`);
  if (!form) return () => {};
  const client = createCmsAjaxClient(form, effects ? { effects } : {});
  const alert = effects?.alert ?? ((text: string) => window.alert(text));
  const onSubmit = (event: SubmitEvent) => {
    // The captcha or the guard intercepted it (capture phase): not this time.
    if (event.defaultPrevented) return;
    event.preventDefault();
    const optIn = form.elements.namedItem(OPT_IN_FIELD);
    if (form.hasAttribute(OPT_IN_REQUIRED_ATTRIBUTE) && !(optIn instanceof HTMLInputElement && optIn.checked)) {
      alert(OPT_IN_ALERT);
      return;
    }
    const fragment = form.elements.namedItem(FRAGMENT_FIELD);
    if (fragment instanceof HTMLInputElement && fragment.value === '') fragment.value = window.location.hash;
    client.submit(form);
  };
  const stopListening = client.onCompleted(() => form.dispatchEvent(new CustomEvent(ASYNC_SUBMITTED_EVENT, { bubbles: true })));
  form.addEventListener('keydown', keepEnterFromSubmitting);
  form.addEventListener('submit', onSubmit);
  const captcha = protectWithCaptcha(form);
  const hideCaptchaStatus = showCaptchaStatus(form, captcha.actor);
  const unguard = guardSubmit(form);
  return () => {
    form.removeEventListener('keydown', keepEnterFromSubmitting);
    form.removeEventListener('submit', onSubmit);
    stopListening();
    hideCaptchaStatus();
    captcha.detach();
    unguard();
    client.dispose();
  };
}
