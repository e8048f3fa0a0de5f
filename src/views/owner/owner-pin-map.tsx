import { useOwnerPinMap, type MapTilesConfig } from '@/bindings/owner-pin-map-hooks';
import { Button } from '../ui/button';

export type { MapTilesConfig };

/**
 * The listing's pin on a Leaflet map (this module and Leaflet load when the owner opens it): the
 * owner drags the pin or clicks the map; by keyboard, the latitude and longitude fields above
 * place it, and the pin follows them.
 */
export default function OwnerPinMap({ tiles }: { tiles: MapTilesConfig }) {
  const { box, map } = useOwnerPinMap(tiles);
  return (
    <div className="owner-map">
      <div ref={box} className="owner-map__box" role="application" aria-label="Map: drag the pin or click where the home is" />
      {map.state === 'loading' ? <p role="status">Loading the map…</p> : null}
      {map.state === 'failed' ? (
        <p role="alert" className="owner-problem">
          The map could not load. The latitude and longitude fields place the pin too. <Button onPress={map.retry}>Try again</Button>
        </p>
      ) : null}
    </div>
  );
}
