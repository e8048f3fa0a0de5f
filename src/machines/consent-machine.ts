import { assign, enqueueActions, setup } from 'xstate';

/** What the visitor allows: analytics cookies (GA4's analytics_storage) and advertising (ad_storage, ad_user_data, ad_personalization). */
export interface ConsentChoice {
  analytics: boolean;
  ads: boolean;
}
export type ConsentCategory = keyof ConsentChoice;

const ALL: ConsentChoice = { analytics: true, ads: true };
const NONE: ConsentChoice = { analytics: false, ads: false };

type ConsentEvent =
  /** The stored choice was read (null: none, or one that could not be read). */
  | { type: 'consent.restored'; choice: ConsentChoice | null }
  | { type: 'consent.accepted' }
  | { type: 'consent.rejected' }
  /** 'Choose': the per-category settings. */
  | { type: 'consent.choose.opened' }
  | { type: 'consent.category.toggled'; category: ConsentCategory }
  | { type: 'consent.saved' }
  /** The settings closed without saving. */
  | { type: 'consent.closed' }
  /** The footer's 'Cookie settings' link. */
  | { type: 'consent.reopened' };

type ConsentEmitted =
  /** Keep the choice (local storage). */
  | { type: 'consent.store.requested'; choice: ConsentChoice }
  /** Tell GA4 (Consent Mode v2 update; its script loads only once something is granted). */
  | { type: 'consent.applied'; choice: ConsentChoice };

export interface ConsentContext {
  /** The visitor's choice; null until made. */
  choice: ConsentChoice | null;
  /** The per-category settings being edited. */
  draft: ConsentChoice;
}

/**
 * Cookie consent for GA4 (issue 16 Consent): until the stored choice is read nothing is shown;
 * without one the banner asks (accept, reject, choose per category); a choice is stored and
 * applied, and the footer's 'Cookie settings' opens the categories again. The banner shows in
 * the states tagged 'banner'. The first-party collector needs no consent and is not asked.
 */
export const consentMachine = setup({
  types: { context: {} as ConsentContext, events: {} as ConsentEvent, emitted: {} as ConsentEmitted },
  guards: {
    restoredChoice: ({ event }) => event.type === 'consent.restored' && event.choice !== null,
    hasChoice: ({ context }) => context.choice !== null,
  },
  actions: {
    /** Takes the choice of the event (accept: all, reject: none, save: the draft) and tells the effects. */
    decide: enqueueActions(({ context, event, enqueue }) => {
      const choice =
        event.type === 'consent.accepted' ? ALL : event.type === 'consent.rejected' ? NONE : event.type === 'consent.restored' ? (event.choice ?? NONE) : context.draft;
      enqueue.assign({ choice, draft: choice });
      if (event.type !== 'consent.restored') enqueue.emit({ type: 'consent.store.requested', choice });
      enqueue.emit({ type: 'consent.applied', choice });
    }),
    toggle: assign({
      draft: ({ context, event }) => (event.type === 'consent.category.toggled' ? { ...context.draft, [event.category]: !context.draft[event.category] } : context.draft),
    }),
    editCurrent: assign({ draft: ({ context }) => context.choice ?? NONE }),
  },
}).createMachine({
  id: 'consent',
  context: { choice: null, draft: NONE },
  initial: 'unknown',
  states: {
    /** The stored choice has not been read yet (the server's render and before hydration). */
    unknown: {
      on: {
        'consent.restored': [{ guard: 'restoredChoice', target: 'decided', actions: 'decide' }, { target: 'asking' }],
      },
    },
    asking: {
      tags: ['banner'],
      on: {
        'consent.accepted': { target: 'decided', actions: 'decide' },
        'consent.rejected': { target: 'decided', actions: 'decide' },
        'consent.choose.opened': { target: 'choosing', actions: 'editCurrent' },
      },
    },
    choosing: {
      tags: ['banner'],
      on: {
        'consent.category.toggled': { actions: 'toggle' },
        'consent.saved': { target: 'decided', actions: 'decide' },
        'consent.accepted': { target: 'decided', actions: 'decide' },
        'consent.rejected': { target: 'decided', actions: 'decide' },
        'consent.closed': [{ guard: 'hasChoice', target: 'decided', actions: 'editCurrent' }, { target: 'asking' }],
      },
    },
    decided: {
      on: { 'consent.reopened': { target: 'choosing', actions: 'editCurrent' } },
    },
  },
});
