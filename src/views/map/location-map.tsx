import { useLocationMap } from '@/bindings/location-map-hooks';
import './location-map.css';

interface Place {
  latitude: number;
  longitude: number;
  /** The place's name: the marker's label and the map's accessible name. */
  label: string;
}

/** The map box and, when its load failed, the message with a way to try again. */
function MapBox({ map, label }: { map: ReturnType<typeof useLocationMap>; label: string }) {
  return (
    <>
      <div ref={map.ref} className="location-map__canvas" role="region" aria-label={`Map: ${label}`} data-state={map.state} />
      {map.state === 'failed' && (
        <p className="location-map__failed" role="alert">
          The map could not be loaded.{' '}
          <button type="button" className="link-button" onClick={map.retry}>
            Try again
          </button>
        </p>
      )}
    </>
  );
}

/**
 * The listing's location in a collapsed section (spec §2 Listing detail page): the map's code
 * loads and the map is drawn only when the section is first opened, and redrawn at its size
 * every time it is opened again. The place in words is always shown.
 */
export function LocationSection({ place, summary }: { place: Place; summary: string }) {
  const map = useLocationMap(place, false);
  return (
    <section className="location-section" aria-labelledby="location">
      <h2 id="location" className="location-section__heading">
        <button type="button" className="location-section__toggle" aria-expanded={map.open} aria-controls="location-panel" onClick={map.toggle}>
          Location
          <span className="location-section__hint">{map.open ? 'Hide the map' : 'Show the map'}</span>
        </button>
      </h2>
      <p>{summary}</p>
      <div id="location-panel" className="location-section__panel" hidden={!map.open}>
        <MapBox map={map} label={place.label} />
      </div>
    </section>
  );
}

/** A map drawn as soon as the page runs (an event's featured area, spec §2 Events). */
export function FeaturedMap({ place }: { place: Place }) {
  const map = useLocationMap(place, true);
  return <MapBox map={map} label={place.label} />;
}
