import type { ReactNode } from 'react';
import { useLazyBackground } from '@/bindings/lazy-background-hooks';
import type { Photo } from '@/domain/content';
import { LazyBackgroundArea } from './lazy-background-area';

/**
 * An area with a lazy background image (spec §4 Lazy content; event cards): the area keeps the
 * photo's aspect ratio and a plain colour until the image has loaded, rechecked every 500 ms
 * and given up after 3000 ms (then loaded when the area is seen). Decorative: the picture
 * carries no text. Without JavaScript the image is shown by a noscript fallback.
 */
export function LazyBackground({ photo, className, children }: { photo: Photo; className?: string; children?: ReactNode }) {
  const [ref, state] = useLazyBackground<HTMLDivElement>(photo.src);
  return (
    <LazyBackgroundArea photo={photo} className={className} state={state} areaRef={ref}>
      {children}
    </LazyBackgroundArea>
  );
}
