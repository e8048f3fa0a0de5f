import { useId, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useVisibleDocuments } from '@/bindings/search-context';
import { listingFromDocument, listingPosition } from '@/domain/listing-document';
import { deferred } from '@/bindings/deferred';
import { useDeferred } from '@/bindings/use-deferred';
import type { MapPlace } from '@/views/map/result-map';

/**
 * The map's code comes after the page (it draws nothing before Leaflet has loaded anyway): the
 * server and the first paint show the same empty map box, so nothing moves when it arrives.
 */
const resultMap = deferred(() => import('@/views/map/result-map'));
const MAP_LABEL = 'Map of the results';

/** The shown results that have a position, as map places (the map's own code adds their prices). */
function useResultPlaces(): MapPlace[] {
  const { documents } = useVisibleDocuments();
  return documents.flatMap((doc) => {
    const listing = listingFromDocument(doc);
    const position = listingPosition(doc);
    return listing && position ? [{ listing, position }] : [];
  });
}

/** The eid of the result card under the pointer or holding focus. */
function cardEidOf(target: EventTarget): number | null {
  const card = target instanceof Element ? target.closest<HTMLElement>('.listing-card[data-eid]') : null;
  const eid = Number(card?.dataset.eid);
  return Number.isSafeInteger(eid) ? eid : null;
}

const SECTIONS = [
  { key: 'list', label: 'List' },
  { key: 'map', label: 'Map' },
] as const;
type Section = (typeof SECTIONS)[number]['key'];

/**
 * The results of the map search page as two sections, 'List' and 'Map': side by side on wide
 * screens, tabs below 1024px. Both panels stay mounted (the map keeps its state); below 1024px
 * the closed one is hidden by the stylesheet, and opening the Map tab refits the map (spec §2).
 *
 * The tabs follow the WAI-ARIA tabs pattern (arrow keys, Home and End move and select, focus
 * stays on the tab) with the markup react-aria's Tabs write, written here: react-aria's tabs
 * would add 37 kB gzip to the page's first script (bench/bundle-size.ts), over its budget.
 */
export function MapResults({ list }: { list: ReactNode }) {
  const places = useResultPlaces();
  const loaded = useDeferred(resultMap, true);
  const id = useId();
  const [section, setSection] = useState<Section>('list');
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const track = (event: MouseEvent | FocusEvent) => setHighlighted(cardEidOf(event.target));
  const tabId = (key: Section) => `${id}-tab-${key}`;
  const panelId = (key: Section) => `${id}-tabpanel-${key}`;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = SECTIONS.findIndex((candidate) => candidate.key === section);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: SECTIONS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const chosen = SECTIONS[(next + SECTIONS.length) % SECTIONS.length]!.key;
    setSection(chosen);
    document.getElementById(tabId(chosen))?.focus();
  };
  // Both panels can be seen side by side on wide screens, so neither is inert; the stylesheet
  // hides the closed one (data-inert) where the tabs show.
  const panelProps = (key: Section) =>
    section === key
      ? { id: panelId(key), role: 'tabpanel', 'aria-labelledby': tabId(key) }
      : { 'data-inert': 'true' };
  return (
    <div className="map-results" data-orientation="horizontal">
      <div className="map-results__tabs" role="tablist" aria-label="Show results as" aria-orientation="horizontal" data-orientation="horizontal" onKeyDown={onKeyDown}>
        {SECTIONS.map(({ key, label }) => (
          <div
            key={key}
            id={tabId(key)}
            className="map-results__tab"
            role="tab"
            tabIndex={section === key ? 0 : -1}
            aria-selected={section === key}
            aria-controls={section === key ? panelId(key) : undefined}
            data-selected={section === key || undefined}
            onClick={() => setSection(key)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                setSection(key);
              }
            }}
          >
            {label}
          </div>
        ))}
      </div>
      <div className="map-results__panel map-results__panel--list" {...panelProps('list')}>
        <div className="map-results__list" onMouseOver={track} onFocus={track} onMouseLeave={() => setHighlighted(null)}>
          {list}
        </div>
      </div>
      <div className="map-results__panel map-results__panel--map" {...panelProps('map')}>
        {loaded ? (
          <loaded.ResultMap places={places} active={section === 'map'} highlighted={highlighted} label={MAP_LABEL} />
        ) : (
          <div className="result-map" data-count={places.length}>
            <div className="result-map__canvas" role="region" aria-label={MAP_LABEL} />
          </div>
        )}
      </div>
    </div>
  );
}
