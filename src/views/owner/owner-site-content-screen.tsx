/* Named *-screen, not *-page: src/app/routes.tsx globs the guests' *-page.tsx modules into their route table. */
import { lazy, Suspense, useState } from 'react';
import { Checkbox, CheckboxGroup, Input, Label, SearchField, Text } from 'react-aria-components';
import { DocumentFieldsContext, useEditorField } from '@/bindings/owner-editor-hooks';
import { SITE_CONTENT_LIST_ID, SITE_CONTENT_MESSAGE_ID, useOwnerSiteContent, type SiteContentPage } from '@/bindings/owner-site-content-hooks';
import { documentDifferences } from '@/domain/owner/editor-checks';
import { SINGLE_KINDS, SITE_CONTENT_TITLES, type EventFields, type SiteContentItem, type SiteContentKind, type SiteContentOptions } from '@/domain/owner/site-content';
import { Button } from '../ui/button';
import { OwnerContentNav } from './owner-content-nav';
import { NumberInput, SelectInput, TextInput, BooleanInput } from './owner-fields';
import type { MapTilesConfig } from './owner-pin-map';

const PinMap = lazy(() => import('./owner-pin-map'));
const PhotoTools = lazy(() => import('./owner-photos'));
const DateRangeInput = lazy(() => import('./owner-rates-section').then((module) => ({ default: module.DateRangeInput })));

const KIND_NOTES: Record<SiteContentKind, string> = {
  specials: 'Offers on the rent of chosen homes, for stays and bookings between two days. The first special in the list is the one the site shows first.',
  events: 'Events have dates and are listed as upcoming until they end; things to do run all year. Each has its own page.',
  pages: 'About us, your policies and other pages of text. Each has its own address on the site.',
  community: 'The photos of the homepage’s slider, in the order guests see them.',
  site: 'Shown in every page’s header and footer and in the emails guests get.',
};

/** Where guests see an item, when it has a page of its own. */
function guestPath(kind: SiteContentKind, item: SiteContentItem | undefined): string | null {
  if (!item) return null;
  if (kind === 'pages') return `/${(item.fields as { slug: string }).slug}`;
  if (kind === 'events') {
    const event = item.fields as EventFields;
    return `/${event.kind === 'event' ? 'events' : 'things-to-do'}/${event.slug}`;
  }
  return kind === 'community' || kind === 'site' ? '/' : null;
}

/** The title and the page's address (a new item's address follows its title until the owner types one: the machine's rule). */
function TitleWithSlug({ under }: { under: string }) {
  const slug = useEditorField<string>('slug');
  return (
    <>
      <TextInput path="title" label="Title" isRequired maxLength={100} />
      <TextInput path="slug" label="Page address" isRequired maxLength={80} hint={`Lower-case letters, digits and hyphens; the page is at ${under}${slug.value || '…'}.`} />
    </>
  );
}

