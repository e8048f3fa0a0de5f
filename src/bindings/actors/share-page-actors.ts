import { Subscription, type Observable } from 'rxjs';
import { createActor } from 'xstate';
import { sharePage, type ShareSettings } from '@/effects/share-client';
import { sharePageMachine } from '@/machines/share-page-machine';
import type { PageSettings } from '@/domain/settings';
import { withShareFormCode } from '../share-form-hooks';
import { defineLazyActor, type SiteActors } from './site-actors';

/** The I/O of sharing a page; tests play the server through it. */
export interface SharePageEffects {
  sharePage: (path: string, settings: ShareSettings) => Observable<{ form: string; url: string }>;
}

/** The browser's: the form's code comes with the form (withShareFormCode). */
export const browserSharePageEffects: SharePageEffects = { sharePage: (path, settings) => withShareFormCode(sharePage(path, settings)) };

/**
 * Connects the share-this-page actor (spec §2 Share modal, §4 Share button): the page's short
 * link and form asked for with the order's shortener settings, the failure logged. Returns the disposer.
 */
export function connectSharePage(actors: Pick<SiteActors, 'sharePage'>, page: PageSettings, effects: SharePageEffects = browserSharePageEffects): () => void {
  const share = actors.sharePage;
  const settings = page.settings.order;
  const requests = new Subscription();
  const handlers = [
    share.on('share.page.request', ({ path }) =>
      requests.add(
        effects
          .sharePage(path, {
            shareUrl: settings.share_url,
            shortenerToken: settings.url_shortener_token,
            shortenerUrl: settings.url_shortener_url,
            origin: window.location.origin,
          })
          .subscribe({
            next: ({ form, url }) => share.send({ type: 'share.page.received', form, url }),
            error: (error: unknown) => share.send({ type: 'share.page.failed', message: error instanceof Error ? error.message : String(error) }),
          }),
      ),
    ),
    share.on('share.page.failure.logged', ({ message }) => console.warn(`Sharing this page failed: ${message}`)),
  ];
  return () => {
    handlers.forEach((handler) => handler.unsubscribe());
    requests.unsubscribe();
  };
}

/** The share button's actor (spec §4 Share button): made with the button's live code. */
defineLazyActor('sharePage', {
  create: () => createActor(sharePageMachine),
  connect: (actor, _actors, page) => connectSharePage({ sharePage: actor }, page),
});
