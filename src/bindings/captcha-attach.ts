import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import type { CaptchaProviderName } from '@/domain/captcha';
import type { PageSettings } from '@/domain/settings';
import { captchaMachine } from '@/machines/captcha-machine';
import { captchaScript$, connectCaptcha, type CaptchaPorts } from '@/effects/captcha';

/** The page's settings, as the server wrote them into the page (#page-settings). */
function pageSettings(): PageSettings['settings'] | null {
  try {
    return (JSON.parse(document.getElementById('page-settings')?.textContent ?? 'null') as PageSettings | null)?.settings ?? null;
  } catch {
    return null;
  }
}

/** The nonce of the page's scripts, for a provider script added later (the page's CSP). */
function scriptNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

/** A form's running captcha: its actor (for the view that says when it cannot load, and its Try again) and its cleanup. */
export interface CaptchaAttachment {
  actor: ActorRefFrom<typeof captchaMachine>;
  detach: () => void;
}

/** Runs one form's captcha actor with the given ports (the model tests give a stand-in provider). */
export function attachCaptchaWith(form: HTMLFormElement, shouldLoad: boolean, ports: CaptchaPorts, inspect?: (event: InspectionEvent) => void): CaptchaAttachment {
  const actor = createActor(captchaMachine, { input: { shouldLoad }, inspect });
  const disconnect = connectCaptcha(actor, form, ports);
  actor.start();
  return {
    actor,
    detach: () => {
      disconnect();
      actor.stop();
    },
  };
}

/**
 * Protects one form with the captcha (see protectWithCaptcha); returns the cleanup.
 */
export function attachCaptcha(form: HTMLFormElement): () => void {
  return protectWithCaptcha(form).detach;
}

/**
 * Protects one form with the captcha (spec §4 Captcha-protected form, §7 Captcha, §8). The form
 * carries CAPTCHA_FORM_ATTRIBUTE, holds an element of class ASYNC_CAPTCHA_CLASS and a hidden
 * input named CAPTCHA_RESPONSE_FIELD (src/domain/lead-forms.ts). A submit without a token is
 * intercepted and the challenge runs; with the token in the field the submit goes ahead (by
 * itself in invisible mode). ASYNC_SUBMITTED_EVENT on the form resets it. Nothing loads when
 * bt_leads_recaptcha.should_load is false. Returns the actor (a view shows CaptchaStatus for it:
 * the check could not load, Try again) and the cleanup. Import it on demand
 * (`await import('@/bindings/captcha-attach')`) from the code that shows the form, never into a
 * page's initial bundle.
 */
export function protectWithCaptcha(form: HTMLFormElement): CaptchaAttachment {
  const settings = pageSettings();
  const provider: CaptchaProviderName = settings?.captcha?.provider ?? 'altcha';
  const nonce = scriptNonce();
  return attachCaptchaWith(form, settings?.bt_leads_recaptcha.should_load ?? false, {
    provider,
    siteKey: settings?.captcha?.site_key ?? '',
    load: () => captchaScript$(provider, nonce),
    log: (level, message) => console[level](message),
  });
}
