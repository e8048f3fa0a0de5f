import type { ReactNode } from 'react';
import { useLazyBackground } from '@/bindings/lazy-background-hooks';
import './lazy-background.css';
import type { Photo } from '@/domain/content';

/**
 * An area with a lazy background image (spec §4 Lazy content; event cards): the area keeps the
 * photo's aspect ratio and a plain colour until the image has loaded, rechecked every 500 ms
 * and given up after 3000 ms (then loaded when the area is seen). Decorative: the picture
 * carries no text. Without JavaScript the image is shown by a noscript fallback.
 */
export function LazyBackground({ photo, className, children }: { photo: Photo; className?: string; children?: ReactNode }) {
  const [ref, state] = useLazyBackground<HTMLDivElement>(photo.src);
  return (
    <div
      ref={ref}
      className={`lazy-background${className ? ` ${className}` : ''}`}
      data-state={state}
      style={{ aspectRatio: `${photo.width} / ${photo.height}`, backgroundImage: state === 'shown' ? `url("${photo.src}")` : undefined }}
    >
      {state !== 'shown' && (
        <noscript>
          <img src={photo.src} alt="" width={photo.width} height={photo.height} />
        </noscript>
      )}
      {children}
    </div>
  );
}
