import { createContext, useContext, useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { valueAt } from '@/domain/owner/editor-checks';
import { readiness } from '@/domain/owner/readiness';
import type { FieldProblem, ListingContent, ListingStatus, Readiness } from '@/domain/owner/listing-content';
import type { CurrentDraft, ListingOptions, ListingVersion, PublishedInfo, QuotePreview } from '@/domain/owner/owner-api';
import { focusInView } from '@/effects/focus';
import { connectOwnerEditor, connectOwnerHistory, connectOwnerQuotes, connectOwnerStatus } from '@/effects/owner-editor';
import { previewUrl } from '@/effects/owner-api';
import { ownerHistoryMachine } from '@/machines/owner-history-machine';
import { ownerListingEditorMachine } from '@/machines/owner-listing-editor-machine';
import { ownerListingStatusMachine, type StatusChange } from '@/machines/owner-listing-status-machine';
import { ownerQuotePreviewMachine } from '@/machines/owner-quote-preview-machine';
import { useInspect } from './inspect-context';

export type EditorActor = ActorRefFrom<typeof ownerListingEditorMachine>;

export interface OwnerEditorActors {
  editor: EditorActor;
  quotes: ActorRefFrom<typeof ownerQuotePreviewMachine>;
  history: ActorRefFrom<typeof ownerHistoryMachine>;
  status: ActorRefFrom<typeof ownerListingStatusMachine>;
}

/** The id of the input of the field at `path`: labels, problems and focus find it by it. */
export const fieldId = (path: string): string => `field-${path.replace(/\./g, '-')}`;

/** The field of `path`, or of the nearest path above it that has one (a season's dates, a table's row). */
export function fieldElement(path: string | null): HTMLElement | null {
  const parts = path === null ? [] : path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const element = document.getElementById(fieldId(parts.slice(0, n).join('.')));
    if (element) return element;
  }
  return null;
}

/**
 * The editor's actors (the listing, its quote preview, its history), wired to their effects; the
 * editor's page provides them to its sections with OwnerEditorProvider.
 */
export function useOwnerEditorActors(eid: number): OwnerEditorActors {
  const inspect = useInspect();
  const editor = useActorRef(ownerListingEditorMachine, { input: { eid }, inspect });
  const quotes = useActorRef(ownerQuotePreviewMachine, { input: { eid }, inspect });
  const history = useActorRef(ownerHistoryMachine, { input: { eid }, inspect });
  const status = useActorRef(ownerListingStatusMachine, { input: { eid }, inspect });
  useEffect(() => {
    const disconnect = [
      connectOwnerEditor(editor, {
        focusPath: (path) => {
          const element = fieldElement(path) ?? document.getElementById('editor-message');
          if (element) focusInView(element);
        },
      }),
      connectOwnerQuotes(quotes),
      connectOwnerHistory(history, editor),
      connectOwnerStatus(status, editor),
    ];
    editor.send({ type: 'listing.opened' });
    return () => disconnect.forEach((stop) => stop());
  }, [editor, quotes, history, status]);
  return { editor, quotes, history, status };
}

export const OwnerEditorContext = createContext<OwnerEditorActors | null>(null);

/**
 * What the fields and the photo tools edit: an actor whose context holds a document and its
 * problems by path, and that takes `field.changed`. The listing editor is one; a site-content
 * form (its page provides it with DocumentFieldsContext) is another.
 */
export interface DocumentActor {
  getSnapshot(): { context: { document: unknown; problems: FieldProblem[] } };
  subscribe: AnyActorRef['subscribe'];
  send(event: { type: 'field.changed'; path: string; value: unknown }): void;
}

export const DocumentFieldsContext = createContext<DocumentActor | null>(null);

function useDocumentActor(): DocumentActor {
  const fields = useContext(DocumentFieldsContext);
  const actors = useContext(OwnerEditorContext);
  const actor = fields ?? actors?.editor;
  if (!actor) throw new Error('The fields need DocumentFieldsContext or OwnerEditorContext');
  return actor;
}

