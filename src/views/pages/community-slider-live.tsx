import { useSlider } from '@/bindings/slider-hooks';
import type { Photo } from '@/domain/content';
import { communitySliderLook, slideAlt, slideCaption } from '@/domain/slider';
import { Carousel } from '@/views/ui/carousel';

const LOOK = communitySliderLook();

/**
 * The homepage's community photos slider (spec §2 Homepage, §9 Homepage community photos slider):
 * centre area 0.5, 0.64 below 650 px. A slide captioned 'Community photos' is marked a community
 * photo and that caption removed (spec §3 Slider slide caption); each image is described by what it
 * shows.
 */
export function CommunitySliderLive({ photos }: { photos: Photo[] }) {
  const slider = useSlider({ count: photos.length, preload: 2, fullscreen: false });
  const slides = photos.map((photo, index) => ({ photo, ...slideCaption(photo.caption), alt: slideAlt(photo, `Community photo ${index + 1}`) }));
  return (
    <Carousel
      slider={slider}
      label="Photos from our guests"
      noun="photo"
      look={LOOK}
      className="slider--community"
      count={photos.length}
      slideData={(index) => ({ 'data-community-photo': slides[index]?.community ? 'true' : undefined })}
      announce={(index) => `Photo ${index + 1} of ${photos.length}: ${slides[index]?.alt ?? ''}`}
      renderSlide={(index, loaded) => {
        const { photo, caption, alt } = slides[index]!;
        return (
          <figure className="slider__frame">
            {loaded ? (
              <img src={photo.src} alt={alt} width={photo.width} height={photo.height} decoding="async" loading={index === 0 ? undefined : 'lazy'} />
            ) : (
              <noscript>
                <img src={photo.src} alt={alt} width={photo.width} height={photo.height} loading="lazy" />
              </noscript>
            )}
            {caption && <figcaption className="slider__caption">{caption}</figcaption>}
          </figure>
        );
      }}
    />
  );
}
