import { assign, emit, setup } from 'xstate';
import { editorProblems, withValueAt } from '@/domain/owner/editor-checks';
import type { FieldProblem, ListingContent, ListingStatus, Readiness } from '@/domain/owner/listing-content';
import type { CurrentDraft, DraftInfo, ListingOptions, OwnerListingDetail, PublishedInfo } from '@/domain/owner/owner-api';

export interface OwnerEditorInput {
  eid: number;
}

export interface OwnerEditorContext {
  eid: number;
  status: ListingStatus;
  published: PublishedInfo | null;
  /** The draft revision the typed document was started from (0: there was no draft). */
  revision: number;
  /** What the owner typed. */
  document: ListingContent | null;
  /** The document as last saved or loaded: the page is dirty while `document` differs from it. */
  saved: ListingContent | null;
  /** The document of the save under way. */
  sent: ListingContent | null;
  savedAt: string | null;
  readiness: Readiness | null;
  options: ListingOptions | null;
  /** Problems by field: the browser's checks, or the server's 422 (invalid draft, blocked publish). */
  problems: FieldProblem[];
  /** Publishing's warnings: what guests, Google or the channels still lack. */
  warnings: FieldProblem[];
  /** The draft someone else saved since this one was opened (after a 409). */
  current: CurrentDraft | null;
  message: string;
}

export type OwnerEditorEvent =
  | { type: 'listing.opened' }
  | { type: 'listing.loaded'; listing: OwnerListingDetail }
  | { type: 'listing.load.failed'; message: string }
  | { type: 'listing.retried' }
  | { type: 'field.changed'; path: string; value: unknown }
  | { type: 'draft.save.requested' }
  | { type: 'draft.saved'; draft: DraftInfo; readiness: Readiness }
  | { type: 'draft.conflicted'; current: CurrentDraft; message: string }
  | { type: 'draft.invalid'; problems: FieldProblem[]; message: string }
  | { type: 'draft.save.failed'; message: string }
  | { type: 'conflict.mine.kept' }
  | { type: 'conflict.theirs.taken' }
  | { type: 'publish.requested' }
  | { type: 'publish.confirmed' }
  | { type: 'publish.cancelled' }
  | { type: 'listing.published'; version: number; publishedAt: string; warnings: FieldProblem[] }
  | { type: 'publish.blocked'; problems: FieldProblem[]; message: string }
  | { type: 'publish.failed'; message: string }
  | { type: 'draft.restored'; draft: DraftInfo }
  /** The status changed beside the editor (unpublished, archived, live again). */
  | { type: 'listing.status.changed'; status: ListingStatus }
  /** The draft was thrown away beside the editor: the published version is what there is. */
  | { type: 'draft.discarded' };

export type OwnerEditorEmitted =
  | { type: 'listing.load.requested'; eid: number }
  | { type: 'draft.save.sent'; eid: number; revision: number; document: ListingContent }
  | { type: 'publish.sent'; eid: number; revision: number }
  /** Focus goes to the first field with a problem (or the page's message). */
  | { type: 'editor.focus.requested'; path: string | null };

const BLANK_MESSAGE = '';

const isEvent = <T extends OwnerEditorEvent['type']>(event: OwnerEditorEvent, type: T): event is Extract<OwnerEditorEvent, { type: T }> => event.type === type;

/**
 * One listing's editor at /admin/listings/:eid. Edits are typed into a draft, saved with the
 * revision they started from; a stale save (409) is refused and the typed document kept beside
 * the current one until the owner keeps theirs (saved on top of the current revision) or takes
 * the other; a 422 shows its problems by field, focus on the first. Publishing shows its
 * warnings first and is refused only by what would break the page. A restored version becomes
 * the draft.
 */
