import { useRef } from 'react';
import { Button as AriaButton, FileTrigger, GridList, GridListItem, Input, Label, TextField, FieldError, useDragAndDrop } from 'react-aria-components';
import { fieldId, useEditorActor, useEditorField, useProblemsUnder } from '@/bindings/owner-editor-hooks';
import { photoWarnings, usePhotoQueue } from '@/bindings/owner-photo-hooks';
import type { ListingPhoto } from '@/domain/owner/listing-content';
import { Button } from '../ui/button';

/** Where a photo's thumbnail is: an uploaded key's 320 px JPEG, or a demo image's media path. */
export function thumbnailOf(photo: ListingPhoto): string {
  if (photo.key.includes('/')) return photo.key.startsWith('/') ? photo.key : `/media/${photo.key}`;
  return `/media/uploads/${photo.key}/${Math.min(320, photo.width || 320)}.jpg`;
}

/** A copy of `photos` with the items of `keys` moved before or after `target`. */
export function reordered(photos: ListingPhoto[], keys: Set<string>, target: string, position: 'before' | 'after'): ListingPhoto[] {
  const moving = photos.filter((photo) => keys.has(photo.key));
  const rest = photos.filter((photo) => !keys.has(photo.key));
  const at = rest.findIndex((photo) => photo.key === target);
  if (at < 0) return photos;
  const index = position === 'before' ? at : at + 1;
  return [...rest.slice(0, index), ...moving, ...rest.slice(index)];
}

function PhotoFields({ index, photo }: { index: number; photo: ListingPhoto }) {
  const caption = useEditorField<string>(`photos.${index}.caption`);
  const alt = useEditorField<string>(`photos.${index}.alt`);
  const altProblem = alt.problem ?? (photo.alt.trim() === '' ? 'Describe the photo for guests who cannot see it (needed to publish).' : undefined);
  return (
    <div className="owner-photo__fields">
      <TextField className="owner-field" value={caption.value ?? ''} onChange={caption.set}>
        <Label>Caption</Label>
        <Input id={caption.id} />
      </TextField>
      <TextField className="owner-field" value={alt.value ?? ''} onChange={alt.set} isInvalid={altProblem !== undefined} isRequired validationBehavior="aria">
        <Label>Alt text</Label>
        <Input id={alt.id} />
        <FieldError>{altProblem}</FieldError>
      </TextField>
    </div>
  );
}

/**
 * The photo tools (a chunk of their own): the upload queue with progress, and the listing's
 * photos in a grid list that reorders by drag and drop, by the keyboard's drag and drop
 * (react-aria), and with Move up / Move down buttons; the first is the cover.
 */
export default function OwnerPhotos({ label = 'The listing’s photos, the first is the cover', first = 'Cover photo' }: { label?: string; first?: string }) {
  const editor = useEditorActor();
  const photosField = useEditorField<ListingPhoto[]>('photos');
  const photos = photosField.value ?? [];
  const latest = useRef(photos);
  latest.current = photos;
  const problems = useProblemsUnder('photos');
  const queue = usePhotoQueue((photo) => editor.send({ type: 'field.changed', path: 'photos', value: [...latest.current, photo] }));
  const setPhotos = (next: ListingPhoto[]) => photosField.set(next);
  const move = (index: number, by: number) => {
    const to = index + by;
    if (to < 0 || to >= photos.length) return;
    const next = [...photos];
    const [item] = next.splice(index, 1);
    if (item) next.splice(to, 0, item);
    setPhotos(next);
  };
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (event) => setPhotos(reordered(latest.current, new Set([...event.keys].map(String)), String(event.target.key), event.target.dropPosition === 'before' ? 'before' : 'after')),
    acceptedDragTypes: ['text/plain'],
    getDropOperation: (_target, types) => (types.has('text/plain') ? 'move' : 'cancel'),
  });
  return (
    <div className="owner-photos">
      <FileTrigger acceptedFileTypes={['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/avif']} allowsMultiple onSelect={(files) => queue.add(files ? [...files] : [])}>
        <Button>Add photos…</Button>
      </FileTrigger>
      {queue.uploads.length > 0 ? (
        <ul className="owner-uploads" aria-label="Uploads">
          {queue.uploads.map((upload) => (
            <li key={upload.id} data-status={upload.status}>
              <span>{upload.name}</span>
              {upload.status === 'uploading' ? <progress max={1} value={upload.progress} aria-label={`Uploading ${upload.name}`} /> : null}
              {upload.status === 'queued' ? <span>Waiting</span> : null}
              {upload.status === 'failed' ? (
                <span role="alert" className="owner-problem">
                  {upload.message}
                </span>
              ) : null}
              {upload.status === 'failed' ? <Button onPress={() => queue.retry(upload.id)}>Retry {upload.name}</Button> : null}
              {upload.status === 'failed' ? (
                <Button variant="quiet" onPress={() => queue.dismiss(upload.id)}>
                  Dismiss {upload.name}
                </Button>
              ) : (
                <Button variant="quiet" onPress={() => queue.cancel(upload.id)}>
                  Cancel {upload.name}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {problems.filter((p) => p.path === 'photos').map((p) => (
        <p key={p.message} className="owner-problem" id={fieldId('photos')} tabIndex={-1}>
          {p.message}
        </p>
      ))}
      <GridList aria-label={label} items={photos.map((photo, index) => ({ ...photo, id: photo.key, index }))} dragAndDropHooks={dragAndDropHooks} className="owner-photo-grid" renderEmptyState={() => <p>No photos yet.</p>}>
        {(item) => (
          <GridListItem id={item.key} textValue={item.alt || item.caption || `Photo ${item.index + 1}`} className="owner-photo">
            <AriaButton slot="drag" className="owner-photo__handle" aria-label={`Drag photo ${item.index + 1}`}>
              ≡
            </AriaButton>
            <img src={thumbnailOf(item)} alt="" width={160} height={item.width ? Math.round((160 * item.height) / item.width) : 107} loading="lazy" />
            <div>
              <p>{item.index === 0 ? <strong>{first}</strong> : `Photo ${item.index + 1}`}</p>
              <PhotoFields index={item.index} photo={item} />
              {photoWarnings(item.key).map((warning) => (
                <p key={warning} className="owner-warning">
                  {warning}
                </p>
              ))}
              <div className="owner-actions">
                <Button variant="quiet" isDisabled={item.index === 0} onPress={() => move(item.index, -1)}>
                  Move photo {item.index + 1} up
                </Button>
                <Button variant="quiet" isDisabled={item.index === photos.length - 1} onPress={() => move(item.index, 1)}>
                  Move photo {item.index + 1} down
                </Button>
                <Button variant="quiet" onPress={() => setPhotos(photos.filter((photo) => photo.key !== item.key))}>
                  Remove photo {item.index + 1}
                </Button>
              </div>
            </div>
          </GridListItem>
        )}
      </GridList>
    </div>
  );
}
