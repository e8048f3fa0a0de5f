import { assign, emit, setup } from 'xstate';
import { EMPTY_REVIEW, REVIEW_FIELDS, type ReviewEntries, type ReviewErrors, type ReviewField } from '@/domain/review-form';

export interface ReviewFormInput {
  /** The listing the review is about. */
  eid: number;
}

export interface ReviewFormContext {
  eid: number;
  /** What the visitor typed: kept through a failure and a closed modal, cleared once sent. */
  entries: ReviewEntries;
  /** The server's message per field (spec §5 Forms: server-side validation). */
  errors: ReviewErrors;
  /** A message for the whole form: why sending failed, or that the review awaits moderation. */
  message: string;
}

export type ReviewFormEvent =
  | { type: 'review.form.opened' }
  | { type: 'review.form.closed' }
  | { type: 'review.field.changed'; field: ReviewField; value: string }
  /** `extra`: the form's other fields as sent (the captcha's response field, the honeypot). */
  | { type: 'review.submitted'; extra: Record<string, string> }
  | { type: 'review.send.succeeded'; message: string }
  /** The server refused the entries: a message per field and one for the form. */
  | { type: 'review.send.rejected'; errors: ReviewErrors; message: string }
  /** No answer, or one that is not about the entries (a refused captcha, too many requests, a server error). */
  | { type: 'review.send.failed'; message: string };

export type ReviewFormEmitted =
  /** The page scrolls to 50 px above the form over 500 ms (spec §9 Timing and sizes). */
  | { type: 'review.scroll.requested' }
  | { type: 'review.send.requested'; eid: number; entries: ReviewEntries; extra: Record<string, string> }
  /** Focus goes to the first field with an error, or to the form's message. */
  | { type: 'review.focus.requested'; target: ReviewField | 'message' }
  /** The asynchronous submit is over, whatever its outcome: the captcha resets (spec §4 Captcha-protected form). */
  | { type: 'review.send.settled' };

const firstError = (errors: ReviewErrors): ReviewField | 'message' => REVIEW_FIELDS.find((field) => errors[field] !== undefined) ?? 'message';

/**
 * The listing's review form in its modal (spec §2 Listing detail page, §9; issue 15 item 7):
 * opening it asks for the scroll to the form; sending is one request at a time; the server's
 * answer either thanks the visitor (the review awaits moderation) or refuses it with a message
 * per field, focus on the first. A failure keeps every entry, and so does closing the modal
 * before the review is sent; a sent review's form starts empty.
 */
export const reviewFormMachine = setup({
  types: {
    input: {} as ReviewFormInput,
    context: {} as ReviewFormContext,
    events: {} as ReviewFormEvent,
    emitted: {} as ReviewFormEmitted,
  },
  actions: {
    scroll: emit({ type: 'review.scroll.requested' }),
    change: assign(({ context, event }) => {
      if (event.type !== 'review.field.changed') return {};
      const errors = { ...context.errors };
      delete errors[event.field];
      return { entries: { ...context.entries, [event.field]: event.value }, errors };
    }),
    send: emit(({ context, event }) => ({
      type: 'review.send.requested' as const,
      eid: context.eid,
      entries: context.entries,
      extra: event.type === 'review.submitted' ? event.extra : {},
    })),
    settled: emit({ type: 'review.send.settled' }),
    clearMessages: assign({ errors: {}, message: '' }),
    thank: assign(({ event }) => (event.type === 'review.send.succeeded' ? { message: event.message, errors: {}, entries: EMPTY_REVIEW } : {})),
    refuse: assign(({ event }) =>
      event.type === 'review.send.rejected' ? { errors: event.errors, message: event.message } : event.type === 'review.send.failed' ? { errors: {}, message: event.message } : {},
    ),
    focusFirstError: emit(({ context }) => ({ type: 'review.focus.requested' as const, target: firstError(context.errors) })),
  },
}).createMachine({
  id: 'reviewForm',
  context: ({ input }) => ({ eid: input.eid, entries: EMPTY_REVIEW, errors: {}, message: '' }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'review.form.opened': { target: 'editing', actions: 'scroll' } },
    },
    editing: {
      on: {
        'review.field.changed': { actions: 'change' },
        'review.submitted': { target: 'sending', actions: ['clearMessages', 'send'] },
        'review.form.closed': 'closed',
      },
    },
    sending: {
      tags: ['pending'],
      on: {
        'review.send.succeeded': { target: 'sent', actions: ['thank', 'settled'] },
        'review.send.rejected': { target: 'failed', actions: ['refuse', 'settled', 'focusFirstError'] },
        'review.send.failed': { target: 'failed', actions: ['refuse', 'settled', 'focusFirstError'] },
      },
    },
    sent: {
      on: { 'review.form.closed': { target: 'closed', actions: 'clearMessages' } },
    },
    failed: {
      on: {
        'review.field.changed': { target: 'editing', actions: 'change' },
        'review.submitted': { target: 'sending', actions: ['clearMessages', 'send'] },
        'review.form.closed': 'closed',
      },
    },
  },
});
