import { assign, emit, setup } from 'xstate';

export interface SharePageContext {
  /** The share form's HTML as the server sent it (the view sanitizes it). */
  form: string;
  /** The page's short URL. */
  url: string;
}

export type SharePageEvent =
  /** The share button pressed on a page: its path and query (the hash goes in the form's fragment field). */
  | { type: 'share.page.requested'; path: string }
  | { type: 'share.page.received'; form: string; url: string }
  | { type: 'share.page.failed'; message: string }
  | { type: 'share.page.closed' };

export type SharePageEmitted =
  /** POST /rescms/page/share (and the URL shortener when a token is configured). */
  | { type: 'share.page.request'; path: string }
  | { type: 'share.page.failure.logged'; message: string };

/**
 * Sharing the page (spec §2 Share modal, §4 Share button, §8): the share button on every page is
 * pending and disabled while the modal is prepared (the page's short URL and the share form
 * asked for), then the modal shows them; the button is enabled again whatever the outcome, a
 * failure being rejected silently (logged).
 */
export const sharePageMachine = setup({
  types: { context: {} as SharePageContext, events: {} as SharePageEvent, emitted: {} as SharePageEmitted },
  actions: {
    ask: emit(({ event }) => ({ type: 'share.page.request' as const, path: event.type === 'share.page.requested' ? event.path : '/' })),
    show: assign(({ event }) => (event.type === 'share.page.received' ? { form: event.form, url: event.url } : {})),
    logFailure: emit(({ event }) => ({ type: 'share.page.failure.logged' as const, message: event.type === 'share.page.failed' ? event.message : '' })),
    forget: assign({ form: '', url: '' }),
  },
}).createMachine({
  id: 'sharePage',
  context: { form: '', url: '' },
  initial: 'idle',
  states: {
    idle: {
      on: { 'share.page.requested': { target: 'preparing', actions: 'ask' } },
    },
    preparing: {
      tags: ['pending'],
      on: {
        'share.page.received': { target: 'shown', actions: 'show' },
        'share.page.failed': { target: 'idle', actions: 'logFailure' },
      },
    },
    shown: {
      on: { 'share.page.closed': { target: 'idle', actions: 'forget' } },
    },
  },
});
