import { deferred } from '@/bindings/deferred';
import { island } from '@/bindings/island';

/**
 * The share-this-page button of every page (spec §2 Share modal, §4 Share button). The server
 * renders the button; its code (the machine, the modal and the form) arrives on intent.
 */
export const SharePageButton = island(
  deferred(() => import('./page-share-live')),
  (module) => module.SharePageLive,
  { name: 'share-page' },
);
