/**
 * Where the sizes of an uploaded photo are, for the pages: the files photo-pipeline.ts writes
 * under `{mediaDir}/uploads/{key}/{width}.{webp,jpg}`, served at /media/. Kept apart from the
 * pipeline so the content service names the files without loading the image library.
 */
import { PHOTO_SIZES } from '../../src/domain/photo-sizes.ts';

/** The widths the pages ask for, from a phone's card to a wide screen's full-width slider on a 2× display. */
export const PHOTO_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The folder of uploaded photos inside the media directory. */
export const UPLOADS_FOLDER = 'uploads';

/** An uploaded photo's media path: `uploads/{key}` and anything under it, with or without `/media/`. */
const UPLOADED = /^(?:\/media\/)?uploads\/([0-9a-f]{24})(?:\/[^/]*)?$/;

/**
 * The widths a photo is made in: the standard ones up to its own width (never enlarged); a photo
 * narrower than the smallest gets its own width only.
 *
 * @example photoWidths(1000) // [320, 640, 960]
 */
export function photoWidths(ownWidth: number): number[] {
  const widths = PHOTO_WIDTHS.filter((width) => width <= ownWidth);
  return widths.length > 0 ? widths : [Math.max(1, Math.round(ownWidth))];
}

/** The public URL of one size of an uploaded photo. */
export function uploadedPhotoUrl(key: string, width: number, extension: 'jpg' | 'webp'): string {
  return `/media/${UPLOADS_FOLDER}/${key}/${width}.${extension}`;
}

/**
 * The sources of an uploaded photo for an `<img>` (JPEG `src` and `srcset`, which every browser
 * reads, and the `sizes` of a result card) and a `<picture>` (`sources`: the WebP sizes); null for any other media path (the demo's
 * SVG drawings have one file that fits every width).
 *
 * @example uploadedPhotoSources('uploads/0123456789abcdef01234567/1280.jpg', 1280)?.src // '/media/uploads/0123456789abcdef01234567/1280.jpg'
 */
export function uploadedPhotoSources(mediaPath: string, width: number): { src: string; srcset: string; sizes: string; sources: { type: string; srcset: string }[] } | null {
  const key = UPLOADED.exec(mediaPath)?.[1];
  if (!key || !Number.isFinite(width) || width < 1) return null;
  const widths = photoWidths(width);
  const srcset = (extension: 'jpg' | 'webp') => widths.map((w) => `${uploadedPhotoUrl(key, w, extension)} ${w}w`).join(', ');
  return {
    src: uploadedPhotoUrl(key, widths[widths.length - 1] as number, 'jpg'),
    srcset: srcset('jpg'),
    // A result card's, the layout most photos are shown in; the slider and the gallery say their own.
    sizes: PHOTO_SIZES.card,
    sources: [{ type: 'image/webp', srcset: srcset('webp') }],
  };
}

/**
 * One JPEG of an uploaded photo, the smallest at least `wanted` pixels wide (or its largest), for
 * places that take a single image address (search documents, the owner's list); null for other paths.
 */
export function uploadedPhotoAt(mediaPath: string, ownWidth: number, wanted: number): string | null {
  const key = UPLOADED.exec(mediaPath)?.[1];
  if (!key || !Number.isFinite(ownWidth) || ownWidth < 1) return null;
  const widths = photoWidths(ownWidth);
  return uploadedPhotoUrl(key, widths.find((width) => width >= wanted) ?? (widths[widths.length - 1] as number), 'jpg');
}
