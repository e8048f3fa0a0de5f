import { useEffect, useMemo, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import { useEditorField } from './owner-editor-hooks';
import { useLeafletMapLoad, type LeafletMapDrawing } from './location-map-hooks';

export interface MapTilesConfig {
  url: string;
  attribution: string;
}

/**
 * The listing's pin on a Leaflet map in the box this returns: the owner drags the pin or clicks the
 * map and the latitude and longitude fields follow; typed coordinates move the pin.
 */
export function useOwnerPinMap(tiles: MapTilesConfig) {
  const latitude = useEditorField<number>('latitude');
  const longitude = useEditorField<number>('longitude');
  const box = useRef<HTMLDivElement>(null);
  const marker = useRef<Leaflet.Marker | null>(null);
  const place = useRef({ latitude: latitude.set, longitude: longitude.set });
  const start = useRef({ lat: latitude.value, lng: longitude.value });
  useEffect(() => {
    place.current = { latitude: latitude.set, longitude: longitude.set };
  });
  const drawing = useMemo<LeafletMapDrawing>(
    () => ({
      what: 'The pin map',
      draw: (L) => {
        if (!box.current) throw new Error('The map box is not in the page');
        const { lat, lng } = start.current;
        const map = L.map(box.current, { keyboard: true }).setView([lat || 0, lng || 0], lat || lng ? 15 : 2);
        L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 }).addTo(map);
        const pin = L.marker([lat || 0, lng || 0], { draggable: true, title: 'The listing’s pin', alt: 'The listing’s pin', keyboard: true }).addTo(map);
        const moveTo = (at: Leaflet.LatLng) => {
          place.current.latitude(Math.round(at.lat * 1e6) / 1e6);
          place.current.longitude(Math.round(at.lng * 1e6) / 1e6);
        };
        pin.on('dragend', () => moveTo(pin.getLatLng()));
        map.on('click', (event: Leaflet.LeafletMouseEvent) => {
          pin.setLatLng(event.latlng);
          moveTo(event.latlng);
        });
        marker.current = pin;
        return map;
      },
    }),
    [tiles.url, tiles.attribution],
  );
  const map = useLeafletMapLoad(drawing, () => {
    marker.current = null;
  });
  // The pin follows the typed coordinates.
  useEffect(() => {
    const pin = marker.current;
    if (!pin || !Number.isFinite(latitude.value) || !Number.isFinite(longitude.value)) return;
    const at = pin.getLatLng();
    if (at.lat !== latitude.value || at.lng !== longitude.value) pin.setLatLng([latitude.value, longitude.value]);
  }, [latitude.value, longitude.value]);
  return { box, map };
}
