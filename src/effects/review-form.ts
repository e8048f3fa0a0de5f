import { animationFrames, filter, map, switchMap, take, type Subscription } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import { ASYNC_SUBMITTED_EVENT } from '@/domain/lead-forms';
import { REVIEW_FIELDS, REVIEW_MESSAGES, type ReviewErrors } from '@/domain/review-form';
import type { reviewFormMachine } from '@/machines/review-form-machine';
import { HttpError, requestJson } from './http-client';
import { focusInView } from './focus';
import { scrollToElement$ } from './scroll-to';

/** POST /api/reviews (server/reviews/routes.ts). */
export const REVIEW_URL = '/api/reviews';

/** Spec §9 Timing and sizes: the page scrolls to 50px above the review form over 500 ms. */
export const REVIEW_SCROLL = { offset: 50, durationMs: 500 } as const;

/** Frames to wait for the form to be in the page after the modal opens (its chunk is already loaded). */
const FORM_WAIT_FRAMES = 60;

function fieldErrors(body: unknown): ReviewErrors | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  const found: ReviewErrors = {};
  for (const field of REVIEW_FIELDS) {
    const message = (errors as Record<string, unknown>)[field];
    if (typeof message === 'string') found[field] = message;
  }
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * Carries out what a review form actor asks (issue 15 item 7): the scroll to the form once it is
 * in the page, the POST and its answer as an event, focus on the first field with an error (or the
 * form's message), and the captcha's reset after each send (ASYNC_SUBMITTED_EVENT on the form).
 * `form()` is the form element while the modal shows it. Returns the disposer.
 */
export function connectReviewForm(actor: ActorRefFrom<typeof reviewFormMachine>, form: () => HTMLFormElement | null): () => void {
  const work: Subscription[] = [];
  const whenForm = () =>
    animationFrames().pipe(
      take(FORM_WAIT_FRAMES),
      map(() => form()),
      filter((element): element is HTMLFormElement => element !== null),
      take(1),
    );
  const scroll = actor.on('review.scroll.requested', () => {
    work.push(whenForm().pipe(switchMap((element) => scrollToElement$(element, REVIEW_SCROLL))).subscribe({ error: () => undefined }));
  });
  const send = actor.on('review.send.requested', ({ eid, entries, extra }) => {
    work.push(
      requestJson<{ message?: string }>(REVIEW_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...extra, eid, ...entries }),
      }).subscribe({
        next: (answer) => actor.send({ type: 'review.send.succeeded', message: typeof answer.message === 'string' ? answer.message : REVIEW_MESSAGES.sent }),
        error: (error: unknown) => {
          const errors = error instanceof HttpError && error.status === 400 ? fieldErrors(error.body) : null;
          if (errors && error instanceof HttpError) actor.send({ type: 'review.send.rejected', errors, message: error.message });
          else if (error instanceof HttpError && error.status >= 400 && error.status < 500) actor.send({ type: 'review.send.failed', message: error.message });
          else actor.send({ type: 'review.send.failed', message: REVIEW_MESSAGES.failed });
        },
      }),
    );
  });
  const settled = actor.on('review.send.settled', () => {
    form()?.dispatchEvent(new CustomEvent(ASYNC_SUBMITTED_EVENT, { bubbles: true }));
  });
  const focus = actor.on('review.focus.requested', ({ target }) => {
    work.push(
      whenForm().subscribe((element) => {
        const selector = target === 'message' ? '[data-review-message]' : `[data-review-field="${target}"]`;
        const holder = element.querySelector<HTMLElement>(selector);
        // A radio group: its checked radio, else its first (the group's own tab stop).
        const focusable = holder?.matches('input, textarea, select') ? holder : (holder?.querySelector<HTMLElement>('input:checked, input, textarea, select') ?? holder);
        if (focusable) focusInView(focusable);
      }),
    );
  });
  return () => {
    [scroll, send, settled, focus].forEach((listener) => listener.unsubscribe());
    work.forEach((subscription) => subscription.unsubscribe());
  };
}
