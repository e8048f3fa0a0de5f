import { Observable, type Subscription } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { UploadedPhoto } from '@/domain/owner/owner-api';
import type { ownerPhotoQueueMachine } from '@/machines/owner-photo-queue-machine';
import { NO_ANSWER, OWNER_API } from './owner-api';

export const PHOTOS_URL = `${OWNER_API}/photos`;

export type UploadProgress = { kind: 'progress'; loaded: number; total: number } | { kind: 'done'; photo: UploadedPhoto };

/** Why an upload was refused, in the owner's words (the server's message when it sent one). */
export function uploadFailure(status: number, body: unknown): string {
  const said = (body as { message?: unknown; error?: unknown } | null)?.message;
  if (typeof said === 'string' && said !== '') return said;
  if (status === 413) return 'This file is larger than 20 MB. Export it smaller and try again.';
  if (status === 415) return 'This file is not an image the site can read (JPEG, PNG, WebP, HEIC or AVIF).';
  if (status === 401) return 'Your session has ended. Log in again, then retry.';
  return NO_ANSWER;
}

/**
 * POST /admin/api/photos with the file's raw bytes, through XMLHttpRequest because it alone
 * reports the upload's progress in every browser. Emits progress, then the stored photo;
 * fails with the owner's sentence. Unsubscribing aborts the upload.
 */
export function uploadPhoto(file: Blob, makeRequest: () => XMLHttpRequest = () => new XMLHttpRequest()): Observable<UploadProgress> {
  return new Observable<UploadProgress>((subscriber) => {
    const xhr = makeRequest();
    xhr.open('POST', PHOTOS_URL);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => subscriber.next({ kind: 'progress', loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // not JSON: the status says enough
      }
      const photo = (body as { photo?: UploadedPhoto } | null)?.photo;
      if (xhr.status >= 200 && xhr.status < 300 && photo) {
        subscriber.next({ kind: 'done', photo });
        subscriber.complete();
      } else subscriber.error(new Error(uploadFailure(xhr.status, body)));
    };
    xhr.onerror = () => subscriber.error(new Error(NO_ANSWER));
    xhr.send(file);
    return () => {
      if (xhr.readyState !== XMLHttpRequest.DONE) xhr.abort();
    };
  });
}

/**
 * Runs the queue's uploads: `files` holds the File of each queued id (the machine keeps only its
 * name and size). A finished photo goes to `uploaded` (the editor adds it to the listing).
 */
export function connectOwnerPhotoQueue(
  queue: ActorRefFrom<typeof ownerPhotoQueueMachine>,
  files: Map<string, Blob>,
  uploaded: (photo: UploadedPhoto) => void,
  upload: typeof uploadPhoto = uploadPhoto,
): () => void {
  const running = new Map<string, Subscription>();
  const subscriptions = [
    queue.on('upload.started', ({ id }) => {
      const file = files.get(id);
      if (!file) {
        queue.send({ type: 'upload.failed', id, message: 'The file is no longer there. Add it again.' });
        return;
      }
      running.set(
        id,
        upload(file).subscribe({
          next: (step) => {
            if (step.kind === 'progress') queue.send({ type: 'upload.progressed', id, loaded: step.loaded, total: step.total });
            else {
              files.delete(id);
              queue.send({ type: 'upload.succeeded', id, photo: step.photo });
            }
          },
          error: (error: unknown) => queue.send({ type: 'upload.failed', id, message: error instanceof Error ? error.message : NO_ANSWER }),
        }),
      );
    }),
    queue.on('upload.aborted', ({ id }) => {
      running.get(id)?.unsubscribe();
      running.delete(id);
      files.delete(id);
    }),
    queue.on('photo.uploaded', ({ photo }) => uploaded(photo)),
  ];
  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    running.forEach((subscription) => subscription.unsubscribe());
  };
}