function useActors(): OwnerEditorActors {
  const actors = useContext(OwnerEditorContext);
  if (!actors) throw new Error('The editor sections need OwnerEditorContext');
  return actors;
}

export type EditorState = 'loading' | 'failed' | 'clean' | 'dirty' | 'saving' | 'conflict' | 'invalid' | 'saveFailed' | 'confirming' | 'publishing' | 'blocked' | 'published';

/** The editor's state in one word. */
export function useEditorState(): EditorState {
  const { editor } = useActors();
  return useSelector(editor, (s): EditorState => {
    if (s.matches('editing')) return s.matches({ editing: 'dirty' }) ? 'dirty' : 'clean';
    if (s.matches('publishing')) return s.matches({ publishing: 'sending' }) ? 'publishing' : s.matches({ publishing: 'blocked' }) ? 'blocked' : 'confirming';
    if (s.matches('idle')) return 'loading';
    return s.value as EditorState;
  });
}

export interface EditorSummary {
  eid: number;
  status: string;
  name: string;
  savedAt: string | null;
  revision: number;
  published: PublishedInfo | null;
  message: string;
  previewUrl: string;
}

export function useEditorSummary(): EditorSummary {
  const { editor } = useActors();
  return {
    eid: useSelector(editor, (s) => s.context.eid),
    status: useSelector(editor, (s) => s.context.status),
    name: useSelector(editor, (s) => s.context.document?.name ?? ''),
    savedAt: useSelector(editor, (s) => s.context.savedAt),
    revision: useSelector(editor, (s) => s.context.revision),
    published: useSelector(editor, (s) => s.context.published),
    message: useSelector(editor, (s) => s.context.message),
    previewUrl: previewUrl(useSelector(editor, (s) => s.context.eid)),
  };
}

export interface EditorField<T> {
  id: string;
  value: T;
  problem: string | undefined;
  set: (value: T) => void;
}

/** One field of the document by its path: its value, its problem and how to change it. */
export function useEditorField<T>(path: string): EditorField<T> {
  const editor = useDocumentActor();
  const value = useSelector(editor, (s) => valueAt(s.context.document, path) as T);
  const problem = useSelector(editor, (s) => s.context.problems.find((p) => p.path === path)?.message);
  return { id: fieldId(path), value, problem, set: (next) => editor.send({ type: 'field.changed', path, value: next }) };
}

/** Every problem whose path starts with `prefix` (a table's rows); '' for all of them. */
export function useProblemsUnder(prefix: string): FieldProblem[] {
  const editor = useDocumentActor();
  return useSelector(
    editor,
    (s) => s.context.problems.filter((p) => prefix === '' || p.path === prefix || p.path.startsWith(`${prefix}.`)),
    (a, b) => a.length === b.length && a.every((p, i) => p === b[i]),
  );
}

export function useEditorOptions(): ListingOptions | null {
  return useSelector(useActors().editor, (s) => s.context.options);
}

export function useEditorDocument(): ListingContent | null {
  return useSelector(useActors().editor, (s) => s.context.document);
}

/**
 * What guests, Google and the channels still lack, as of what is typed now (the server's check of
 * the saved draft is the same pure function, so the two agree once it is saved).
 */
export function useReadiness(): Readiness | null {
  const { editor } = useActors();
  const document = useSelector(editor, (s) => s.context.document);
  const saved = useSelector(editor, (s) => s.context.readiness);
  return useMemo(() => (document ? readiness(document, { today: new Date().toISOString().slice(0, 10) }) : saved), [document, saved]);
}

export interface EditorCommands {
  retry: () => void;
  save: () => void;
  keepMine: () => void;
  takeTheirs: () => void;
  publish: () => void;
  confirmPublish: () => void;
  cancelPublish: () => void;
  canSave: boolean;
  canPublish: boolean;
}

