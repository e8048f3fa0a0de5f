import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type * as Leaflet from 'leaflet';
import { createTestModel } from 'xstate/graph';
import { InspectProvider, LeafletLoaderProvider } from '@/bindings/inspect-context';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { locationMapMachine, type LocationMapInput } from '@/machines/location-map-machine';
import { FeaturedMap, LocationSection } from '@/views/map/location-map';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { mountSite, pageSettings, type MountedSite } from './site-harness';

type MapSnapshot = SnapshotFrom<typeof locationMapMachine>;
type MapEvent = EventFrom<typeof locationMapMachine>;
type ModelEvent = Via<MapEvent>;

const PLACE = { latitude: 27.3412, longitude: -82.5417, label: 'Cove Commons 42' };

const events: ModelEvent[] = [
  { type: 'location.toggled', via: 'presses Location' },
  { type: 'location.retried', via: 'presses Try again' },
  { type: 'map.ready', via: 'Leaflet arrives and draws the map' },
  { type: 'map.failed', message: 'Failed to fetch dynamically imported module', via: 'the map code fails to load' },
];

const coverage = new ModelCoverage(locationMapMachine);

/** What the stand-in Leaflet was asked to do: the boundary of these tests (jsdom draws no maps). */
interface LeafletCalls {
  maps: Array<{ container: HTMLElement; view: [number, number]; zoom: number; removed: boolean }>;
  tiles: string[];
  redraws: number;
}

function fakeLeaflet(calls: LeafletCalls): typeof Leaflet {
  const layer = () => ({ addTo: () => layer(), bindTooltip: () => layer() });
  const L = {
    map: (container: HTMLElement) => {
      const record = { container, view: [0, 0] as [number, number], zoom: 0, removed: false };
      calls.maps.push(record);
      const map = {
        setView: (view: [number, number], zoom: number) => {
          record.view = view;
          record.zoom = zoom;
          return map;
        },
        getZoom: () => record.zoom,
        invalidateSize: () => {
          calls.redraws++;
          return map;
        },
        attributionControl: { setPrefix: () => undefined },
        remove: () => {
          record.removed = true;
        },
      };
      return map;
    },
    tileLayer: (url: string) => {
      calls.tiles.push(url);
      return layer();
    },
    circleMarker: () => layer(),
  };
  return L as unknown as typeof Leaflet;
}

/** One load of the map code at a time, answered when the test says. */
interface PendingLoad {
  resolve: (L: typeof Leaflet) => void;
  reject: (error: Error) => void;
}

function mapDriver(input: LocationMapInput): PathDriver<MapSnapshot, MapEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let loads: PendingLoad[] = [];
  let calls: LeafletCalls = { maps: [], tiles: [], redraws: 0 };
  const frames: FrameRequestCallback[] = [];
  const flushFrames = () => act(() => frames.splice(0).forEach((frame) => frame(0)));
  return {
    start: () => {
      user = userEvent.setup();
      loads = [];
      calls = { maps: [], tiles: [], redraws: 0 };
      frames.length = 0;
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
      vi.stubGlobal('cancelAnimationFrame', () => undefined);
      const load = () => new Promise<typeof Leaflet>((resolve, reject) => loads.push({ resolve, reject }));
      const page = pageSettings();
      const ui = input.open ? <FeaturedMap place={PLACE} /> : <LocationSection place={PLACE} summary="Seabright, Coral Haven Coast" />;
      site = mountSite(
        <InspectProvider inspect={coverage.inspect}>
          <LeafletLoaderProvider load={load}>{ui}</LeafletLoaderProvider>
        </InspectProvider>,
        page,
        createSiteActors(page, window.location.origin),
      );
    },
    perform: async (event) => {
      switch (event.type) {
        case 'location.toggled':
          return user.click(screen.getByRole('button', { name: /^Location/ }));
        case 'location.retried':
          return user.click(screen.getByRole('button', { name: 'Try again' }));
        case 'map.ready':
          await act(async () => loads.at(-1)?.resolve(fakeLeaflet(calls)));
          return flushFrames();
        case 'map.failed':
          await act(async () => loads.at(-1)?.reject(new Error(event.message)));
          return;
      }
    },
    expectState: (state) => {
      const canvas = screen.getByRole('region', { name: `Map: ${PLACE.label}`, hidden: true });
      const open = state.matches('loading') || state.matches('shown') || state.matches('failed');
      if (!input.open) {
        const toggle = screen.getByRole('button', { name: /^Location/ });
        expect(toggle.getAttribute('aria-expanded')).toBe(String(open));
        expect((document.getElementById('location-panel') as HTMLElement).hidden).toBe(!open);
      }
      expect(canvas.dataset.state).toBe(state.value);
      // Nothing of the map loads before the section is first opened.
      const everOpened = loads.length > 0;
      if (state.matches('closed') && !everOpened) expect(calls.maps).toHaveLength(0);
      if (state.matches('loading')) expect(loads.length).toBeGreaterThan(0);
      if (state.matches('shown') || state.matches('hidden')) {
        // Drawn once, in the box, at the place, with the site's demo tiles; redrawn on every opening.
        expect(calls.maps).toHaveLength(1);
        expect(calls.maps[0]?.container).toBe(canvas);
        expect(calls.maps[0]?.view).toEqual([PLACE.latitude, PLACE.longitude]);
        expect(calls.tiles).toEqual(['/tiles/{z}/{x}/{y}.svg']);
      }
      if (state.matches('shown')) {
        const before = calls.redraws;
        flushFrames();
        expect(calls.redraws).toBeGreaterThanOrEqual(before);
        expect(calls.redraws).toBeGreaterThan(0);
      }
      expect(screen.queryByText(/The map could not be loaded/) !== null).toBe(state.matches('failed'));
    },
    stop: () => {
      site?.unmount();
      vi.unstubAllGlobals();
    },
  };
}

describe('location map machine, walked through the listing section and an event featured map', () => {
  afterAll(() => coverage.write());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);

  for (const input of [{ open: false }, { open: true }] satisfies LocationMapInput[]) {
    const model = createTestModel(locationMapMachine, {
      input,
      events,
      // The featured map has no section to open or close.
      filterEvents: (snapshot, event) => snapshot.can(event) && !(input.open && event.type === 'location.toggled'),
    });
    describe(input.open ? 'featured map' : 'collapsed section', () => {
      for (const path of planPaths(model, locationMapMachine)) {
        it(path.description, async () => {
          await runPath(path, coverage, mapDriver(input));
        });
      }
    });
  }
});
