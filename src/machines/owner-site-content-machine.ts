import { assign, emit, setup } from 'xstate';
import { withValueAt } from '@/domain/owner/editor-checks';
import type { FieldProblem } from '@/domain/owner/listing-content';
import { blankFields, SINGLE_KINDS, slugOf, validateSiteContent, type SiteContentItem, type SiteContentKind, type SiteContentOptions } from '@/domain/owner/site-content';

export interface OwnerSiteContentInput {
  kind: SiteContentKind;
  /** Today in the site's calendar (YYYY-MM-DD): a new special or event starts on it. */
  today: string;
}

export interface OwnerSiteContentContext {
  kind: SiteContentKind;
  today: string;
  items: SiteContentItem[];
  options: SiteContentOptions;
  /** The item open in the form: its id (null: a new one) and the revision its fields were read at. */
  id: string | null;
  revision: string;
  /** What the owner typed (null: no item is open). */
  document: unknown;
  /** The fields as last loaded or saved: the form is dirty while `document` differs from them. */
  saved: unknown;
  problems: FieldProblem[];
  /** The item as someone else saved it since this one was opened (null: they deleted it). */
  current: SiteContentItem | null;
  message: string;
  /** What the last save or delete did, for the status line ('Saved.', 'Deleted.'). */
  notice: string;
}

export type OwnerSiteContentEvent =
  | { type: 'content.opened' }
  | { type: 'content.loaded'; items: SiteContentItem[]; options: SiteContentOptions }
  | { type: 'content.load.failed'; message: string }
  | { type: 'content.retried' }
  | { type: 'item.selected'; id: string }
  | { type: 'item.added' }
  | { type: 'item.closed' }
  /** Closes the form and drops what was typed since the last save. */
  | { type: 'item.discarded' }
  | { type: 'field.changed'; path: string; value: unknown }
  | { type: 'item.save.requested' }
  | { type: 'item.saved'; item: SiteContentItem }
  | { type: 'item.invalid'; problems: FieldProblem[]; message: string }
  | { type: 'item.conflicted'; current: SiteContentItem | null; message: string }
  | { type: 'item.save.failed'; message: string }
  | { type: 'conflict.mine.kept' }
  | { type: 'conflict.theirs.taken' }
  | { type: 'item.delete.requested' }
  | { type: 'item.delete.cancelled' }
  | { type: 'item.delete.confirmed' }
  | { type: 'item.deleted'; id: string }
  | { type: 'item.delete.failed'; message: string };

export type OwnerSiteContentEmitted =
  | { type: 'content.load.requested'; kind: SiteContentKind }
  | { type: 'item.save.sent'; kind: SiteContentKind; id: string | null; revision: string; fields: unknown }
  | { type: 'item.delete.sent'; kind: SiteContentKind; id: string; revision: string }
  /** Focus goes to the first field with a problem (null: the form's message), or to the list after a close. */
  | { type: 'content.focus.requested'; path: string | null };

const isEvent = <T extends OwnerSiteContentEvent['type']>(event: OwnerSiteContentEvent, type: T): event is Extract<OwnerSiteContentEvent, { type: T }> => event.type === type;

const NO_OPTIONS: SiteContentOptions = { listings: [], areas: [] };
const closed = { id: null, revision: '', document: null, saved: null, problems: [], current: null, message: '' };

/**
 * One kind of the site's content at /admin/content/{kind}: specials, events and things to do,
 * content pages (a list, an item open in a form), or the community photos and the site's details
 * (one item, open at once). A save names the revision its fields were read at; a stale one (409)
 * keeps what was typed beside the current item until the owner keeps theirs or takes the other;
 * a 422 shows its problems by field, focus on the first. Deleting asks first.
 */
