import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ListingPhoto } from '@/domain/owner/listing-content';
import type { UploadedPhoto } from '@/domain/owner/owner-api';
import { connectOwnerPhotoQueue, uploadPhoto } from '@/effects/owner-photo-upload';
import { ownerPhotoQueueMachine, type QueuedUpload } from '@/machines/owner-photo-queue-machine';
import { useInspect } from './inspect-context';

export interface PhotoQueue {
  uploads: QueuedUpload[];
  add: (files: readonly File[]) => void;
  retry: (id: string) => void;
  cancel: (id: string) => void;
  dismiss: (id: string) => void;
}

/** Warnings of the photos uploaded in this page (the server's 'too small'), by key. */
const warningsByKey = new Map<string, string[]>();

export function photoWarnings(key: string): string[] {
  return warningsByKey.get(key) ?? [];
}

let nextId = 0;

/**
 * The photo upload queue's actor (src/machines/owner-photo-queue-machine.ts) wired to the upload
 * effect; each finished photo goes to `uploaded` (the editor appends it to the listing's photos).
 */
export function usePhotoQueue(uploaded: (photo: ListingPhoto) => void, upload: typeof uploadPhoto = uploadPhoto): PhotoQueue {
  const inspect = useInspect();
  const queue = useActorRef(ownerPhotoQueueMachine, { inspect });
  const files = useRef(new Map<string, Blob>());
  const uploadedRef = useRef(uploaded);
  useEffect(() => {
    uploadedRef.current = uploaded;
  });
  useEffect(
    () =>
      connectOwnerPhotoQueue(
        queue,
        files.current,
        (photo: UploadedPhoto) => {
          warningsByKey.set(photo.key, photo.warnings);
          uploadedRef.current({ key: photo.key, caption: '', alt: '', width: photo.width, height: photo.height });
        },
        upload,
      ),
    [queue, upload],
  );
  return {
    uploads: useSelector(queue, (s) => s.context.uploads),
    add: (list) => {
      const added = list.map((file) => {
        const id = `upload-${++nextId}`;
        files.current.set(id, file);
        return { id, name: file.name, bytes: file.size };
      });
      if (added.length > 0) queue.send({ type: 'photos.added', files: added });
    },
    retry: (id) => queue.send({ type: 'upload.retried', id }),
    cancel: (id) => queue.send({ type: 'upload.cancelled', id }),
    dismiss: (id) => queue.send({ type: 'upload.dismissed', id }),
  };
}
