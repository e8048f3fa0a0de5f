import type { ActorRefFrom } from 'xstate';
import type { captchaMachine } from '@/machines/captcha-machine';

/**
 * Attaches a form's captcha (and, with `guard`, the submit guard) once their code has come: it is
 * loaded on demand, never in the page's first script. The captcha is attached first, so a submit
 * it intercepts is not counted by the guard. `onActor` gets the captcha's actor once it runs and
 * null when it is detached. Returns the cleanup; called before the code has come, nothing is
 * attached. The three forms with a captcha (review, lead, checkout) attach it through this; the
 * review form does it from a callback ref (its form comes and goes), the others from an effect,
 * so this is a function, not a hook.
 */
export function attachCaptchaOnDemand(
  form: HTMLFormElement,
  options: { guard: boolean; what: string },
  onActor: (actor: ActorRefFrom<typeof captchaMachine> | null) => void,
): () => void {
  let gone = false;
  let cleanups: Array<() => void> = [];
  Promise.all([import('./captcha-attach'), options.guard ? import('./submit-guard') : null]).then(
    ([captcha, guard]) => {
      if (gone) return;
      const attached = captcha.protectWithCaptcha(form);
      cleanups = guard ? [attached.detach, guard.guardSubmit(form)] : [attached.detach];
      onActor(attached.actor);
    },
    // Without the captcha the server refuses the form with the captcha's message; the form shows it.
    (error: unknown) => console.error(`${options.what}'s captcha could not be loaded: ${error instanceof Error ? error.message : String(error)}`),
  );
  return () => {
    gone = true;
    cleanups.forEach((cleanup) => cleanup());
    onActor(null);
  };
}
