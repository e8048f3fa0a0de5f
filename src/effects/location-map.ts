import { animationFrames, from, take, type Subscription } from 'rxjs';
import type * as Leaflet from 'leaflet';
import type { ActorRefFrom } from 'xstate';
import type { locationMapMachine } from '@/machines/location-map-machine';

/** What the map shows: one place, with the name its marker is labelled with. */
export interface MapLocation {
  latitude: number;
  longitude: number;
  label: string;
}

/** The site's tile layer (mapTileLayer in the domain's settings). */
export interface MapTiles {
  url: string;
  attribution: string;
  demo: boolean;
}

/** Loads Leaflet (its own chunk, with its stylesheet): the composition root hands the import in. */
export type LeafletLoader = () => Promise<typeof Leaflet>;

/** The zoom a single place is shown at: streets and the shore around it. */
export const LOCATION_ZOOM = 14;

const escapeText = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Carries out what a location map actor asks (spec §2: the map loads when its section is first
 * opened and is redrawn when it is opened again): loads Leaflet and draws the map once in
 * `container`, and after each opening waits a frame (the box is shown by then) and has Leaflet
 * measure it again and fetch the tiles it now needs. Returns the disposer, which removes the map.
 */
export function connectLocationMap(
  actor: ActorRefFrom<typeof locationMapMachine>,
  container: HTMLElement,
  place: MapLocation,
  tiles: MapTiles,
  loadLeaflet: LeafletLoader,
): () => void {
  let map: Leaflet.Map | null = null;
  const work: Subscription[] = [];
  const draw = (L: typeof Leaflet): Leaflet.Map => {
    const position: Leaflet.LatLngTuple = [place.latitude, place.longitude];
    const made = L.map(container, { scrollWheelZoom: false, keyboard: true, minZoom: tiles.demo ? 8 : 1, maxZoom: 18 });
    made.setView(position, LOCATION_ZOOM, { animate: false });
    L.tileLayer(tiles.url, { attribution: escapeText(tiles.attribution), maxZoom: 18, minZoom: tiles.demo ? 8 : 1 }).addTo(made);
    made.attributionControl.setPrefix(false);
    L.circleMarker(position, { radius: 10, color: '#ffffff', weight: 3, fillColor: '#c2410c', fillOpacity: 1 })
      .bindTooltip(escapeText(place.label), { direction: 'top', offset: [0, -10] })
      .addTo(made);
    return made;
  };
  const requested = actor.on('map.load.requested', () => {
    if (map) {
      actor.send({ type: 'map.ready' });
      return;
    }
    work.push(
      from(loadLeaflet()).subscribe({
        next: (L) => {
          try {
            map = map ?? draw(L);
            actor.send({ type: 'map.ready' });
          } catch (error) {
            actor.send({ type: 'map.failed', message: error instanceof Error ? error.message : String(error) });
          }
        },
        error: (error: unknown) => actor.send({ type: 'map.failed', message: error instanceof Error ? error.message : String(error) }),
      }),
    );
  });
  const redraw = actor.on('map.redraw.requested', () => {
    work.push(
      animationFrames()
        .pipe(take(1))
        .subscribe(() => {
          if (!map) return;
          map.invalidateSize({ animate: false });
          map.setView([place.latitude, place.longitude], map.getZoom(), { animate: false });
        }),
    );
  });
  const logged = actor.on('map.failure.logged', ({ message }) => console.error(`The location map could not be loaded: ${message}`));
  return () => {
    requested.unsubscribe();
    redraw.unsubscribe();
    logged.unsubscribe();
    work.forEach((subscription) => subscription.unsubscribe());
    map?.remove();
    map = null;
  };
}