export function useEditorCommands(): EditorCommands {
  const { editor } = useActors();
  const canSave = useSelector(editor, (s) => s.can({ type: 'draft.save.requested' }));
  const canPublish = useSelector(editor, (s) => s.can({ type: 'publish.requested' }));
  return {
    retry: () => editor.send({ type: 'listing.retried' }),
    save: () => editor.send({ type: 'draft.save.requested' }),
    keepMine: () => editor.send({ type: 'conflict.mine.kept' }),
    takeTheirs: () => editor.send({ type: 'conflict.theirs.taken' }),
    publish: () => editor.send({ type: 'publish.requested' }),
    confirmPublish: () => editor.send({ type: 'publish.confirmed' }),
    cancelPublish: () => editor.send({ type: 'publish.cancelled' }),
    canSave,
    canPublish,
  };
}

export interface EditorConflict {
  current: CurrentDraft | null;
  mine: ListingContent | null;
}

export function useEditorConflict(): EditorConflict {
  const { editor } = useActors();
  return { current: useSelector(editor, (s) => s.context.current), mine: useSelector(editor, (s) => s.context.document) };
}

export function usePublishWarnings(): FieldProblem[] {
  return useSelector(useActors().editor, (s) => s.context.warnings);
}

export type QuotePreviewState = 'idle' | 'loading' | 'ready' | 'failed';

export function useQuotePreview(): { state: QuotePreviewState; preview: QuotePreview | null; message: string; request: () => void; retry: () => void } {
  const { quotes, editor } = useActors();
  return {
    state: useSelector(quotes, (s) => s.value as QuotePreviewState),
    preview: useSelector(quotes, (s) => s.context.preview),
    message: useSelector(quotes, (s) => s.context.message),
    request: () => {
      const document = editor.getSnapshot().context.document;
      if (document) quotes.send({ type: 'quotes.requested', document });
    },
    retry: () => quotes.send({ type: 'quotes.retried' }),
  };
}

export type HistoryState = 'idle' | 'loading' | 'ready' | 'failed' | 'restoring' | 'restoreFailed';

export function useHistory(): { state: HistoryState; versions: ListingVersion[]; message: string; open: () => void; retry: () => void; restore: (version: number) => void } {
  const { history, editor } = useActors();
  return {
    state: useSelector(history, (s) => s.value as HistoryState),
    versions: useSelector(history, (s) => s.context.versions),
    message: useSelector(history, (s) => s.context.message),
    open: () => history.send({ type: 'history.opened' }),
    retry: () => history.send({ type: 'history.retried' }),
    restore: (version) => history.send({ type: 'version.restore.requested', version, revision: editor.getSnapshot().context.revision }),
  };
}

/** For the photo tools (a chunk of their own): the actor of the document, to add and order photos. */
export function useEditorActor(): DocumentActor {
  return useDocumentActor();
}

export interface ListingStatusCommands {
  state: 'idle' | 'confirming' | 'sending';
  change: StatusChange | null;
  message: string;
  notice: string;
  request: (status: ListingStatus) => void;
  discard: () => void;
  confirm: () => void;
  cancel: () => void;
}

/** The listing's status and draft commands (unpublish, archive, live again, discard the draft). */
export function useListingStatus(): ListingStatusCommands {
  const { status, editor } = useActors();
  return {
    state: useSelector(status, (s) => s.value as ListingStatusCommands['state']),
    change: useSelector(status, (s) => s.context.change),
    message: useSelector(status, (s) => s.context.message),
    notice: useSelector(status, (s) => s.context.notice),
    request: (wanted) => status.send({ type: 'status.requested', status: wanted }),
    discard: () => status.send({ type: 'discard.requested' }),
    confirm: () => {
      const { published, revision } = editor.getSnapshot().context;
      status.send({ type: 'change.confirmed', version: published?.version ?? 0, revision });
    },
    cancel: () => status.send({ type: 'change.cancelled' }),
  };
}
