import { useEffect, useMemo, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import { useLeafletMapLoad, type LeafletMapDrawing } from '@/bindings/location-map-hooks';
import { useChosenDatesPricing, useMoneyDisplay } from '@/bindings/pricing-hooks';
import { useSettings } from '@/bindings/site-context';
import { mapTileLayer } from '@/domain/map-tiles';
import type { ListingSummary } from '@/domain/content';
import { pricingKey } from '@/domain/pricing/derived';
import { lowestOffer } from '@/domain/pricing/texts';
import { listingPopup, markerLabel, markerPin, type StayPrice } from './listing-marker';

/** One result on the map: the card's data and its [lat, lng]. */
export interface MapPlace {
  listing: ListingSummary;
  position: [number, number];
}

/** A place with, once dates are chosen, its lowest offer (what its card shows first), in the site's display. */
interface PricedPlace extends MapPlace {
  stay: StayPrice | null;
}

/** Each place with its stay's price; here in the map's own code, which the page's first script does without. */
function usePricedPlaces(places: MapPlace[]): PricedPlace[] {
  const pricing = useChosenDatesPricing();
  const display = useMoneyDisplay();
  return places.map((place) => {
    const low = lowestOffer(pricing?.[pricingKey(place.listing.eid)]);
    return { ...place, stay: low ? { offer: low, display } : null };
  });
}

interface LiveMap {
  L: typeof Leaflet;
  map: Leaflet.Map;
  layer: Leaflet.LayerGroup;
  markers: Map<number, Leaflet.Marker>;
}

const FIT_OPTIONS: Leaflet.FitBoundsOptions = { padding: [36, 36], maxZoom: 14, animate: false };

const isShown = (element: HTMLElement): boolean => element.offsetWidth > 0 && element.offsetHeight > 0;

/**
 * A Leaflet map of result listings: a price pin per place, a popup with the listing, keyboard
 * reachable pins and Escape to close a popup. Leaflet loads in the browser only, as its own
 * chunk; the server and the first paint show the empty map box, so nothing moves when it arrives.
 * The load is a map actor's (locationMapMachine, shown from the start): a failed load says so
 * with Try again.
 *
 * The map refits its bounds to the pins when `active` turns true (its section tab was opened,
 * spec §2 Search results pages), when the places change, and when it is shown after being hidden.
 */
export function ResultMap({
  places: given,
  active,
  highlighted = null,
  label,
}: {
  places: MapPlace[];
  active: boolean;
  /** The eid of the listing whose card is hovered or focused: its pin stands out. */
  highlighted?: number | null;
  label: string;
}) {
  const places = usePricedPlaces(given);
  // The site's tiles, read here: the page's first script does without them.
  const tiles = mapTileLayer(useSettings().site);
  const containerRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<LiveMap | null>(null);
  const placesRef = useRef(places);
  /** The pins changed while the map was hidden: fit once it is shown. */
  const fitPendingRef = useRef(false);
  /** What goes with the map when it is taken away (its observer and listener). */
  const teardownRef = useRef<Array<() => void>>([]);
  const placesKey = places.map((p) => `${p.listing.eid}@${p.position.join(',')}:${p.stay ? `${p.stay.offer.p}/${p.stay.offer.nt}/${p.stay.offer.c ?? ''}` : ''}`).join('|');

  useEffect(() => {
    placesRef.current = places;
  });

  /** Fits the view to the pins if the map can be seen; otherwise remembers to do it later. */
  const fitRef = useRef(() => {
    const live = liveRef.current;
    const container = containerRef.current;
    if (!live || !container) return;
    if (!isShown(container)) {
      fitPendingRef.current = true;
      return;
    }
    fitPendingRef.current = false;
    live.map.invalidateSize({ animate: false });
    const positions = placesRef.current.map((p) => p.position);
    if (positions.length > 0) live.map.fitBounds(live.L.latLngBounds(positions), FIT_OPTIONS);
  });

  // The map is made in its box once its actor has had Leaflet loaded; it goes with the component.
  const drawing = useMemo<LeafletMapDrawing>(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      const live = liveRef.current;
      if (event.key !== 'Escape' || !live) return;
      const popup = live.map.getContainer().querySelector('.leaflet-popup');
      if (!popup) return;
      const openMarker = [...live.markers.values()].find((marker) => marker.isPopupOpen());
      live.map.closePopup();
      openMarker?.getElement()?.focus();
      event.stopPropagation();
    };
    const draw = (L: typeof Leaflet): Leaflet.Map => {
      const container = containerRef.current;
      if (!container) throw new Error('the map has no box');
      const map = L.map(container, {
        zoomControl: true,
        keyboard: true,
        scrollWheelZoom: false,
        attributionControl: true,
        worldCopyJump: false,
        minZoom: tiles.demo ? 8 : 1,
        maxZoom: 18,
      });
      map.setView([0, 0], tiles.demo ? 8 : 2, { animate: false });
      L.tileLayer(tiles.url, { attribution: escapeText(tiles.attribution), maxZoom: 18, minZoom: tiles.demo ? 8 : 1 }).addTo(map);
      map.attributionControl.setPrefix(false);
      const layer = L.layerGroup().addTo(map);
      liveRef.current = { L, map, layer, markers: new Map() };
      // Keyboard: a pin opened with Enter moves focus into its popup; Escape closes it and returns to the pin.
      map.on('popupopen', (event: Leaflet.PopupEvent) => {
        const source = [...(liveRef.current?.markers.values() ?? [])].find((marker) => marker.getPopup() === event.popup);
        if (source && document.activeElement === source.getElement()) {
          event.popup.getElement()?.querySelector<HTMLElement>('.map-popup__name')?.focus();
        }
      });
      container.addEventListener('keydown', closeOnEscape);
      let wasShown = isShown(container);
      const observer = new ResizeObserver(() => {
        const shown = isShown(container);
        if (shown) map.invalidateSize({ animate: false });
        if (shown && (!wasShown || fitPendingRef.current)) fitRef.current();
        wasShown = shown;
      });
      observer.observe(container);
      teardownRef.current.push(
        () => observer.disconnect(),
        () => container.removeEventListener('keydown', closeOnEscape),
      );
      return map;
    };
    return { what: 'The map of results', draw };
  }, [tiles.url, tiles.attribution, tiles.demo]);
  const { state, retry } = useLeafletMapLoad(drawing, () => {
    teardownRef.current.forEach((teardown) => teardown());
    teardownRef.current = [];
    liveRef.current = null;
  });
  const ready = state === 'shown';

  // One pin per place; refit when the places change.
  useEffect(() => {
    const live = liveRef.current;
    if (!ready || !live) return;
    live.layer.clearLayers();
    live.markers.clear();
    for (const place of placesRef.current) {
      const { listing } = place;
      const stay = place.stay;
      const icon = live.L.divIcon({ className: 'map-pin', html: markerPin(listing, stay), iconSize: [0, 0] });
      const marker = live.L.marker(place.position, { icon, keyboard: true, riseOnHover: true });
      marker.bindPopup(() => listingPopup(listing, stay), { minWidth: 200, maxWidth: 240, closeOnEscapeKey: true, autoPanPadding: [20, 20] });
      marker.addTo(live.layer);
      const pin = marker.getElement();
      pin?.setAttribute('aria-label', markerLabel(listing, stay));
      pin?.setAttribute('data-eid', String(listing.eid));
      live.markers.set(listing.eid, marker);
    }
    fitRef.current();
  }, [ready, placesKey]);

  // The section tab was opened: redraw at the new size and refit (spec §2).
  useEffect(() => {
    if (ready && active) fitRef.current();
  }, [ready, active]);

  useEffect(() => {
    const live = liveRef.current;
    if (!ready || !live || highlighted === null) return undefined;
    const marker = live.markers.get(highlighted);
    const pin = marker?.getElement();
    if (!marker || !pin) return undefined;
    pin.dataset.highlighted = 'true';
    marker.setZIndexOffset(1000);
    return () => {
      delete pin.dataset.highlighted;
      marker.setZIndexOffset(0);
    };
  }, [ready, highlighted, placesKey]);

  return (
    <div className="result-map" data-ready={ready || undefined} data-count={places.length}>
      <div ref={containerRef} className="result-map__canvas" role="region" aria-label={label} />
      {state === 'failed' && (
        <div className="result-map__failed" role="alert">
          <p>The map could not be loaded.</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    </div>
  );
}

/** Leaflet shows attributions as HTML; the site's is plain text. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
