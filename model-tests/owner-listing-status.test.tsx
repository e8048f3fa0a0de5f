import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { InspectProvider } from '@/bindings/inspect-context';
import { NO_ANSWER } from '@/effects/owner-api';
import { DISCARDED_NOTICE, ownerListingStatusMachine, STATUS_NOTICES } from '@/machines/owner-listing-status-machine';
import { OwnerEditorPage } from '@/views/owner/owner-editor-screen';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { answerAndWait, EDITOR_EID, listingDetail, stubOwnerApi } from './owner-harness';

type StatusSnapshot = SnapshotFrom<typeof ownerListingStatusMachine>;
type StatusEvent = EventFrom<typeof ownerListingStatusMachine>;

const TILES = { url: '/tiles/{z}/{x}/{y}.svg', attribution: '' };
const BOOKED = 'This listing has bookings from 2 days from now; it can be unpublished, not archived.';
const DETAIL = listingDetail();
const NAME = DETAIL.draft?.document.name ?? '';

const events: Array<Via<StatusEvent>> = [
  { type: 'status.requested', status: 'unpublished', via: "presses 'Unpublish…'" },
  { type: 'status.requested', status: 'archived', via: "presses 'Archive…'" },
  { type: 'discard.requested', via: "presses 'Discard the draft…'" },
  { type: 'change.cancelled', via: "presses 'Keep it as it is'" },
  { type: 'change.confirmed', version: DETAIL.published?.version ?? 0, revision: DETAIL.draft?.revision ?? 0, via: "presses the dialog's confirm button" },
  { type: 'status.changed', status: 'unpublished', via: 'the server unpublishes it' },
  { type: 'status.changed', status: 'archived', via: 'the server archives it' },
  { type: 'draft.discarded', via: 'the server discards the draft' },
  { type: 'change.refused', message: BOOKED, via: 'the server refuses (422, stays ahead)' },
  { type: 'change.failed', message: NO_ANSWER, via: 'the server fails (503)' },
];

const coverage = new ModelCoverage(ownerListingStatusMachine);
const listingUrl = `/admin/api/listings/${EDITOR_EID}`;

function statusDriver(): PathDriver<StatusSnapshot, StatusEvent> {
  let api = stubOwnerApi();
  let user: UserEvent = userEvent.setup();
  let unmount = () => {};
  const answer = async (status: number, body: unknown, before: StatusSnapshot) => {
    const request = before.context.change?.kind === 'discard' ? `DELETE ${listingUrl}/draft` : `POST ${listingUrl}/status`;
    return answerAndWait(api, request, status, body, coverage);
  };
  const dialog = () => screen.getByRole('dialog');
  return {
    start: async () => {
      api = stubOwnerApi();
      user = userEvent.setup();
      unmount = render(
        <InspectProvider inspect={coverage.inspect}>
          <OwnerEditorPage eid={EDITOR_EID} tiles={TILES} />
        </InspectProvider>,
      ).unmount;
      await waitFor(() => expect(api.last(`GET ${listingUrl}`)).toBeDefined());
      api.last(`GET ${listingUrl}`).answer(200, DETAIL);
      await screen.findByRole('heading', { level: 1, name: NAME });
    },
    perform: async (event, before) => {
      switch (event.type) {
        case 'status.requested':
          return user.click(screen.getByRole('button', { name: event.status === 'archived' ? 'Archive…' : 'Unpublish…' }));
        case 'discard.requested':
          return user.click(screen.getByRole('button', { name: 'Discard the draft…' }));
        case 'change.cancelled':
          return user.click(within(dialog()).getByRole('button', { name: 'Keep it as it is' }));
        case 'change.confirmed': {
          const change = before.context.change;
          const confirm = change?.kind === 'discard' ? 'Discard the draft' : change?.status === 'archived' ? 'Archive' : 'Unpublish';
          await user.click(within(dialog()).getByRole('button', { name: confirm }));
          // The change names what the editor shows: the live version, or the draft's revision.
          if (change?.kind === 'discard') expect(api.last(`DELETE ${listingUrl}/draft`).body).toEqual({ revision: DETAIL.draft?.revision });
          else expect(api.last(`POST ${listingUrl}/status`).body).toEqual({ status: change?.status, version: DETAIL.published?.version });
          return;
        }
        case 'status.changed':
          return answer(200, { status: event.status }, before);
        case 'draft.discarded':
          return answer(200, { ok: true }, before);
        case 'change.refused':
          return answer(422, { error: 'booked', message: event.message }, before);
        case 'change.failed':
          return answer(503, { error: 'unavailable', message: 'down' }, before);
      }
    },
    expectState: async (state) => {
      const { context } = state;
      if (state.matches('idle')) await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      else {
        const open = await screen.findByRole('dialog');
        const change = context.change;
        const confirm = within(open).getByRole('button', { name: change?.kind === 'discard' ? 'Discard the draft' : change?.status === 'archived' ? 'Archive' : 'Unpublish' });
        expect(confirm.hasAttribute('data-pending')).toBe(state.matches('sending'));
        if (context.change?.kind === 'discard') expect(open.getAttribute('aria-labelledby') && screen.getByRole('heading', { name: 'Discard the draft?' })).toBeTruthy();
        else expect(screen.getByRole('heading', { name: context.change?.status === 'archived' ? `Archive “${NAME}”?` : `Unpublish “${NAME}”?` })).toBeDefined();
      }
      if (context.message) expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(context.message);
      if (context.notice) {
        expect(screen.getByText(context.notice)).toBeDefined();
        // The editor follows: the status badge, or the published version as the document.
        if (context.notice === DISCARDED_NOTICE) expect(screen.queryByRole('button', { name: 'Discard the draft…' })).toBeNull();
        else expect(screen.getByText(context.notice === STATUS_NOTICES.archived ? 'Archived' : 'Not published', { selector: '.owner-badge' })).toBeDefined();
      }
    },
    stop: () => unmount(),
  };
}

afterAll(() => {
  coverage.write();
});

describe('owner listing status machine, walked through the editor page with the API answered by the test', () => {
  const model = createTestModel(ownerListingStatusMachine, {
    input: { eid: EDITOR_EID },
    events,
    filterEvents: (snapshot, event) => {
      if (!('via' in event) || !snapshot.can(event)) return false;
      // A change made ends the path (the listing is no longer the one the next change needs).
      if (snapshot.context.notice !== '') return false;
      const change = snapshot.context.change;
      if (event.type === 'status.changed') return change?.kind === 'status' && change.status === event.status;
      if (event.type === 'draft.discarded') return change?.kind === 'discard';
      if (event.type === 'change.refused') return change?.kind === 'status' && change.status === 'archived';
      return true;
    },
  });
  const paths = planPaths(model, ownerListingStatusMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, statusDriver());
  });
});
