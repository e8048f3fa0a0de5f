import { useFirstVisible } from '@/app/hooks';
import type { Photo } from '@/domain/content';

/**
 * An image that loads the first time its area comes within 80px of the viewport (spec §4
 * Lazy content). Its box keeps the photo's aspect ratio so nothing jumps when it arrives.
 */
export function LazyImage({ photo, className, alt }: { photo: Photo; className?: string; alt?: string }) {
  const [ref, visible] = useFirstVisible<HTMLSpanElement>();
  return (
    <span
      ref={ref}
      className={`lazy-image${className ? ` ${className}` : ''}`}
      data-loaded={visible || undefined}
      style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
    >
      {visible ? (
        <img src={photo.src} alt={alt ?? photo.caption} width={photo.width} height={photo.height} decoding="async" />
      ) : (
        <noscript>
          <img src={photo.src} alt={alt ?? photo.caption} width={photo.width} height={photo.height} />
        </noscript>
      )}
    </span>
  );
}
