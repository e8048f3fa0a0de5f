import { deferred } from '@/bindings/deferred';
import { useDeferred } from '@/bindings/use-deferred';
import './location-map.css';

const locationMap = deferred(() => import('./location-map'));

/**
 * An event's map in the featured area (spec §2 Events): the server and the first paint show its
 * empty box; the map's code comes after the page has hydrated (it is not part of the page's first
 * load), then Leaflet and the tiles. The box keeps its size throughout, so nothing moves.
 */
export function FeaturedMapSlot({ place }: { place: { latitude: number; longitude: number; label: string } }) {
  const loaded = useDeferred(locationMap, true);
  if (!loaded) return <div className="location-map__canvas" role="region" aria-label={`Map: ${place.label}`} />;
  return <loaded.FeaturedMap place={place} />;
}
