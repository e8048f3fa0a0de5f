import { useSlider } from '@/bindings/slider-hooks';
import { useSettings } from '@/bindings/site-context';
import type { Photo } from '@/domain/content';
import { PHOTO_SIZES } from '@/domain/photo-sizes';
import { listingSliderLook } from '@/domain/slider';
import { Carousel } from '@/views/ui/carousel';
import { LazyImage } from '@/views/ui/lazy-image';

/** Spec §9 Listing slider: preloads 2 images (on each side of the shown one). */
const PRELOAD = 2;

/**
 * The listing's image slider with thumbnails (spec §2 Listing detail page, §9 Listing slider): the
 * shown slide is marked main and its thumbnail current; it loops; desktop shows the nearby slides
 * and may go fullscreen, mobile shows one slide and can be swiped. The first photo is the page's
 * LCP image: in the server's HTML, fetched first.
 */
export function PhotoSlider({ photos, name }: { photos: Photo[]; name: string }) {
  const settings = useSettings();
  const slider = useSlider({ count: photos.length, preload: PRELOAD, fullscreen: true }, { dragOnlyOnMobile: true });
  const look = listingSliderLook(settings.vrw.rs_aspect);
  return (
    <Carousel
      slider={slider}
      label={`Photos of ${name}`}
      noun="photo"
      look={look}
      className="slider--listing"
      count={photos.length}
      announce={(index) => `Photo ${index + 1} of ${photos.length}: ${photos[index]?.caption ?? ''}`}
      renderSlide={(index, loaded) => {
        const photo = photos[index]!;
        return (
          <figure className="slider__frame">
            {loaded ? (
              <SlideImage photo={photo} first={index === 0} />
            ) : (
              <noscript>
                <img src={photo.src} alt={photo.description || photo.caption} width={photo.width} height={photo.height} loading="lazy" />
              </noscript>
            )}
            <figcaption className="slider__caption">{photo.caption}</figcaption>
          </figure>
        );
      }}
    >
      {photos.length > 1 && (
        <ul className="slider__thumbs" aria-label="Choose a photo">
          {photos.map((photo, index) => (
            <li key={photo.src}>
              <button
                type="button"
                className="slider__thumb"
                aria-label={`Show photo ${index + 1}: ${photo.caption}`}
                aria-current={index === slider.index || undefined}
                data-main-slide={index === slider.index || undefined}
                onClick={() => slider.select(index)}
              >
                <LazyImage photo={{ ...photo, sizes: PHOTO_SIZES.thumb }} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Carousel>
  );
}

/**
 * A slide's photo: an uploaded one in a `<picture>` with its WebP sizes (the browsers that take
 * WebP get smaller files), else the JPEG of its srcset; the demo's drawings are one file.
 */
function SlideImage({ photo, first }: { photo: Photo; first: boolean }) {
  const image = (
    <img
      src={photo.src}
      srcSet={photo.srcset}
      sizes={photo.srcset && PHOTO_SIZES.page}
      alt={photo.description || photo.caption}
      width={photo.width}
      height={photo.height}
      decoding={first ? undefined : 'async'}
      fetchPriority={first ? 'high' : undefined}
    />
  );
  if (!photo.sources) return image;
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={PHOTO_SIZES.page} />
      ))}
      {image}
    </picture>
  );
}