function ListingsChooser({ options }: { options: SiteContentOptions }) {
  const field = useEditorField<number[]>('units');
  const [filter, setFilter] = useState('');
  const chosen = new Set(field.value ?? []);
  const needle = filter.trim().toLowerCase();
  const shown = options.listings.filter((listing) => needle === '' || `${listing.name} ${listing.propertyCode} ${listing.type}`.toLowerCase().includes(needle));
  const types = [...new Set(options.listings.map((listing) => listing.type))].sort();
  const set = (eids: Iterable<number>) => field.set([...new Set(eids)].sort((a, b) => a - b));
  return (
    <fieldset className="owner-rows" id={field.id} tabIndex={-1} aria-describedby={field.problem ? `${field.id}-problem` : undefined}>
      <legend>Homes it applies to ({chosen.size} of {options.listings.length})</legend>
      <div className="owner-actions">
        <Button variant="quiet" onPress={() => set(options.listings.map((listing) => listing.eid))}>
          Choose every home
        </Button>
        {types.map((type) => (
          <Button key={type} variant="quiet" onPress={() => set([...chosen, ...options.listings.filter((listing) => listing.type === type).map((listing) => listing.eid)])}>
            Add every {type}
          </Button>
        ))}
        <Button variant="quiet" onPress={() => set([])}>
          Choose none
        </Button>
      </div>
      <SearchField className="owner-field" value={filter} onChange={setFilter}>
        <Label>Find a home</Label>
        <Input />
        <Text slot="description">By name, property code or type.</Text>
      </SearchField>
      <CheckboxGroup
        aria-label="Homes"
        className="owner-chooser"
        value={shown.filter((listing) => chosen.has(listing.eid)).map((listing) => String(listing.eid))}
        onChange={(values) => {
          const shownIds = new Set(shown.map((listing) => listing.eid));
          set([...[...chosen].filter((eid) => !shownIds.has(eid)), ...values.map(Number)]);
        }}
      >
        {shown.map((listing) => (
          <Checkbox key={listing.eid} value={String(listing.eid)} className="owner-checkbox">
            <span className="owner-checkbox__box" aria-hidden="true" />
            {listing.name} <span className="owner-note">({listing.propertyCode}, {listing.type})</span>
          </Checkbox>
        ))}
        {shown.length === 0 ? <p>No home matches.</p> : null}
      </CheckboxGroup>
      {field.problem ? (
        <p className="owner-problem" id={`${field.id}-problem`}>
          {field.problem}
        </p>
      ) : null}
    </fieldset>
  );
}

function Loading() {
  return <p role="status">Loading…</p>;
}

function SpecialForm({ options }: { options: SiteContentOptions }) {
  return (
    <>
      <TextInput path="title" label="Title" isRequired maxLength={100} />
      <TextInput path="description" label="Description" multiline maxLength={1000} />
      <NumberInput path="discountPercent" label="Discount on the rent (%)" isRequired minValue={1} maxValue={100} />
      <Suspense fallback={<Loading />}>
        <DateRangeInput beginPath="stayFrom" endPath="stayTo" groupPath="stayFrom" label="Stays between (arrival on or after, departure on or before)" />
        <DateRangeInput beginPath="bookFrom" endPath="bookTo" groupPath="bookFrom" label="Booked between" />
      </Suspense>
      <div className="owner-grid">
        <NumberInput path="minNights" label="Fewest nights" minValue={0} maxValue={365} hint="0: any stay" />
        <NumberInput path="maxNights" label="Most nights" minValue={0} maxValue={365} hint="0: no limit" />
        <NumberInput path="minGuests" label="Fewest guests" minValue={0} maxValue={100} hint="0: any party" />
        <NumberInput path="maxGuests" label="Most guests" minValue={0} maxValue={100} hint="0: no limit" />
      </div>
      <BooleanInput path="webOnly" label="Web bookings only: not offered on detailed quotes" />
      <ListingsChooser options={options} />
    </>
  );
}

function EventForm({ options, tiles }: { options: SiteContentOptions; tiles: MapTilesConfig }) {
  const kind = useEditorField<string>('kind');
  const [showMap, setShowMap] = useState(false);
  return (
    <>
      <SelectInput
        path="kind"
        label="Kind"
        isRequired
        options={[
          { id: 'event', name: 'Event (on dates)' },
          { id: 'thing-to-do', name: 'Thing to do (all year)' },
        ]}
      />
      <TitleWithSlug under={kind.value === 'event' ? '/events/' : '/things-to-do/'} />
      {kind.value === 'event' ? (
        <Suspense fallback={<Loading />}>
          <DateRangeInput beginPath="beginDate" endPath="endDate" groupPath="beginDate" label="Dates" />
        </Suspense>
      ) : null}
      <TextInput path="place" label="Place" isRequired maxLength={100} />
      <SelectInput path="area" label="Area" isRequired options={options.areas.map((area) => ({ id: area.slug, name: area.name }))} />
      <div className="owner-grid">
        <NumberInput path="latitude" label="Latitude" minValue={-90} maxValue={90} step={0.000001} />
        <NumberInput path="longitude" label="Longitude" minValue={-180} maxValue={180} step={0.000001} />
      </div>
      {showMap ? (
        <Suspense fallback={<Loading />}>
          <PinMap tiles={tiles} />
        </Suspense>
      ) : (
        <Button onPress={() => setShowMap(true)}>Place the pin on a map</Button>
      )}
      <TextInput path="summary" label="Summary" isRequired multiline maxLength={500} />
      <TextInput path="description" label="Description" multiline maxLength={20000} />
    </>
  );
}

