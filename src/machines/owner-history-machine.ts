import { assign, emit, setup } from 'xstate';
import type { DraftInfo, ListingVersion } from '@/domain/owner/owner-api';

export interface OwnerHistoryContext {
  eid: number;
  versions: ListingVersion[];
  message: string;
  /** The version being restored. */
  restoring: number | null;
}

export type OwnerHistoryEvent =
  | { type: 'history.opened' }
  | { type: 'history.loaded'; versions: ListingVersion[] }
  | { type: 'history.load.failed'; message: string }
  | { type: 'history.retried' }
  /** `revision`: the editor's draft revision, so a restore over someone else's save is refused. */
  | { type: 'version.restore.requested'; version: number; revision: number }
  | { type: 'version.restored'; draft: DraftInfo }
  | { type: 'version.restore.failed'; message: string };

export type OwnerHistoryEmitted =
  | { type: 'history.fetch.requested'; eid: number }
  | { type: 'version.restore.sent'; eid: number; version: number; revision: number }
  /** The editor takes the restored version as its draft. */
  | { type: 'version.draft.replaced'; draft: DraftInfo };

/**
 * The listing's published versions, who published each and when; any can be restored, which
 * makes it the draft (publishing makes it live again).
 */
export const ownerHistoryMachine = setup({
  types: { input: {} as { eid: number }, context: {} as OwnerHistoryContext, events: {} as OwnerHistoryEvent, emitted: {} as OwnerHistoryEmitted },
  actions: {
    fetch: emit(({ context }) => ({ type: 'history.fetch.requested' as const, eid: context.eid })),
    keep: assign(({ event }) => (event.type === 'history.loaded' ? { versions: event.versions, message: '' } : {})),
    fail: assign(({ event }) => ('message' in event ? { message: event.message, restoring: null } : {})),
    restore: emit(({ context, event }) =>
      event.type === 'version.restore.requested'
        ? { type: 'version.restore.sent' as const, eid: context.eid, version: event.version, revision: event.revision }
        : { type: 'version.restore.sent' as const, eid: context.eid, version: 0, revision: 0 },
    ),
    markRestoring: assign(({ event }) => (event.type === 'version.restore.requested' ? { restoring: event.version, message: '' } : {})),
    replace: emit(({ event }) => ({ type: 'version.draft.replaced' as const, draft: (event as Extract<OwnerHistoryEvent, { type: 'version.restored' }>).draft })),
    done: assign(({ context }) => ({ message: context.restoring === null ? '' : `Version ${context.restoring} is now the draft. Publish it to make it live.`, restoring: null })),
  },
}).createMachine({
  id: 'ownerHistory',
  context: ({ input }) => ({ eid: input.eid, versions: [], message: '', restoring: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'history.opened': { target: 'loading', actions: 'fetch' } } },
    loading: {
      tags: ['pending'],
      on: {
        'history.loaded': { target: 'ready', actions: 'keep' },
        'history.load.failed': { target: 'failed', actions: 'fail' },
      },
    },
    failed: { on: { 'history.retried': { target: 'loading', actions: 'fetch' } } },
    ready: {
      on: { 'version.restore.requested': { target: 'restoring', actions: ['markRestoring', 'restore'] } },
    },
    restoring: {
      tags: ['pending'],
      on: {
        'version.restored': { target: 'ready', actions: ['replace', 'done'] },
        'version.restore.failed': { target: 'restoreFailed', actions: 'fail' },
      },
    },
    restoreFailed: {
      on: { 'version.restore.requested': { target: 'restoring', actions: ['markRestoring', 'restore'] } },
    },
  },
});