export const ownerListingEditorMachine = setup({
  types: {
    input: {} as OwnerEditorInput,
    context: {} as OwnerEditorContext,
    events: {} as OwnerEditorEvent,
    emitted: {} as OwnerEditorEmitted,
  },
  actions: {
    load: emit(({ context }) => ({ type: 'listing.load.requested' as const, eid: context.eid })),
    take: assign(({ event }) => {
      if (!isEvent(event, 'listing.loaded')) return {};
      const { listing } = event;
      const document = listing.draft?.document ?? listing.published?.document ?? null;
      return {
        status: listing.status,
        published: listing.published,
        revision: listing.draft?.revision ?? 0,
        document,
        saved: document,
        savedAt: listing.draft?.savedAt ?? null,
        readiness: listing.readiness,
        options: listing.options,
        problems: [],
        message: BLANK_MESSAGE,
      };
    }),
    fail: assign(({ event }) => ('message' in event ? { message: event.message } : {})),
    change: assign(({ context, event }) => {
      if (!isEvent(event, 'field.changed') || !context.document) return {};
      return { document: withValueAt(context.document, event.path, event.value), problems: context.problems.filter((p) => p.path !== event.path) };
    }),
    check: assign(({ context }) => ({ problems: context.document ? editorProblems(context.document) : [], message: BLANK_MESSAGE })),
    markSent: assign(({ context }) => ({ sent: context.document })),
    save: emit(({ context }) => ({ type: 'draft.save.sent' as const, eid: context.eid, revision: context.revision, document: context.document as ListingContent })),
    keepSaved: assign(({ context, event }) =>
      isEvent(event, 'draft.saved')
        ? { revision: event.draft.revision, saved: context.sent ?? event.draft.document, sent: null, savedAt: event.draft.savedAt, readiness: event.readiness, problems: [], current: null, message: BLANK_MESSAGE }
        : {},
    ),
    keepConflict: assign(({ event }) => (isEvent(event, 'draft.conflicted') ? { current: event.current, message: event.message } : {})),
    onTopOfCurrent: assign(({ context }) => (context.current ? { revision: context.current.revision } : {})),
    takeTheirs: assign(({ context }) =>
      context.current ? { document: context.current.document, saved: context.current.document, revision: context.current.revision, savedAt: context.current.savedAt, current: null, message: BLANK_MESSAGE, problems: [] } : {},
    ),
    refuse: assign(({ event }) => (isEvent(event, 'draft.invalid') || isEvent(event, 'publish.blocked') ? { problems: event.problems, message: event.message } : {})),
    focusFirst: emit(({ context }) => ({ type: 'editor.focus.requested' as const, path: context.problems[0]?.path ?? null })),
    publish: emit(({ context }) => ({ type: 'publish.sent' as const, eid: context.eid, revision: context.revision })),
    keepPublished: assign(({ context, event }) =>
      isEvent(event, 'listing.published')
        ? {
            status: 'published' as const,
            warnings: event.warnings,
            published: context.saved ? { version: event.version, document: context.saved, publishedAt: event.publishedAt, publishedBy: '' } : context.published,
            message: BLANK_MESSAGE,
          }
        : {},
    ),
    restore: assign(({ event }) =>
      isEvent(event, 'draft.restored')
        ? { document: event.draft.document, saved: event.draft.document, revision: event.draft.revision, savedAt: event.draft.savedAt, problems: [], message: BLANK_MESSAGE }
        : {},
    ),
    clearMessage: assign({ message: BLANK_MESSAGE, problems: [] }),
    takeStatus: assign(({ event }) => (isEvent(event, 'listing.status.changed') ? { status: event.status } : {})),
    dropDraft: assign(({ context }) => {
      const document = context.published?.document ?? context.document;
      return { document, saved: document, revision: 0, savedAt: null, problems: [], message: BLANK_MESSAGE };
    }),
  },
  guards: {
    checksPass: ({ context }) => context.document !== null && editorProblems(context.document).length === 0,
    stillDirty: ({ context }) => context.document !== context.sent,
  },
}).createMachine({
  id: 'ownerListingEditor',
  context: ({ input }) => ({
    eid: input.eid,
    status: 'unpublished',
    published: null,
    revision: 0,
    document: null,
    saved: null,
    sent: null,
    savedAt: null,
    readiness: null,
    options: null,
    problems: [],
    warnings: [],
    current: null,
    message: BLANK_MESSAGE,
  }),
  initial: 'idle',
  states: {
    idle: { on: { 'listing.opened': { target: 'loading', actions: 'load' } } },
    loading: {
      tags: ['pending'],
      on: {
        'listing.loaded': { target: 'editing', actions: 'take' },
        'listing.load.failed': { target: 'failed', actions: 'fail' },
      },
    },
    failed: { on: { 'listing.retried': { target: 'loading', actions: 'load' } } },
    editing: {
      initial: 'clean',
      on: {
        'field.changed': { target: '.dirty', actions: 'change' },
      },
      states: {
        clean: {
          on: {
            'publish.requested': { target: '#ownerListingEditor.publishing', actions: 'clearMessage' },
            'draft.restored': { target: 'clean', actions: 'restore' },
            'listing.status.changed': { actions: 'takeStatus' },
            'draft.discarded': { target: 'clean', actions: 'dropDraft' },
          },
        },
        dirty: {
          tags: ['dirty'],
          on: {
            'draft.discarded': { target: 'clean', actions: 'dropDraft' },
            'draft.save.requested': [
              { guard: 'checksPass', target: '#ownerListingEditor.saving', actions: ['check', 'markSent', 'save'] },
              { target: '#ownerListingEditor.invalid', actions: ['check', 'focusFirst'] },
            ],
          },
        },
      },
    },
    saving: {
      tags: ['pending', 'dirty'],
      on: {
        'draft.saved': [
          // Typed on while the save was under way: still dirty (the machine keeps what was typed).
          { guard: 'stillDirty', target: 'editing.dirty', actions: 'keepSaved' },
          { target: 'editing.clean', actions: 'keepSaved' },
        ],
        'draft.conflicted': { target: 'conflict', actions: 'keepConflict' },
        'draft.invalid': { target: 'invalid', actions: ['refuse', 'focusFirst'] },
        'draft.save.failed': { target: 'saveFailed', actions: 'fail' },
        'field.changed': { actions: 'change' },
      },
    },
    /** Someone else saved since: the typed document stays, beside theirs. */
    conflict: {
      tags: ['dirty'],
      on: {
        'field.changed': { actions: 'change' },
        'conflict.mine.kept': { target: 'saving', actions: ['onTopOfCurrent', 'check', 'markSent', 'save'] },
        'conflict.theirs.taken': { target: 'editing.clean', actions: 'takeTheirs' },
      },
    },
    invalid: {
      tags: ['dirty'],
      on: {
        'field.changed': { target: 'editing.dirty', actions: 'change' },
      },
    },
    saveFailed: {
      tags: ['dirty'],
      on: {
        'field.changed': { target: 'editing.dirty', actions: 'change' },
        'draft.save.requested': { target: 'saving', actions: ['check', 'markSent', 'save'] },
      },
    },
    publishing: {
      initial: 'confirming',
      states: {
        /** The readiness warnings are shown; the owner confirms or goes back. */
        confirming: {
          on: {
            'publish.confirmed': { target: 'sending', actions: 'publish' },
            'publish.cancelled': '#ownerListingEditor.editing.clean',
          },
        },
        sending: {
          tags: ['pending'],
          on: {
            'listing.published': { target: '#ownerListingEditor.published', actions: 'keepPublished' },
            'publish.blocked': { target: 'blocked', actions: ['refuse', 'focusFirst'] },
            'draft.conflicted': { target: '#ownerListingEditor.conflict', actions: 'keepConflict' },
            'publish.failed': { target: 'confirming', actions: 'fail' },
          },
        },
        /** What would break the page: shown by field; fixing one goes back to editing. */
        blocked: {
          on: {
            'field.changed': { target: '#ownerListingEditor.editing.dirty', actions: 'change' },
            'publish.cancelled': { target: '#ownerListingEditor.editing.clean', actions: 'clearMessage' },
          },
        },
      },
    },
    published: {
      on: {
        'field.changed': { target: 'editing.dirty', actions: 'change' },
        'listing.status.changed': { actions: 'takeStatus' },
        'draft.restored': { target: 'editing.clean', actions: 'restore' },
      },
    },
  },
});
