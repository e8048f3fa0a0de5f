import { useState } from 'react';
import type { Photo } from '@/domain/content';
import { PHOTO_SIZES } from '@/domain/photo-sizes';
import { LazyImage } from '@/views/ui/lazy-image';

/**
 * The listing's image gallery (spec §2 Listing detail page): hovering a thumbnail swaps the main
 * image and its caption; focusing or pressing it does the same for keyboard and touch visitors.
 * The main image keeps the box of the photo it shows (width and height), so nothing moves.
 */
export function PhotoGallery({ photos }: { photos: Photo[] }) {
  const [current, setCurrent] = useState(0);
  const main = photos[current] ?? photos[0];
  if (!main) return null;
  return (
    <div className="photo-gallery" role="group" aria-label="Photo gallery">
      <figure className="photo-gallery__main">
        <img src={main.src} srcSet={main.srcset} sizes={main.srcset && PHOTO_SIZES.page} alt={main.description || main.caption} width={main.width} height={main.height} loading="lazy" decoding="async" />
        <figcaption aria-live="polite">{main.caption}</figcaption>
      </figure>
      <ul className="photo-gallery__thumbs">
        {photos.map((photo, index) => (
          <li key={photo.src}>
            <button
              type="button"
              className="photo-gallery__thumb"
              aria-label={`Show photo ${index + 1}: ${photo.caption}`}
              aria-pressed={index === current}
              onPointerEnter={() => setCurrent(index)}
              onFocus={() => setCurrent(index)}
              onClick={() => setCurrent(index)}
            >
              <LazyImage photo={{ ...photo, sizes: PHOTO_SIZES.thumb }} alt="" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
