import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { InspectProvider } from '@/bindings/inspect-context';
import type { NewListingEntries } from '@/domain/owner/editor-checks';
import type { OwnerListingRow } from '@/domain/owner/owner-api';
import { ownerListingsMachine } from '@/machines/owner-listings-machine';
import { OwnerListingsPage } from '@/views/owner/owner-listings-screen';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { stubOwnerApi, answerAndWait } from './owner-harness';

type ListingsSnapshot = SnapshotFrom<typeof ownerListingsMachine>;
type ListingsEvent = EventFrom<typeof ownerListingsMachine>;

const OPTIONS = { areas: [{ slug: 'north-beach', name: 'North Beach' }], types: ['House', 'Condo'] };
const ROW: OwnerListingRow = {
  eid: 1001,
  propertyCode: 'CHC-1001',
  name: 'Seaside Cottage',
  slug: 'seaside-cottage',
  status: 'published',
  version: 1,
  hasDraft: true,
  savedAt: null,
  photo: null,
  readiness: { guests: 1, google: 2, channels: 0, blocking: 0 },
};
const FIELDS: Array<keyof NewListingEntries> = ['name', 'propertyCode', 'area', 'type'];
const VALUES: NewListingEntries = { name: 'Dune House', propertyCode: 'CHC-2001', area: 'north-beach', type: 'House' };
const RETYPED = 'CHC-2002';
const TAKEN = 'This property code is already used by Seaside Cottage.';

const events: Array<Via<ListingsEvent>> = [
  { type: 'listings.opened', via: 'opens /admin/listings' },
  { type: 'listings.loaded', listings: [ROW], via: 'the server lists the listings' },
  { type: 'listings.load.failed', message: 'The server did not answer. Check the connection and try again.', via: 'the server fails (500)' },
  { type: 'listings.retried', via: "presses 'Try again'" },
  { type: 'listing.add.opened', via: "presses 'Add a home'" },
  { type: 'listing.add.closed', via: "presses 'Cancel'" },
  ...FIELDS.map((field) => ({ type: 'listing.add.changed' as const, field, value: VALUES[field], via: `fills in ${field}` })),
  { type: 'listing.add.changed', field: 'propertyCode', value: RETYPED, via: 'types another property code' },
  { type: 'listing.add.submitted', via: "presses 'Add and edit'" },
  { type: 'listing.created', eid: 2001, via: 'the server creates the listing (201)' },
  { type: 'listing.create.rejected', problems: [{ path: 'propertyCode', message: TAKEN }], message: 'Please check the fields marked.', via: 'the server refuses the code (422)' },
  { type: 'listing.create.failed', message: 'The server did not answer. Check the connection and try again.', via: 'the server fails to create (500)' },
];

const coverage = new ModelCoverage(ownerListingsMachine);

const LABELS: Record<keyof NewListingEntries, string> = { name: 'Name', propertyCode: 'Property code', area: 'Area', type: 'Property type' };

