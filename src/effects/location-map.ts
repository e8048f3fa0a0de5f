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

/** What a map draws once Leaflet has loaded, and does when its box is shown again. */
export interface LeafletMapDrawing {
  /** Makes the map in its box; a throw is a failed load. */
  draw: (L: typeof Leaflet) => Leaflet.Map;
  /** The box has just been shown again (a frame later): measure it and redraw. */
  redraw?: (map: Leaflet.Map) => void;
  /** The console's words for a failed load. */
  what: string;
}

/**
 * Carries out what a map actor (locationMapMachine) asks: loads Leaflet and draws the map once,
 * answering map.ready or map.failed (a retry asks again); after each showing waits a frame (the
 * box is shown by then) and redraws; logs a failure. Returns the disposer, which removes the map.
 */
export function connectLeafletMap(actor: ActorRefFrom<typeof locationMapMachine>, drawing: LeafletMapDrawing, loadLeaflet: LeafletLoader): () => void {
  let map: Leaflet.Map | null = null;
  const work: Subscription[] = [];
  const failed = (error: unknown) => actor.send({ type: 'map.failed', message: error instanceof Error ? error.message : String(error) });
  const requested = actor.on('map.load.requested', () => {
    if (map) {
      actor.send({ type: 'map.ready' });
      return;
    }
    work.push(
      from(loadLeaflet()).subscribe({
        next: (L) => {
          try {
            map = map ?? drawing.draw(L);
          } catch (error) {
            failed(error);
            return;
          }
          actor.send({ type: 'map.ready' });
        },
        error: failed,
      }),
    );
  });
  const redraw = actor.on('map.redraw.requested', () => {
    work.push(
      animationFrames()
        .pipe(take(1))
        .subscribe(() => {
          if (map) drawing.redraw?.(map);
        }),
    );
  });
  const logged = actor.on('map.failure.logged', ({ message }) => console.error(`${drawing.what} could not be loaded: ${message}`));
  return () => {
    requested.unsubscribe();
    redraw.unsubscribe();
    logged.unsubscribe();
    work.forEach((subscription) => subscription.unsubscribe());
    map?.remove();
    map = null;
  };
}

/**
 * A location map (spec §2: the map loads when its section is first opened and is redrawn when it
 * is opened again): one place with its marker, drawn in `container`; after each opening Leaflet
 * measures the box again and fetches the tiles it now needs.
 */
export function connectLocationMap(
  actor: ActorRefFrom<typeof locationMapMachine>,
  container: HTMLElement,
  place: MapLocation,
  tiles: MapTiles,
  loadLeaflet: LeafletLoader,
): () => void {
  const position: Leaflet.LatLngTuple = [place.latitude, place.longitude];
  return connectLeafletMap(
    actor,
    {
      what: 'The location map',
      draw: (L) => {
        const made = L.map(container, { scrollWheelZoom: false, keyboard: true, minZoom: tiles.demo ? 8 : 1, maxZoom: 18 });
        made.setView(position, LOCATION_ZOOM, { animate: false });
        L.tileLayer(tiles.url, { attribution: escapeText(tiles.attribution), maxZoom: 18, minZoom: tiles.demo ? 8 : 1 }).addTo(made);
        made.attributionControl.setPrefix(false);
        L.circleMarker(position, { radius: 10, color: '#ffffff', weight: 3, fillColor: '#c2410c', fillOpacity: 1 })
          .bindTooltip(escapeText(place.label), { direction: 'top', offset: [0, -10] })
          .addTo(made);
        return made;
      },
      redraw: (map) => {
        map.invalidateSize({ animate: false });
        map.setView(position, map.getZoom(), { animate: false });
      },
    },
    loadLeaflet,
  );
}
