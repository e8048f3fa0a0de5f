/* Named *-screen, not *-page: src/app/routes.tsx globs the guests' *-page.tsx modules into their route table. */
import { Button as AriaButton, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, TextField } from 'react-aria-components';
import { addFieldId, useOwnerListings } from '@/bindings/owner-listings-hooks';
import type { NewListingEntries } from '@/domain/owner/editor-checks';
import type { OwnerListingRow } from '@/domain/owner/owner-api';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { OwnerContentNav } from './owner-content-nav';

export interface OwnerPageOptions {
  areas: Array<{ slug: string; name: string }>;
  types: string[];
}

const STATUS_TEXT: Record<OwnerListingRow['status'], string> = { published: 'Published', unpublished: 'Not published', archived: 'Archived' };

function ListingRow({ listing }: { listing: OwnerListingRow }) {
  const { readiness } = listing;
  return (
    <li className="owner-listing">
      {listing.photo ? <img src={listing.photo.src} alt="" width={96} height={64} loading="lazy" /> : <span className="owner-listing__nophoto" aria-hidden="true" />}
      <div>
        <h2>
          <a href={`/admin/listings/${listing.eid}`}>{listing.name}</a>
        </h2>
        <p className="owner-note">
          {listing.propertyCode} · <span className={`owner-badge owner-badge--${listing.status}`}>{STATUS_TEXT[listing.status]}</span>
          {listing.hasDraft ? <span className="owner-badge owner-badge--draft">Draft</span> : null}
          {listing.version > 0 ? ` · version ${listing.version}` : ''}
        </p>
        <p className="owner-note">
          Still lacking: {readiness.guests} for guests, {readiness.google} for Google, {readiness.channels} for the channels
          {readiness.blocking > 0 ? <strong>, {readiness.blocking} that would break the page</strong> : null}
        </p>
      </div>
    </li>
  );
}

function Field({ field, label, value, problem, change }: { field: keyof NewListingEntries; label: string; value: string; problem: string | undefined; change: (value: string) => void }) {
  return (
    <TextField className="owner-field" value={value} onChange={change} isRequired isInvalid={problem !== undefined} validationBehavior="aria">
      <Label>{label}</Label>
      <Input id={addFieldId(field)} />
      <FieldError>{problem}</FieldError>
    </TextField>
  );
}

function Choice({ field, label, value, problem, change, options }: { field: keyof NewListingEntries; label: string; value: string; problem: string | undefined; change: (value: string) => void; options: Array<{ id: string; name: string }> }) {
  return (
    <Select className="owner-field" selectedKey={value || null} onSelectionChange={(key) => change(String(key))} isRequired isInvalid={problem !== undefined} validationBehavior="aria" placeholder="Choose…">
      <Label>{label}</Label>
      <AriaButton id={addFieldId(field)} className="owner-select">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <FieldError>{problem}</FieldError>
      <Popover className="owner-popover">
        <ListBox items={options}>{(option) => <ListBoxItem id={option.id}>{option.name}</ListBoxItem>}</ListBox>
      </Popover>
    </Select>
  );
}

/** The owner's rentals at /admin/listings, with 'Add a home'. */
export function OwnerListingsPage({ options, open }: { options: OwnerPageOptions; open?: (url: string) => void }) {
  const page = useOwnerListings(open);
  const problem = (field: string) => page.problems.find((p) => p.path === field)?.message;
  const adding = page.state === 'adding' || page.state === 'creating' || page.state === 'createFailed' || page.state === 'created';
  return (
    <>
      <OwnerContentNav current="listings" />
      <div className="owner-bar">
        <h1>Listings</h1>
        {page.state !== 'loading' && page.state !== 'failed' ? (
          <Button variant="primary" onPress={page.openAdd}>
            Add a home
          </Button>
        ) : null}
      </div>
      {page.state === 'loading' ? <p role="status">Loading the listings…</p> : null}
      {page.state === 'failed' ? (
        <div role="alert" className="owner-problem">
          <p>{page.message}</p>
          <Button onPress={page.retry}>Try again</Button>
        </div>
      ) : null}
      {page.state !== 'loading' && page.state !== 'failed' ? (
        page.listings.length === 0 ? (
          <p>No listings yet. Add your first home.</p>
        ) : (
          <ul className="owner-listings" aria-label="Your listings">
            {page.listings.map((listing) => (
              <ListingRow key={listing.eid} listing={listing} />
            ))}
          </ul>
        )
      ) : null}
      <Modal isOpen={adding} onClose={page.closeAdd} title="Add a home" size="small">
        <form
          aria-label="Add a home"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            page.submit();
          }}
        >
          <Field field="name" label="Name" value={page.entries.name} problem={problem('name')} change={(value) => page.change('name', value)} />
          <Field field="propertyCode" label="Property code" value={page.entries.propertyCode} problem={problem('propertyCode')} change={(value) => page.change('propertyCode', value)} />
          <Choice field="area" label="Area" value={page.entries.area} problem={problem('area')} change={(value) => page.change('area', value)} options={options.areas.map((area) => ({ id: area.slug, name: area.name }))} />
          <Choice field="type" label="Property type" value={page.entries.type} problem={problem('type')} change={(value) => page.change('type', value)} options={options.types.map((type) => ({ id: type, name: type }))} />
          {page.state === 'createFailed' && page.message ? (
            <p role="alert" id={addFieldId('message')} tabIndex={-1} className="owner-problem">
              {page.message}
            </p>
          ) : null}
          <div className="owner-actions">
            <Button type="submit" variant="primary" isPending={page.state === 'creating' || page.state === 'created'}>
              Add and edit
            </Button>
            <Button onPress={page.closeAdd}>Cancel</Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
