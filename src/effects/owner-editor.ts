import { fromEvent, type Subscription } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { ownerHistoryMachine } from '@/machines/owner-history-machine';
import type { ownerListingEditorMachine } from '@/machines/owner-listing-editor-machine';
import type { ownerListingStatusMachine } from '@/machines/owner-listing-status-machine';
import type { ownerQuotePreviewMachine } from '@/machines/owner-quote-preview-machine';
import { HttpError } from './http-client';
import { currentDraftOf, discardDraft, failureMessage, fetchListing, fetchQuotePreview, fetchVersions, problemsOf, publishListing, restoreVersion, saveDraft, setListingStatus, STALE_MESSAGE } from './owner-api';

type Editor = ActorRefFrom<typeof ownerListingEditorMachine>;

/**
 * Carries out what the listing editor asks: the listing, the draft's PUT (409 → the current
 * draft, 422 → problems by field), the publish, focus on the first field with a problem
 * (`focusPath(path)`), and the browser's warning before leaving a page with unsaved changes.
 */
export function connectOwnerEditor(editor: Editor, io: { focusPath: (path: string | null) => void; target?: Window }): () => void {
  const work: Subscription[] = [];
  const stale = (error: unknown) => (error instanceof HttpError && error.status === 409 ? currentDraftOf(error) : null);
  const subscriptions = [
    editor.on('listing.load.requested', ({ eid }) => {
      work.push(
        fetchListing(eid).subscribe({
          next: (listing) => editor.send({ type: 'listing.loaded', listing }),
          error: (error: unknown) => editor.send({ type: 'listing.load.failed', message: failureMessage(error) }),
        }),
      );
    }),
    editor.on('draft.save.sent', ({ eid, revision, document }) => {
      work.push(
        saveDraft(eid, revision, document).subscribe({
          next: ({ draft, readiness }) => editor.send({ type: 'draft.saved', draft, readiness }),
          error: (error: unknown) => {
            const current = stale(error);
            const problems = problemsOf(error);
            if (current) editor.send({ type: 'draft.conflicted', current, message: STALE_MESSAGE });
            else if (error instanceof HttpError && error.status === 422 && problems.length > 0) editor.send({ type: 'draft.invalid', problems, message: error.message });
            else editor.send({ type: 'draft.save.failed', message: failureMessage(error) });
          },
        }),
      );
    }),
    editor.on('publish.sent', ({ eid, revision }) => {
      work.push(
        publishListing(eid, revision).subscribe({
          next: ({ version, publishedAt, warnings }) => editor.send({ type: 'listing.published', version, publishedAt, warnings }),
          error: (error: unknown) => {
            const current = stale(error);
            const problems = problemsOf(error);
            if (current) editor.send({ type: 'draft.conflicted', current, message: STALE_MESSAGE });
            else if (error instanceof HttpError && error.status === 422 && problems.length > 0) editor.send({ type: 'publish.blocked', problems, message: error.message });
            else editor.send({ type: 'publish.failed', message: failureMessage(error) });
          },
        }),
      );
    }),
    editor.on('editor.focus.requested', ({ path }) => io.focusPath(path)),
  ];
  // The browser asks before a page with unsaved changes is left (its own wording; pages may not set it).
  const leave = fromEvent<BeforeUnloadEvent>(io.target ?? window, 'beforeunload').subscribe((event) => {
    if (editor.getSnapshot().hasTag('dirty')) event.preventDefault();
  });
  return () => {
    leave.unsubscribe();
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    work.forEach((subscription) => subscription.unsubscribe());
  };
}

/** The quote preview's POST; a newer request replaces the one under way. */
export function connectOwnerQuotes(actor: ActorRefFrom<typeof ownerQuotePreviewMachine>): () => void {
  let running: Subscription | null = null;
  const subscription = actor.on('quotes.fetch.requested', ({ eid, document }) => {
    running?.unsubscribe();
    running = fetchQuotePreview(eid, document).subscribe({
      next: (preview) => actor.send({ type: 'quotes.received', preview }),
      error: (error: unknown) => actor.send({ type: 'quotes.failed', message: failureMessage(error) }),
    });
  });
  return () => {
    subscription.unsubscribe();
    running?.unsubscribe();
  };
}

/** The history's list and restores; a restored draft goes to the editor. */
export function connectOwnerHistory(actor: ActorRefFrom<typeof ownerHistoryMachine>, editor: Editor): () => void {
  const work: Subscription[] = [];
  const subscriptions = [
    actor.on('history.fetch.requested', ({ eid }) => {
      work.push(
        fetchVersions(eid).subscribe({
          next: ({ versions }) => actor.send({ type: 'history.loaded', versions }),
          error: (error: unknown) => actor.send({ type: 'history.load.failed', message: failureMessage(error) }),
        }),
      );
    }),
    actor.on('version.restore.sent', ({ eid, version, revision }) => {
      work.push(
        restoreVersion(eid, version, revision).subscribe({
          next: ({ draft }) => actor.send({ type: 'version.restored', draft }),
          error: (error: unknown) =>
            actor.send({ type: 'version.restore.failed', message: error instanceof HttpError && error.status === 409 ? STALE_MESSAGE : failureMessage(error) }),
        }),
      );
    }),
    actor.on('version.draft.replaced', ({ draft }) => editor.send({ type: 'draft.restored', draft })),
  ];
  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    work.forEach((subscription) => subscription.unsubscribe());
  };
}

export const DISCARD_STALE_MESSAGE = 'Someone else saved this draft since you opened it, so nothing was discarded. Reload the page to see their draft first.';

/** A refusal the owner can act on (409 someone else saved, 422 stays ahead) says why; anything else is a failure. */
const refusal = (error: unknown): string | null => (error instanceof HttpError && (error.status === 409 || error.status === 422) ? error.message : null);

/**
 * Carries out the status actor's changes: the status POST and the draft's DELETE; a success is
 * told to the editor too (its status, or the published version as the document).
 */
export function connectOwnerStatus(status: ActorRefFrom<typeof ownerListingStatusMachine>, editor: Editor): () => void {
  const work: Subscription[] = [];
  const failed = (discarding: boolean) => (error: unknown) => {
    const refused = discarding && error instanceof HttpError && error.status === 409 ? DISCARD_STALE_MESSAGE : refusal(error);
    status.send(refused ? { type: 'change.refused', message: refused } : { type: 'change.failed', message: failureMessage(error) });
  };
  const subscriptions = [
    status.on('status.sent', ({ eid, status: wanted, version }) => {
      work.push(
        setListingStatus(eid, wanted, version).subscribe({
          next: ({ status: now }) => {
            status.send({ type: 'status.changed', status: now });
            editor.send({ type: 'listing.status.changed', status: now });
          },
          error: failed(false),
        }),
      );
    }),
    status.on('discard.sent', ({ eid, revision }) => {
      work.push(
        discardDraft(eid, revision).subscribe({
          next: () => {
            status.send({ type: 'draft.discarded' });
            editor.send({ type: 'draft.discarded' });
          },
          error: failed(true),
        }),
      );
    }),
  ];
  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    work.forEach((subscription) => subscription.unsubscribe());
  };
}
