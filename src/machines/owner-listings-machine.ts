import { assign, emit, setup } from 'xstate';
import { newListingProblems, type NewListingEntries } from '@/domain/owner/editor-checks';
import type { FieldProblem } from '@/domain/owner/listing-content';
import type { OwnerListingRow } from '@/domain/owner/owner-api';

export interface OwnerListingsContext {
  listings: OwnerListingRow[];
  message: string;
  entries: NewListingEntries;
  /** The 'Add a home' dialog's problems by field (the browser's own checks or the server's 422). */
  problems: FieldProblem[];
}

export type OwnerListingsEvent =
  | { type: 'listings.opened' }
  | { type: 'listings.loaded'; listings: OwnerListingRow[] }
  | { type: 'listings.load.failed'; message: string }
  | { type: 'listings.retried' }
  | { type: 'listing.add.opened' }
  | { type: 'listing.add.closed' }
  | { type: 'listing.add.changed'; field: keyof NewListingEntries; value: string }
  | { type: 'listing.add.submitted' }
  | { type: 'listing.created'; eid: number }
  | { type: 'listing.create.rejected'; problems: FieldProblem[]; message: string }
  | { type: 'listing.create.failed'; message: string };

export type OwnerListingsEmitted =
  | { type: 'listings.load.requested' }
  | { type: 'listing.create.requested'; entries: NewListingEntries }
  | { type: 'listing.editor.requested'; eid: number }
  | { type: 'listing.add.focus.requested'; field: keyof NewListingEntries | 'message' };

const EMPTY: NewListingEntries = { name: '', propertyCode: '', area: '', type: '' };
const FIELDS: Array<keyof NewListingEntries> = ['name', 'propertyCode', 'area', 'type'];

/**
 * The owner's list of rentals at /admin/listings: loaded once the page runs, failed with Try
 * again; the 'Add a home' dialog checks its four fields, posts them and opens the new listing's
 * editor, or shows the server's problems next to the fields.
 */
export const ownerListingsMachine = setup({
  types: { context: {} as OwnerListingsContext, events: {} as OwnerListingsEvent, emitted: {} as OwnerListingsEmitted },
  actions: {
    load: emit({ type: 'listings.load.requested' }),
    keep: assign(({ event }) => (event.type === 'listings.loaded' ? { listings: event.listings, message: '' } : {})),
    fail: assign(({ event }) => ('message' in event ? { message: event.message } : {})),
    reset: assign({ entries: EMPTY, problems: [], message: '' }),
    change: assign(({ context, event }) =>
      event.type === 'listing.add.changed'
        ? { entries: { ...context.entries, [event.field]: event.value }, problems: context.problems.filter((p) => p.path !== event.field) }
        : {},
    ),
    check: assign(({ context }) => ({ problems: newListingProblems(context.entries), message: '' })),
    create: emit(({ context }) => ({ type: 'listing.create.requested' as const, entries: context.entries })),
    refuse: assign(({ event }) => (event.type === 'listing.create.rejected' ? { problems: event.problems, message: event.message } : {})),
    focusFirst: emit(({ context }) => ({
      type: 'listing.add.focus.requested' as const,
      field: FIELDS.find((field) => context.problems.some((p) => p.path === field)) ?? ('message' as const),
    })),
    openEditor: emit(({ event }) => ({ type: 'listing.editor.requested' as const, eid: event.type === 'listing.created' ? event.eid : 0 })),
  },
  guards: {
    entriesOk: ({ context }) => newListingProblems(context.entries).length === 0,
  },
}).createMachine({
  id: 'ownerListings',
  context: { listings: [], message: '', entries: EMPTY, problems: [] },
  initial: 'idle',
  states: {
    idle: { on: { 'listings.opened': { target: 'loading', actions: 'load' } } },
    loading: {
      tags: ['pending'],
      on: {
        'listings.loaded': { target: 'ready', actions: 'keep' },
        'listings.load.failed': { target: 'failed', actions: 'fail' },
      },
    },
    failed: { on: { 'listings.retried': { target: 'loading', actions: 'load' } } },
    ready: {
      initial: 'browsing',
      states: {
        browsing: { on: { 'listing.add.opened': { target: 'adding', actions: 'reset' } } },
        adding: {
          on: {
            'listing.add.changed': { actions: 'change' },
            'listing.add.closed': 'browsing',
            'listing.add.submitted': [
              { guard: 'entriesOk', target: 'creating', actions: ['check', 'create'] },
              { target: 'adding', actions: ['check', 'focusFirst'] },
            ],
          },
        },
        creating: {
          tags: ['pending'],
          on: {
            'listing.created': { target: 'created', actions: 'openEditor' },
            'listing.create.rejected': { target: 'createFailed', actions: ['refuse', 'focusFirst'] },
            'listing.create.failed': { target: 'createFailed', actions: ['fail', 'focusFirst'] },
          },
        },
        /** The server refused the entries (problems by field) or did not answer (a message): all typed is kept. */
        createFailed: {
          on: {
            'listing.add.changed': { target: 'adding', actions: 'change' },
            'listing.add.closed': 'browsing',
            // The entries passed the checks to get here and have not changed since.
            'listing.add.submitted': { target: 'creating', actions: ['check', 'create'] },
          },
        },
        created: { tags: ['pending'] },
      },
    },
  },
});