function listingsDriver(): PathDriver<ListingsSnapshot, ListingsEvent> {
  let api = stubOwnerApi();
  let user: UserEvent = userEvent.setup();
  let opened: string[] = [];
  const open = (url: string) => {
    opened.push(url);
  };
  let unmount = () => {};
  const dialog = () => screen.queryByRole('dialog', { name: 'Add a home' });
  /** The server answers; the step is done once the answer reached the actor. */
  const answer = (match: string, status: number, body: unknown) => answerAndWait(api, match, status, body, coverage);
  return {
    start: () => {
      api = stubOwnerApi();
      user = userEvent.setup();
      opened = [];
    },
    perform: async (event) => {
      switch (event.type) {
        case 'listings.opened':
          unmount = render(
            <InspectProvider inspect={coverage.inspect}>
              <OwnerListingsPage options={OPTIONS} open={open} />
            </InspectProvider>,
          ).unmount;
          await waitFor(() => expect(api.last('GET /admin/api/listings')).toBeDefined());
          return;
        case 'listings.loaded':
          return answer('GET /admin/api/listings', 200, { listings: event.listings });
        case 'listings.load.failed':
          return answer('GET /admin/api/listings', 500, { error: 'server', message: 'boom' });
        case 'listings.retried':
          return user.click(screen.getByRole('button', { name: 'Try again' }));
        case 'listing.add.opened':
          return user.click(screen.getByRole('button', { name: 'Add a home' }));
        case 'listing.add.closed':
          return user.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Cancel' }));
        case 'listing.add.changed': {
          const scope = within(dialog() as HTMLElement);
          if (event.field === 'area' || event.field === 'type') {
            await user.click(scope.getByRole('button', { name: new RegExp(LABELS[event.field]) }));
            const option = event.field === 'area' ? 'North Beach' : event.value;
            return user.click(await screen.findByRole('option', { name: option }));
          }
          const input = scope.getByRole('textbox', { name: LABELS[event.field] });
          await user.clear(input);
          return user.type(input, event.value);
        }
        case 'listing.add.submitted':
          return user.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Add and edit' }));
        case 'listing.created':
          return answer('POST /admin/api/listings', 201, { eid: event.eid });
        case 'listing.create.rejected':
          return answer('POST /admin/api/listings', 422, { error: 'invalid', message: event.message, problems: event.problems });
        case 'listing.create.failed':
          return answer('POST /admin/api/listings', 503, { error: 'unavailable', message: 'down' });
      }
    },
    expectState: async (state) => {
      if (state.matches('idle')) {
        expect(screen.queryByRole('heading', { name: 'Listings' })).toBeNull();
        return;
      }
      if (state.matches('loading')) {
        await screen.findByRole('status');
        expect(screen.getByRole('status').textContent).toBe('Loading the listings…');
        return;
      }
      if (state.matches('failed')) {
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain(state.context.message);
        return;
      }
      // Ready: the list (hidden from the accessibility tree while the dialog is open), and the dialog in its state.
      const list = await screen.findByRole('list', { name: 'Your listings', hidden: true });
      expect(within(list).getByRole('link', { name: ROW.name, hidden: true }).getAttribute('href')).toBe('/admin/listings/1001');
      expect(list.textContent).toContain('Draft');
      expect(list.textContent).toContain('1 for guests, 2 for Google, 0 for the channels');
      if (state.matches({ ready: 'browsing' })) {
        await waitFor(() => expect(dialog()).toBeNull());
        return;
      }
      const open = await waitFor(() => {
        const found = dialog();
        if (!found) throw new Error('The dialog is not open');
        return found;
      });
      const scope = within(open);
      const name = scope.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
      const code = scope.getByRole('textbox', { name: 'Property code' }) as HTMLInputElement;
      expect(name.value).toBe(state.context.entries.name);
      expect(code.value).toBe(state.context.entries.propertyCode);
      // Every problem next to its field, linked to it.
      for (const problem of state.context.problems) {
        const field = problem.path === 'name' ? name : problem.path === 'propertyCode' ? code : scope.getByRole('button', { name: new RegExp(LABELS[problem.path as keyof NewListingEntries]) });
        await waitFor(() => expect(field.getAttribute('aria-describedby') ?? '').not.toBe(''));
        const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
        expect(described.join(' ')).toContain(problem.message);
      }
      const submit = scope.getByRole('button', { name: 'Add and edit' });
      if (state.hasTag('pending')) expect(submit.hasAttribute('data-pending')).toBe(true);
      else expect(submit.hasAttribute('data-pending')).toBe(false);
      if (state.matches({ ready: 'createFailed' }) && state.context.message) expect(scope.getByRole('alert').textContent).toBe(state.context.message);
      if (state.matches({ ready: 'created' })) await waitFor(() => expect(opened).toEqual(['/admin/listings/2001']));
    },
    stop: () => {
      unmount();
    },
  };
}

describe('owner listings machine, walked through /admin/listings with the API answered by the test', () => {
  afterAll(() => {
    coverage.write();
  });
  const model = createTestModel(ownerListingsMachine, {
    events,
    filterEvents: (snapshot, event) => {
      if (!snapshot.can(event)) return false;
      if (event.type !== 'listing.add.changed') return true;
      const { entries } = snapshot.context;
      const firstEmpty = FIELDS.find((field) => entries[field] === '');
      // Fields are filled in order; once all are, only the property code is typed again.
      if (firstEmpty) return event.field === firstEmpty && event.value === VALUES[firstEmpty];
      return event.field === 'propertyCode' && event.value === RETYPED;
    },
  });
  const paths = planPaths(model, ownerListingsMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, listingsDriver());
  });
});
