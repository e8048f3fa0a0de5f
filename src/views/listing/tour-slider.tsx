import { useSlider } from '@/bindings/slider-hooks';
import { useSettings } from '@/bindings/site-context';
import { embeddableUrl, tourSliderLook } from '@/domain/slider';
import { Carousel } from '@/views/ui/carousel';

interface Tour {
  kind: 'tour' | 'video';
  url: string;
  title: string;
}

/**
 * The listing's virtual tours and video (spec §2 Listing detail page, §3 bt_virtual_tours): a
 * slider with the first id of bt_virtual_tours.ids and the look of its options. A tour of this
 * site or of an origin the settings allow plays in a frame (loaded once its slide is near); any
 * other is offered as a link. Without a slider id they are links, as before.
 */
export function TourSlider({ name, virtualTourUrl, videoUrl }: { name: string; virtualTourUrl: string | null; videoUrl: string | null }) {
  const { bt_virtual_tours: tours } = useSettings();
  const items: Tour[] = [
    ...(virtualTourUrl ? [{ kind: 'tour' as const, url: virtualTourUrl, title: `Virtual tour of ${name}` }] : []),
    ...(videoUrl ? [{ kind: 'video' as const, url: videoUrl, title: `Video of ${name}` }] : []),
  ];
  const slider = useSlider({ count: items.length, preload: 1, fullscreen: false });
  const id = tours.ids[0];
  const allowed = tours.embed_origins ?? [];
  if (!id || items.every((item) => !embeddableUrl(item.url, allowed))) {
    return (
      <ul className="link-list">
        {items.map((item) => (
          <li key={item.url}>
            <a href={item.url}>{item.kind === 'tour' ? 'Take the virtual tour' : 'Watch the video'}</a>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Carousel
      slider={slider}
      id={id}
      label={`Virtual tour and video of ${name}`}
      noun="tour"
      look={tourSliderLook(tours.options)}
      className="slider--tours"
      count={items.length}
      slideData={(index) => ({ 'data-kind': items[index]?.kind })}
      announce={(index) => `${index + 1} of ${items.length}: ${items[index]?.title ?? ''}`}
      renderSlide={(index, loaded) => {
        const item = items[index]!;
        return (
          <div className="slider__frame">
            {!embeddableUrl(item.url, allowed) ? (
              <a className="slider__external" href={item.url} rel="noopener">
                {item.kind === 'tour' ? 'Take the virtual tour' : 'Watch the video'} ({new URL(item.url, 'https://invalid.example').host})
              </a>
            ) : loaded ? (
              <iframe
                src={item.url}
                title={item.title}
                loading="lazy"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
                // This site's tours are drawings: framed as from no origin (no cookies, no access to the page); another site's player runs in its own origin.
                sandbox={item.url.startsWith('/') ? 'allow-scripts' : 'allow-scripts allow-same-origin allow-popups allow-presentation'}
              />
            ) : null}
          </div>
        );
      }}
    />
  );
}
