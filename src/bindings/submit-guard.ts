import { createActor, type InspectionEvent } from 'xstate';
import { ASYNC_SUBMITTED_EVENT } from '@/domain/lead-forms';
import { submitGuardMachine } from '@/machines/submit-guard-machine';

/** A form's data as it would be sent (application/x-www-form-urlencoded), the submitter's name and value included. */
export function serializeForm(form: HTMLFormElement, submitter?: HTMLElement | null): string {
  const data = new FormData(form, submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null);
  const pairs: Array<[string, string]> = [];
  data.forEach((value, name) => pairs.push([name, typeof value === 'string' ? value : `${value.name}:${value.size}`]));
  return new URLSearchParams(pairs).toString();
}

/**
 * The form submit guard of spec §4 on one form (a GET form is left alone): a second submit with
 * identical serialized data is blocked (preventDefault and stopImmediatePropagation in the capture
 * phase, so no later listener or React handler sees it); changed data goes through; after the
 * async submit completes (ASYNC_SUBMITTED_EVENT) the same data may go again. A submit someone
 * else intercepted first (the captcha) is not counted. Returns the cleanup; `inspect` watches its actor (model tests).
 * Import it on demand from the code that shows the form.
 */
export function guardSubmit(form: HTMLFormElement, inspect?: (event: InspectionEvent) => void): () => void {
  const guard = createActor(submitGuardMachine, { inspect }).start();
  const onSubmit = (event: SubmitEvent) => {
    if (event.defaultPrevented || form.method === 'get') return;
    guard.send({ type: 'form.submitted', data: serializeForm(form, event.submitter) });
    if (guard.getSnapshot().context.verdict === 'blocked') {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const onCompleted = () => guard.send({ type: 'form.async.completed' });
  form.addEventListener('submit', onSubmit, { capture: true });
  form.addEventListener(ASYNC_SUBMITTED_EVENT, onCompleted);
  return () => {
    form.removeEventListener('submit', onSubmit, { capture: true });
    form.removeEventListener(ASYNC_SUBMITTED_EVENT, onCompleted);
    guard.stop();
  };
}
