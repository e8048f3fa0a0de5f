import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { InspectProvider } from '@/bindings/inspect-context';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { ASYNC_SUBMITTED_EVENT, CAPTCHA_RESPONSE_FIELD } from '@/domain/lead-forms';
import { REVIEW_FIELDS, REVIEW_HONEYPOT_FIELD, REVIEW_MESSAGES } from '@/domain/review-form';
import { REVIEW_URL } from '@/effects/review-form';
import { reviewFormMachine } from '@/machines/review-form-machine';
import { WriteReview } from '@/views/listing/write-review';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { mountSite, pageSettings, type MountedSite } from './site-harness';

type ReviewSnapshot = SnapshotFrom<typeof reviewFormMachine>;
type ReviewEvent = EventFrom<typeof reviewFormMachine>;
type ModelEvent = Via<ReviewEvent>;

const EID = 1002;
const LISTING = 'Dune House';
const TEXT = 'Quiet nights, a kitchen with all we needed and the beach at the end of the path.';
const REFUSED = { name: REVIEW_MESSAGES.nameMissing, stayMonth: REVIEW_MESSAGES.stayMissing };

const events: ModelEvent[] = [
  { type: 'review.form.opened', via: "presses 'Write a review'" },
  { type: 'review.form.closed', via: 'presses Escape' },
  { type: 'review.field.changed', field: 'text', value: TEXT, via: 'types the review' },
  { type: 'review.submitted', extra: { [CAPTCHA_RESPONSE_FIELD]: '', [REVIEW_HONEYPOT_FIELD]: '' }, via: "presses 'Send review'" },
  { type: 'review.send.succeeded', message: REVIEW_MESSAGES.sent, via: 'the server stores the review (201)' },
  { type: 'review.send.rejected', errors: REFUSED, message: 'Please check the fields marked.', via: 'the server refuses two fields (400)' },
  { type: 'review.send.failed', message: REVIEW_MESSAGES.failed, via: 'the server fails (500)' },
];

const coverage = new ModelCoverage(reviewFormMachine);

/** One request to POST /api/reviews at a time, answered when the test says. */
interface PendingPost {
  body: Record<string, unknown>;
  answer: (status: number, body: unknown) => void;
}

function reviewDriver(): PathDriver<ReviewSnapshot, ReviewEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let posts: PendingPost[] = [];
  let settled = 0;
  const onSettled = () => settled++;
  const dialog = () => screen.queryByRole('dialog', { name: 'Write a review' });
  return {
    start: () => {
      user = userEvent.setup();
      posts = [];
      settled = 0;
      document.addEventListener(ASYNC_SUBMITTED_EVENT, onSettled);
      // jsdom lays nothing out: the scroll to the form is measured in the browser (e2e/review-form.spec.ts).
      vi.stubGlobal('scrollTo', () => undefined);
      vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
        expect(url).toBe(REVIEW_URL);
        return new Promise<Response>((resolve) => {
          posts.push({ body: JSON.parse(String(init.body)) as Record<string, unknown>, answer: (status, body) => resolve(new Response(JSON.stringify(body), { status })) });
        });
      });
      const page = pageSettings();
      site = mountSite(
        <InspectProvider inspect={coverage.inspect}>
          <WriteReview eid={EID} listingName={LISTING} />
        </InspectProvider>,
        page,
        createSiteActors(page, window.location.origin),
      );
    },
    perform: async (event, before) => {
      switch (event.type) {
        case 'review.form.opened':
          await user.click(screen.getByRole('button', { name: 'Write a review' }));
          await screen.findByRole('dialog', { name: 'Write a review' });
          return;
        case 'review.form.closed':
          await user.keyboard('{Escape}');
          return;
        case 'review.field.changed':
          await user.clear(screen.getByLabelText('Your review'));
          return user.type(screen.getByLabelText('Your review'), event.value);
        case 'review.submitted':
          await user.click(screen.getByRole('button', { name: 'Send review' }));
          // Spec §4: the form's other fields go with the entries (the captcha's response field, the honeypot).
          expect(posts.at(-1)?.body).toEqual({ eid: EID, ...before.context.entries, ...event.extra });
          return;
        case 'review.send.succeeded':
        case 'review.send.rejected':
        case 'review.send.failed': {
          const post = posts.at(-1);
          if (!post) throw new Error('No review was sent');
          const was = settled;
          if (event.type === 'review.send.succeeded') post.answer(201, { message: event.message });
          else if (event.type === 'review.send.rejected') post.answer(400, { statusCode: 400, message: event.message, errors: event.errors });
          else post.answer(500, { statusCode: 500, message: 'Something went wrong on our side. Please try again.' });
          // The captcha resets once the asynchronous submit is over, whatever its outcome.
          await waitFor(() => expect(settled).toBe(was + 1));
          return;
        }
      }
    },
    expectState: async (state) => {
      const open = dialog();
      if (state.matches('closed')) {
        await waitFor(() => expect(dialog()).toBeNull());
        return;
      }
      if (!open) throw new Error('The review form is not open');
      const scope = within(open);
      if (state.matches('sent')) {
        expect(scope.getByRole('status').textContent).toBe(REVIEW_MESSAGES.sent);
        expect(open.querySelector('form')).toBeNull();
        return;
      }
      const form = scope.getByRole('form', { name: `Review of ${LISTING}` });
      // Every entry is kept: through a failure and a closed modal alike.
      expect((scope.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe(state.context.entries.text);
      const send = scope.getByRole('button', { name: /Send review|Sending/ });
      expect(send.hasAttribute('data-pending')).toBe(state.matches('sending'));
      const alert = scope.queryByRole('alert');
      expect(alert?.textContent ?? '').toBe(state.context.message);
      for (const field of REVIEW_FIELDS) {
        const message = state.context.errors[field];
        const shown = message === undefined ? null : scope.getByText(message);
        expect(shown !== null).toBe(message !== undefined);
        if (shown && field !== 'rating') {
          // The message describes its field (aria-describedby) and the field is marked invalid.
          const input = form.querySelector(`[data-review-field="${field}"]`) as HTMLElement;
          expect(input.getAttribute('aria-describedby')).toBe(shown.id);
          expect(input.getAttribute('aria-invalid')).toBe('true');
        }
      }
      if (state.matches('failed')) {
        // Focus goes to the first field with an error, else to the form's message.
        const first = REVIEW_FIELDS.find((field) => state.context.errors[field] !== undefined);
        await waitFor(() => {
          const focused = document.activeElement as HTMLElement;
          if (first) expect(focused.closest(`[data-review-field="${first}"]`) ?? (focused.dataset.reviewField === first ? focused : null)).not.toBeNull();
          else expect(focused.hasAttribute('data-review-message')).toBe(true);
        });
      }
    },
    stop: () => {
      document.removeEventListener(ASYNC_SUBMITTED_EVENT, onSettled);
      act(() => site?.unmount());
      vi.unstubAllGlobals();
    },
  };
}

describe('review form machine, walked through the listing page’s Write a review button and its modal', () => {
  afterAll(() => coverage.write());
  const model = createTestModel(reviewFormMachine, {
    input: { eid: EID },
    events,
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, text: snapshot.context.entries.text, errors: snapshot.context.errors, message: snapshot.context.message }),
  });
  for (const path of planPaths(model, reviewFormMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, reviewDriver());
    });
  }
});
