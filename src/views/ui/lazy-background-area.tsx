import type { ReactNode, Ref } from 'react';
import { deferred } from '@/bindings/deferred';
import { useDeferred } from '@/bindings/use-deferred';
import type { Photo } from '@/domain/content';
import './lazy-background.css';

/**
 * The area of a lazy background image: the photo's aspect ratio and a plain colour until the
 * image is shown; without JavaScript a noscript fallback shows the image.
 */
export function LazyBackgroundArea({
  photo,
  className,
  state,
  areaRef,
  children,
}: {
  photo: Photo;
  className?: string;
  state: string;
  areaRef?: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  return (
    <div
      ref={areaRef}
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

const lazyBackground = deferred(() => import('./lazy-background'));

/**
 * A lazy background whose code (its machine and effects) comes just after the page: the server
 * and the first paint show the area's plain colour, as the background itself does before its
 * first look, so nothing moves when the code arrives (it keeps the first script of the pages
 * with event cards inside their budget).
 */
export function DeferredLazyBackground({ photo, className }: { photo: Photo; className?: string }) {
  const loaded = useDeferred(lazyBackground, true);
  return loaded ? <loaded.LazyBackground photo={photo} className={className} /> : <LazyBackgroundArea photo={photo} className={className} state="rechecking" />;
}
