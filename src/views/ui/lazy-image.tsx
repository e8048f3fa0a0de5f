import { useFirstVisible } from '@/bindings/hooks';
import type { Photo } from '@/domain/content';

/**
 * An image that loads the first time its area comes within 80px of the viewport (spec §4
 * Lazy content). Its box keeps the photo's aspect ratio so nothing jumps when it arrives.
 * `eager` images (the first ones a page shows, in view when it opens) are in the server's HTML
 * and load at once; `priority` marks the page's largest one (its LCP image) to be fetched first.
 */
export function LazyImage({
  photo,
  className,
  alt,
  eager = false,
  priority = false,
}: {
  photo: Photo;
  className?: string;
  alt?: string;
  eager?: boolean;
  priority?: boolean;
}) {
  const [ref, visible] = useFirstVisible<HTMLSpanElement>();
  const shown = eager || priority || visible;
  // One element for both cases: without JavaScript the noscript copy is the image (decoding is a hint it ignores).
  const image = (
    <img
      src={photo.src}
      srcSet={photo.srcset}
      sizes={photo.sizes}
      alt={alt ?? photo.caption}
      width={photo.width}
      height={photo.height}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  return (
    <span
      ref={ref}
      className={`lazy-image${className ? ` ${className}` : ''}`}
      data-loaded={shown || undefined}
      style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
    >
      {shown ? image : <noscript>{image}</noscript>}
    </span>
  );
}
