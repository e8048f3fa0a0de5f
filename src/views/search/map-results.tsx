import { useState, type FocusEvent, type JSX, type MouseEvent, type ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useVisibleDocuments } from '@/app/search-context';
import { useSettings } from '@/app/site-context';
import { listingFromDocument, listingPosition } from '@/domain/listing-document';
import { mapTileLayer } from '@/domain/settings';
import { ResultMap, type MapPlace } from '@/views/map/result-map';

/** The shown results that have a position, as map places. */
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

/**
 * The results of the map search page as two sections, 'List' and 'Map': side by side on wide
 * screens, tabs below 1024px. Both panels stay mounted (the map keeps its state); below 1024px
 * the closed one is hidden by the stylesheet, and opening the Map tab refits the map (spec §2).
 */
export function MapResults({ list }: { list: ReactNode }) {
  const settings = useSettings();
  const places = useResultPlaces();
  const [section, setSection] = useState<Key>('list');
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const track = (event: MouseEvent | FocusEvent) => setHighlighted(cardEidOf(event.target));
  // Both panels can be seen side by side on wide screens, so neither may be inert; the
  // stylesheet hides the closed one where the tabs show.
  const panel = ({ inert: _inert, ...props }: JSX.IntrinsicElements['div']) => <div {...props} />;
  return (
    <Tabs className="map-results" selectedKey={section} onSelectionChange={setSection}>
      <TabList className="map-results__tabs" aria-label="Show results as">
        <Tab id="list" className="map-results__tab">
          List
        </Tab>
        <Tab id="map" className="map-results__tab">
          Map
        </Tab>
      </TabList>
      <TabPanel
        id="list"
        className="map-results__panel map-results__panel--list"
        shouldForceMount
        render={panel}
      >
        <div className="map-results__list" onMouseOver={track} onFocus={track} onMouseLeave={() => setHighlighted(null)}>
          {list}
        </div>
      </TabPanel>
      <TabPanel id="map" className="map-results__panel map-results__panel--map" shouldForceMount render={panel}>
        <ResultMap
          places={places}
          tiles={mapTileLayer(settings.site)}
          active={section === 'map'}
          highlighted={highlighted}
          label="Map of the results"
        />
      </TabPanel>
    </Tabs>
  );
}