function PageForm() {
  return (
    <>
      <TitleWithSlug under="/" />
      <TextInput
        path="text"
        rows={16}
        label="Text"
        isRequired
        multiline
        maxLength={20000}
        hint="Plain text: a blank line starts a paragraph, ‘## ’ a heading, ‘- ’ a list item; **bold** and [a link](https://example.com) are the only marks. HTML is shown as typed."
      />
    </>
  );
}

function SiteForm() {
  return (
    <>
      <TextInput path="name" label="Site name" isRequired maxLength={80} />
      <TextInput path="slogan" label="Slogan" maxLength={160} />
      <TextInput path="phone" label="Phone" isRequired maxLength={30} />
      <TextInput path="email" label="Email" isRequired maxLength={120} />
    </>
  );
}

function KindForm({ kind, page, tiles }: { kind: SiteContentKind; page: SiteContentPage; tiles: MapTilesConfig }) {
  switch (kind) {
    case 'specials':
      return <SpecialForm options={page.options} />;
    case 'events':
      return <EventForm options={page.options} tiles={tiles} />;
    case 'pages':
      return <PageForm />;
    case 'community':
      return (
        <Suspense fallback={<Loading />}>
          <PhotoTools label="The community photos, in the slider’s order" first="First photo" />
        </Suspense>
      );
    case 'site':
      return <SiteForm />;
  }
}

const shown = (value: unknown): string => (typeof value === 'string' ? (value === '' ? '(empty)' : `“${value.slice(0, 80)}”`) : Array.isArray(value) ? `${value.length} items` : String(value));

