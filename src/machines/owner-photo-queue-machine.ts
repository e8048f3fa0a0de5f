import { assign, emit, setup } from 'xstate';
import type { UploadedPhoto } from '@/domain/owner/owner-api';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface QueuedUpload {
  /** The queue's own id of the file (the effect keeps the File under it). */
  id: string;
  name: string;
  bytes: number;
  status: UploadStatus;
  /** 0…1 while uploading. */
  progress: number;
  /** The server's message when it failed. */
  message: string;
}

export interface OwnerPhotoQueueContext {
  uploads: QueuedUpload[];
}

export type OwnerPhotoQueueEvent =
  | { type: 'photos.added'; files: Array<{ id: string; name: string; bytes: number }> }
  | { type: 'upload.progressed'; id: string; loaded: number; total: number }
  | { type: 'upload.succeeded'; id: string; photo: UploadedPhoto }
  | { type: 'upload.failed'; id: string; message: string }
  | { type: 'upload.retried'; id: string }
  | { type: 'upload.cancelled'; id: string }
  | { type: 'upload.dismissed'; id: string };

export type OwnerPhotoQueueEmitted =
  | { type: 'upload.started'; id: string }
  | { type: 'upload.aborted'; id: string }
  /** A photo is on the server: the editor adds it to the listing's photos. */
  | { type: 'photo.uploaded'; photo: UploadedPhoto };

type Patch = Partial<QueuedUpload>;
const patch = (uploads: QueuedUpload[], id: string, change: Patch) => uploads.map((upload) => (upload.id === id ? { ...upload, ...change } : upload));
const current = (context: OwnerPhotoQueueContext) => context.uploads.find((upload) => upload.status === 'uploading');

/**
 * The photo upload queue: files wait their turn and go one at a time with their progress; a
 * failure keeps the server's message beside the file with Retry; a queued or running upload can
 * be cancelled. A finished photo is handed to the editor and leaves the queue.
 */
export const ownerPhotoQueueMachine = setup({
  types: { context: {} as OwnerPhotoQueueContext, events: {} as OwnerPhotoQueueEvent, emitted: {} as OwnerPhotoQueueEmitted },
  actions: {
    add: assign(({ context, event }) =>
      event.type === 'photos.added'
        ? { uploads: [...context.uploads, ...event.files.map((file) => ({ ...file, status: 'queued' as const, progress: 0, message: '' }))] }
        : {},
    ),
    startNext: assign(({ context }) => {
      const next = context.uploads.find((upload) => upload.status === 'queued');
      return next ? { uploads: patch(context.uploads, next.id, { status: 'uploading', progress: 0 }) } : {};
    }),
    announceStart: emit(({ context }) => ({ type: 'upload.started' as const, id: current(context)?.id ?? '' })),
    progress: assign(({ context, event }) =>
      event.type === 'upload.progressed' ? { uploads: patch(context.uploads, event.id, { progress: event.total > 0 ? Math.min(1, event.loaded / event.total) : 0 }) } : {},
    ),
    finish: assign(({ context, event }) => (event.type === 'upload.succeeded' ? { uploads: context.uploads.filter((upload) => upload.id !== event.id) } : {})),
    handOver: emit(({ event }) => ({ type: 'photo.uploaded' as const, photo: (event as Extract<OwnerPhotoQueueEvent, { type: 'upload.succeeded' }>).photo })),
    fail: assign(({ context, event }) => (event.type === 'upload.failed' ? { uploads: patch(context.uploads, event.id, { status: 'failed', message: event.message, progress: 0 }) } : {})),
    requeue: assign(({ context, event }) => (event.type === 'upload.retried' ? { uploads: patch(context.uploads, event.id, { status: 'queued', message: '' }) } : {})),
    remove: assign(({ context, event }) => ('id' in event ? { uploads: context.uploads.filter((upload) => upload.id !== event.id) } : {})),
    abort: emit(({ event }) => ({ type: 'upload.aborted' as const, id: 'id' in event ? event.id : '' })),
  },
  guards: {
    hasQueued: ({ context }) => context.uploads.some((upload) => upload.status === 'queued'),
    isCurrent: ({ context, event }) => 'id' in event && current(context)?.id === event.id,
    isFailed: ({ context, event }) => 'id' in event && context.uploads.some((upload) => upload.id === event.id && upload.status === 'failed'),
  },
}).createMachine({
  id: 'ownerPhotoQueue',
  context: { uploads: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'photos.added': { target: 'next', actions: 'add' },
        'upload.retried': { guard: 'isFailed', target: 'next', actions: 'requeue' },
        'upload.dismissed': { actions: 'remove' },
      },
    },
    /** Takes the next queued file, or rests. */
    next: {
      always: [{ guard: 'hasQueued', target: 'uploading', actions: ['startNext', 'announceStart'] }, { target: 'idle' }],
    },
    uploading: {
      tags: ['pending'],
      on: {
        'photos.added': { actions: 'add' },
        'upload.progressed': { actions: 'progress' },
        'upload.succeeded': { target: 'next', actions: ['finish', 'handOver'] },
        'upload.failed': { target: 'next', actions: 'fail' },
        'upload.retried': { guard: 'isFailed', actions: 'requeue' },
        'upload.cancelled': [
          { guard: 'isCurrent', target: 'next', actions: ['abort', 'remove'] },
          { actions: 'remove' },
        ],
        'upload.dismissed': { actions: 'remove' },
      },
    },
  },
});
