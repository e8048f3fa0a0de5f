import { fromEvent, type Subscription } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import { GONE_ITEM_MESSAGE, STALE_ITEM_MESSAGE } from '@/domain/owner/site-content';
import type { ownerSiteContentMachine } from '@/machines/owner-site-content-machine';
import { HttpError } from './http-client';
import { currentItemOf, deleteSiteContent, failureMessage, fetchSiteContent, problemsOf, saveSiteContent } from './owner-api';

type SiteContent = ActorRefFrom<typeof ownerSiteContentMachine>;


/**
 * Carries out what a site-content page asks: its items, a save (POST for a new item, PUT naming
 * the revision; 409 → the current item, 422 → problems by field), a delete, focus on the first
 * field with a problem or back on the list (`focus(path)`), and the browser's warning before a
 * page with unsaved changes is left.
 */
export function connectOwnerSiteContent(actor: SiteContent, io: { focus: (path: string | null) => void; target?: Window }): () => void {
  const work: Subscription[] = [];
  const conflicted = (error: unknown): boolean => {
    if (!(error instanceof HttpError) || error.status !== 409) return false;
    const current = currentItemOf(error);
    actor.send({ type: 'item.conflicted', current, message: current ? STALE_ITEM_MESSAGE : GONE_ITEM_MESSAGE });
    return true;
  };
  const subscriptions = [
    actor.on('content.load.requested', ({ kind }) => {
      work.push(
        fetchSiteContent(kind).subscribe({
          next: ({ items, options }) => actor.send({ type: 'content.loaded', items, options }),
          error: (error: unknown) => actor.send({ type: 'content.load.failed', message: failureMessage(error) }),
        }),
      );
    }),
    actor.on('item.save.sent', ({ kind, id, revision, fields }) => {
      work.push(
        saveSiteContent(kind, id, revision, fields).subscribe({
          next: ({ item }) => actor.send({ type: 'item.saved', item }),
          error: (error: unknown) => {
            if (conflicted(error)) return;
            const problems = problemsOf(error);
            if (error instanceof HttpError && error.status === 422 && problems.length > 0) actor.send({ type: 'item.invalid', problems, message: error.message });
            else actor.send({ type: 'item.save.failed', message: failureMessage(error) });
          },
        }),
      );
    }),
    actor.on('item.delete.sent', ({ kind, id, revision }) => {
      work.push(
        deleteSiteContent(kind, id, revision).subscribe({
          next: () => actor.send({ type: 'item.deleted', id }),
          error: (error: unknown) => {
            if (!conflicted(error)) actor.send({ type: 'item.delete.failed', message: failureMessage(error) });
          },
        }),
      );
    }),
    actor.on('content.focus.requested', ({ path }) => io.focus(path)),
  ];
  const leave = fromEvent<BeforeUnloadEvent>(io.target ?? window, 'beforeunload').subscribe((event) => {
    const { context } = actor.getSnapshot();
    if (context.document !== context.saved) event.preventDefault();
  });
  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    work.forEach((subscription) => subscription.unsubscribe());
    leave.unsubscribe();
  };
}