export const ownerSiteContentMachine = setup({
  types: {
    input: {} as OwnerSiteContentInput,
    context: {} as OwnerSiteContentContext,
    events: {} as OwnerSiteContentEvent,
    emitted: {} as OwnerSiteContentEmitted,
  },
  actions: {
    load: emit(({ context }) => ({ type: 'content.load.requested' as const, kind: context.kind })),
    take: assign(({ event }) => (isEvent(event, 'content.loaded') ? { items: event.items, options: event.options, message: '' } : {})),
    fail: assign(({ event }) => ('message' in event ? { message: event.message } : {})),
    openFirst: assign(({ context }) => {
      const item = context.items[0];
      return item ? { id: item.id, revision: item.revision, document: item.fields, saved: item.fields, problems: [], message: '', notice: '' } : {};
    }),
    open: assign(({ context, event }) => {
      const item = isEvent(event, 'item.selected') ? context.items.find((candidate) => candidate.id === event.id) : undefined;
      return item ? { ...closed, id: item.id, revision: item.revision, document: item.fields, saved: item.fields, notice: '' } : {};
    }),
    openBlank: assign(({ context }) => {
      const fields = blankFields(context.kind, context.today);
      return { ...closed, document: fields, saved: fields, notice: '' };
    }),
    close: assign(closed),
    focusList: emit({ type: 'content.focus.requested' as const, path: 'list' }),
    change: assign(({ context, event }) => {
      if (!isEvent(event, 'field.changed')) return {};
      let document = withValueAt(context.document, event.path, event.value);
      // A new page's or event's address follows its title until the owner types an address of their own.
      const before = context.document as { title?: unknown; slug?: unknown } | null;
      if (event.path === 'title' && context.id === null && (context.kind === 'pages' || context.kind === 'events') && typeof before?.title === 'string' && before.slug === slugOf(before.title)) {
        document = withValueAt(document, 'slug', slugOf(String(event.value)));
      }
      return { document, problems: context.problems.filter((p) => p.path !== event.path), notice: '' };
    }),
    check: assign(({ context }) => ({ problems: validateSiteContent(context.kind, context.document), message: '' })),
    save: emit(({ context }) => ({ type: 'item.save.sent' as const, kind: context.kind, id: context.id, revision: context.revision, fields: context.document })),
    keepSaved: assign(({ context, event }) => {
      if (!isEvent(event, 'item.saved')) return {};
      const { item } = event;
      const known = context.items.some((candidate) => candidate.id === context.id);
      const items = known ? context.items.map((candidate) => (candidate.id === context.id ? item : candidate)) : [...context.items, item];
      return { items, id: item.id, revision: item.revision, document: item.fields, saved: item.fields, problems: [], current: null, message: '', notice: 'Saved. Guests see it now.' };
    }),
    refuse: assign(({ event }) => (isEvent(event, 'item.invalid') ? { problems: event.problems, message: event.message } : {})),
    focusFirst: emit(({ context }) => ({ type: 'content.focus.requested' as const, path: context.problems[0]?.path ?? null })),
    keepConflict: assign(({ event }) => (isEvent(event, 'item.conflicted') ? { current: event.current, message: event.message } : {})),
    // Theirs was deleted: keeping mine saves it as a new item.
    onTopOfCurrent: assign(({ context }) => (context.current ? { revision: context.current.revision } : { id: null, revision: '' })),
    takeTheirs: assign(({ context }) => {
      const current = context.current;
      if (!current) return {};
      return {
        items: context.items.map((candidate) => (candidate.id === context.id ? current : candidate)),
        id: current.id,
        revision: current.revision,
        document: current.fields,
        saved: current.fields,
        current: null,
        problems: [],
        message: '',
      };
    }),
    dropTheirs: assign(({ context }) => ({ ...closed, items: context.items.filter((candidate) => candidate.id !== context.id) })),
    remove: emit(({ context }) => ({ type: 'item.delete.sent' as const, kind: context.kind, id: context.id ?? '', revision: context.revision })),
    keepDeleted: assign(({ context, event }) => (isEvent(event, 'item.deleted') ? { ...closed, items: context.items.filter((candidate) => candidate.id !== event.id), notice: 'Deleted.' } : {})),
  },
  guards: {
    single: ({ context }) => SINGLE_KINDS.has(context.kind),
    listed: ({ context, event }) => isEvent(event, 'item.selected') && context.items.some((item) => item.id === event.id),
    checksPass: ({ context }) => validateSiteContent(context.kind, context.document).length === 0,
    /** A list's form with nothing typed since it was loaded or saved. */
    closable: ({ context }) => !SINGLE_KINDS.has(context.kind) && context.document === context.saved,
    /** A list's form with something typed since. */
    discardable: ({ context }) => !SINGLE_KINDS.has(context.kind) && context.document !== context.saved,
    stored: ({ context }) => context.id !== null && !SINGLE_KINDS.has(context.kind),
    theirsGone: ({ context }) => context.current === null,
  },
}).createMachine({
  id: 'ownerSiteContent',
  context: ({ input }) => ({
    kind: input.kind,
    today: input.today,
    items: [],
    options: NO_OPTIONS,
    ...closed,
    notice: '',
  }),
  initial: 'idle',
  states: {
    idle: { on: { 'content.opened': { target: 'loading', actions: 'load' } } },
    loading: {
      tags: ['pending'],
      on: {
        'content.loaded': [
          { guard: 'single', target: 'editing', actions: ['take', 'openFirst'] },
          { target: 'browsing', actions: 'take' },
        ],
        'content.load.failed': { target: 'failed', actions: 'fail' },
      },
    },
    failed: { on: { 'content.retried': { target: 'loading', actions: 'load' } } },
    browsing: {
      on: {
        'item.selected': { guard: 'listed', target: 'editing', actions: 'open' },
        'item.added': { target: 'editing', actions: 'openBlank' },
      },
    },
    editing: {
      on: {
        'field.changed': { actions: 'change' },
        'item.save.requested': [
          { guard: 'checksPass', target: 'saving', actions: ['check', 'save'] },
          { actions: ['check', 'focusFirst'] },
        ],
        'item.closed': { guard: 'closable', target: 'browsing', actions: ['close', 'focusList'] },
        'item.discarded': { guard: 'discardable', target: 'browsing', actions: ['close', 'focusList'] },
        'item.delete.requested': { guard: 'stored', target: 'confirmingDelete' },
      },
    },
    saving: {
      tags: ['pending'],
      on: {
        'item.saved': { target: 'editing', actions: 'keepSaved' },
        'item.invalid': { target: 'editing', actions: ['refuse', 'focusFirst'] },
        'item.conflicted': { target: 'conflict', actions: 'keepConflict' },
        'item.save.failed': { target: 'saveFailed', actions: 'fail' },
      },
    },
    /** Someone else saved or deleted it since: what was typed stays, beside theirs. */
    conflict: {
      on: {
        'field.changed': { actions: 'change' },
        'conflict.mine.kept': { target: 'saving', actions: ['onTopOfCurrent', 'check', 'save'] },
        'conflict.theirs.taken': [
          { guard: 'theirsGone', target: 'browsing', actions: ['dropTheirs', 'focusList'] },
          { target: 'editing', actions: 'takeTheirs' },
        ],
      },
    },
    /** The server did not answer: what was typed stays; saving again sends it again. */
    saveFailed: {
      on: {
        'field.changed': { target: 'editing', actions: 'change' },
        'item.save.requested': { target: 'saving', actions: ['check', 'save'] },
        'item.closed': { guard: 'closable', target: 'browsing', actions: ['close', 'focusList'] },
        'item.discarded': { guard: 'discardable', target: 'browsing', actions: ['close', 'focusList'] },
      },
    },
    confirmingDelete: {
      on: {
        'item.delete.cancelled': 'editing',
        'item.delete.confirmed': { target: 'deleting', actions: 'remove' },
      },
    },
    deleting: {
      tags: ['pending'],
      on: {
        'item.deleted': { target: 'browsing', actions: ['keepDeleted', 'focusList'] },
        'item.conflicted': { target: 'conflict', actions: 'keepConflict' },
        'item.delete.failed': { target: 'editing', actions: 'fail' },
      },
    },
  },
});
