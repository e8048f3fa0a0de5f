import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { connectLeafletMap, connectLocationMap, type LeafletLoader, type LeafletMapDrawing, type MapLocation } from '@/effects/location-map';
import { mapTileLayer } from '@/domain/map-tiles';
import { locationMapMachine } from '@/machines/location-map-machine';
import { useInspect, useLeafletLoader } from './inspect-context';
import { useSettings } from './site-context';

export type { LeafletMapDrawing };

export type LocationMapState = 'starting' | 'closed' | 'loading' | 'shown' | 'hidden' | 'failed';

/** Leaflet and its stylesheet, a chunk of their own (the map search page's module). */
export const loadLeaflet: LeafletLoader = () => import('./leaflet').then((module) => module.default);

export interface LocationMap {
  /** The map's box. */
  ref: RefObject<HTMLDivElement | null>;
  state: LocationMapState;
  /** Whether the section is open (the map box shown). */
  open: boolean;
  toggle: () => void;
  retry: () => void;
}

/**
 * A location map (spec §2): its own actor, made once the box is in the page and wired to the
 * Leaflet effect. `startOpen` maps draw at once (an event's featured area); the others wait
 * for their collapsed section to be opened. The server and the first paint show the section as
 * the actor starts (closed, or open with an empty box), so nothing moves when it runs.
 */
export function useLocationMap(place: MapLocation, startOpen: boolean): LocationMap {
  const ref = useRef<HTMLDivElement>(null);
  const inspect = useInspect();
  const load = useLeafletLoader() ?? loadLeaflet;
  const { site } = useSettings();
  const tiles = mapTileLayer(site);
  const [actor, setActor] = useState<ActorRefFrom<typeof locationMapMachine> | undefined>(undefined);
  const { latitude, longitude, label } = place;
  const { url, attribution, demo } = tiles;
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const made = createActor(locationMapMachine, { input: { open: startOpen }, inspect });
    const disconnect = connectLocationMap(made, element, { latitude, longitude, label }, { url, attribution, demo }, load);
    made.start();
    setActor(made);
    return () => {
      disconnect();
      made.stop();
    };
  }, [latitude, longitude, label, url, attribution, demo, startOpen, inspect, load]);
  const state = useSelector(actor, (s) => (s ? (s.value as LocationMapState) : startOpen ? 'loading' : 'closed'));
  return {
    ref,
    state,
    open: state === 'loading' || state === 'shown' || state === 'failed',
    toggle: () => actor?.send({ type: 'location.toggled' }),
    retry: () => actor?.send({ type: 'location.retried' }),
  };
}

/**
 * A map its view draws once Leaflet has loaded (the search results' map): a map actor shown from
 * the start, wired to the Leaflet effect, made again when `drawing` changes. A failed load is the
 * actor's `failed` state; `retry` asks again. `removed` runs after the map is taken away.
 */
export function useLeafletMapLoad(drawing: LeafletMapDrawing, removed: () => void): { state: LocationMapState; retry: () => void } {
  const inspect = useInspect();
  const load = useLeafletLoader() ?? loadLeaflet;
  const [actor, setActor] = useState<ActorRefFrom<typeof locationMapMachine> | undefined>(undefined);
  const removedRef = useRef(removed);
  useEffect(() => {
    removedRef.current = removed;
  });
  useEffect(() => {
    const made = createActor(locationMapMachine, { input: { open: true }, inspect });
    const disconnect = connectLeafletMap(made, drawing, load);
    made.start();
    setActor(made);
    return () => {
      disconnect();
      made.stop();
      removedRef.current();
    };
  }, [drawing, inspect, load]);
  return {
    state: useSelector(actor, (s) => (s ? (s.value as LocationMapState) : 'loading')),
    retry: () => actor?.send({ type: 'location.retried' }),
  };
}