function Conflict({ page }: { page: SiteContentPage }) {
  const differences = page.current ? documentDifferences(page.document, page.current.fields).slice(0, 12) : [];
  return (
    <div className="owner-conflict" role="alert">
      <p>
        <strong>{page.message}</strong>
      </p>
      {differences.length > 0 ? (
        <ul>
          {differences.map((difference) => (
            <li key={difference.path}>
              {difference.path}: yours {shown(difference.mine)}, theirs {shown(difference.theirs)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="owner-actions">
        <Button variant="primary" onPress={() => page.send({ type: 'conflict.mine.kept' })}>
          {page.current ? 'Keep mine and save' : 'Save mine as a new one'}
        </Button>
        <Button onPress={() => page.send({ type: 'conflict.theirs.taken' })}>{page.current ? 'Take theirs' : 'Let mine go'}</Button>
      </div>
    </div>
  );
}

function ItemForm({ kind, page, tiles }: { kind: SiteContentKind; page: SiteContentPage; tiles: MapTilesConfig }) {
  const single = SINGLE_KINDS.has(kind);
  const noun = SITE_CONTENT_TITLES[kind].item;
  const item = page.items.find((candidate) => candidate.id === page.id);
  const where = guestPath(kind, item);
  const label = item?.label ?? '';
  return (
    <DocumentFieldsContext.Provider value={page.actor}>
      <form
        aria-label={single ? SITE_CONTENT_TITLES[kind].title : page.id === null ? `New ${noun}` : `Edit ${label}`}
        noValidate
        className="owner-section"
        onSubmit={(event) => {
          event.preventDefault();
          page.send({ type: 'item.save.requested' });
        }}
      >
        {single ? null : <h2>{page.id === null ? `New ${noun}` : label}</h2>}
        {page.state === 'conflict' ? <Conflict page={page} /> : null}
        <KindForm kind={kind} page={page} tiles={tiles} />
        {page.message && page.state !== 'conflict' ? (
          <p role="alert" id={SITE_CONTENT_MESSAGE_ID} tabIndex={-1} className="owner-problem">
            {page.message}
          </p>
        ) : null}
        {page.state === 'confirmingDelete' || page.state === 'deleting' ? (
          <div role="group" aria-label={`Delete ${label}`} className="owner-conflict">
            <p>
              Delete “{label}”? Guests will not see it any more{kind === 'pages' || kind === 'events' ? ' and its page will answer “not found”' : ''}.
            </p>
            <div className="owner-actions">
              <Button variant="primary" isPending={page.state === 'deleting'} onPress={() => page.send({ type: 'item.delete.confirmed' })}>
                Delete
              </Button>
              {/* The question takes focus: its safe answer is where the keyboard lands. */}
              <Button autoFocus onPress={() => page.send({ type: 'item.delete.cancelled' })}>
                Keep it
              </Button>
            </div>
          </div>
        ) : (
          <div className="owner-actions">
            <Button type="submit" variant="primary" isPending={page.state === 'saving'}>
              {page.state === 'saveFailed' ? 'Try saving again' : 'Save'}
            </Button>
            {single ? null : page.dirty ? (
              <Button onPress={() => page.send({ type: 'item.discarded' })}>Discard changes</Button>
            ) : (
              <Button onPress={() => page.send({ type: 'item.closed' })}>Close</Button>
            )}
            {!single && page.id !== null ? (
              <Button variant="quiet" onPress={() => page.send({ type: 'item.delete.requested' })}>
                Delete…
              </Button>
            ) : null}
            {where && !page.dirty ? <a href={where}>See it on the site</a> : null}
          </div>
        )}
      </form>
    </DocumentFieldsContext.Provider>
  );
}

/**
 * One kind of the site's content at /admin/content/{kind}: the list with Add and Edit, or the one
 * form of the community photos and the site's details.
 */
export function OwnerSiteContentPage({ kind, today, tiles }: { kind: SiteContentKind; today: string; tiles: MapTilesConfig }) {
  const page = useOwnerSiteContent(kind, today);
  const { title, item: noun } = SITE_CONTENT_TITLES[kind];
  return (
    <>
      <OwnerContentNav current={kind} />
      <div className="owner-bar">
        <h1>{title}</h1>
        {page.state === 'browsing' ? (
          <Button variant="primary" onPress={() => page.send({ type: 'item.added' })}>
            Add {noun === 'event' ? 'an event or thing to do' : `a ${noun}`}
          </Button>
        ) : null}
      </div>
      <p className="owner-note">{KIND_NOTES[kind]}</p>
      <p role="status" className={page.notice ? 'owner-notice' : undefined}>
        {page.state === 'loading' ? 'Loading…' : page.notice}
      </p>
      {page.state === 'failed' ? (
        <div role="alert" className="owner-problem">
          <p>{page.message}</p>
          <Button onPress={() => page.send({ type: 'content.retried' })}>Try again</Button>
        </div>
      ) : null}
      {page.state === 'browsing' ? (
        page.items.length === 0 ? (
          <p id={SITE_CONTENT_LIST_ID} tabIndex={-1}>
            None yet.
          </p>
        ) : (
          <ul className="owner-listings" aria-label={`Your ${title.toLowerCase()}`} id={SITE_CONTENT_LIST_ID} tabIndex={-1}>
            {page.items.map((item) => (
              <li key={item.id} className="owner-listing">
                <div>
                  <h2>{item.label}</h2>
                  {guestPath(kind, item) ? <p className="owner-note">{guestPath(kind, item)}</p> : null}
                </div>
                <Button onPress={() => page.send({ type: 'item.selected', id: item.id })} aria-label={`Edit ${item.label}`}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {page.open && page.state !== 'loading' && page.state !== 'failed' && page.state !== 'browsing' ? <ItemForm kind={kind} page={page} tiles={tiles} /> : null}
    </>
  );
}

