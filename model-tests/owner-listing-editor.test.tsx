import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { InspectProvider } from '@/bindings/inspect-context';
import { STALE_MESSAGE } from '@/effects/owner-api';
import { readiness } from '@/domain/owner/readiness';
import { ownerListingEditorMachine } from '@/machines/owner-listing-editor-machine';
import { OwnerEditorPage } from '@/views/owner/owner-editor-screen';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { daysFromNow, EDITOR_EID, listingDetail, listingDocument, stubOwnerApi, answerAndWait } from './owner-harness';

type EditorSnapshot = SnapshotFrom<typeof ownerListingEditorMachine>;
type EditorEvent = EventFrom<typeof ownerListingEditorMachine>;

const TILES = { url: '/tiles/{z}/{x}/{y}.svg', attribution: '' };
const RENAMED = 'Seaside Cottage II';
const THEIRS = { revision: 5, document: { ...listingDocument(), name: 'Seaside Cottage by the Sea' }, savedAt: daysFromNow(-2) };
const SAVED = { baseVersion: 1, revision: 3, document: listingDocument(), savedAt: daysFromNow(-1) };
const READINESS = listingDetail().readiness;
const SUMMARY_PROBLEM = { path: 'description.summary', message: 'Keep the summary to 500 characters or fewer.' };
const BLOCKING = { path: 'name', message: 'The page needs a name.' };
const RESTORED = { baseVersion: 1, revision: 6, document: { ...listingDocument(), name: 'Seaside Cottage (version 1)' }, savedAt: daysFromNow(-1) };
const FAILED = 'The server did not answer. Check the connection and try again.';

const events: Array<Via<EditorEvent>> = [
  { type: 'listing.opened', via: 'opens /admin/listings/1001' },
  { type: 'listing.loaded', listing: listingDetail(), via: 'the server sends the listing' },
  { type: 'listing.load.failed', message: FAILED, via: 'the server fails to send the listing' },
  { type: 'listing.retried', via: "presses 'Try again'" },
  { type: 'field.changed', path: 'name', value: RENAMED, via: 'renames the listing' },
  { type: 'field.changed', path: 'name', value: '', via: 'empties the name' },
  { type: 'draft.save.requested', via: "presses 'Save draft'" },
  { type: 'draft.saved', draft: SAVED, readiness: READINESS, via: 'the server saves the draft' },
  { type: 'draft.conflicted', current: THEIRS, message: STALE_MESSAGE, via: 'the server refuses a stale revision (409)' },
  { type: 'draft.invalid', problems: [SUMMARY_PROBLEM], message: 'Please check the fields marked.', via: 'the server refuses a field (422)' },
  { type: 'draft.save.failed', message: FAILED, via: 'the server fails to save (500)' },
  { type: 'conflict.mine.kept', via: "presses 'Keep mine and save'" },
  { type: 'conflict.theirs.taken', via: "presses 'Take theirs'" },
  { type: 'publish.requested', via: "presses 'Publish…'" },
  { type: 'publish.confirmed', via: "presses 'Publish' in the dialog" },
  { type: 'publish.cancelled', via: "presses 'Not now' or 'Back to editing'" },
  { type: 'listing.published', version: 2, publishedAt: daysFromNow(0), warnings: [{ path: 'photos', message: 'Add at least one photo.' }], via: 'the server publishes' },
  { type: 'publish.blocked', problems: [BLOCKING], message: 'This draft would break the listing’s page.', via: 'the server refuses to publish (422)' },
  { type: 'publish.failed', message: FAILED, via: 'the server fails to publish (500)' },
  { type: 'draft.restored', draft: RESTORED, via: 'restores version 1 from the history' },
  { type: 'listing.status.changed', status: 'unpublished', via: "unpublishes it with 'Unpublish…'" },
  { type: 'draft.discarded', via: "throws the draft away with 'Discard the draft…'" },
];

const coverage = new ModelCoverage(ownerListingEditorMachine);

function editorDriver(): PathDriver<EditorSnapshot, EditorEvent> {
  let api = stubOwnerApi();
  let user: UserEvent = userEvent.setup();
  let unmount = () => {};
  const answer = (match: string, status: number, body: unknown) => answerAndWait(api, match, status, body, coverage);
  const nameField = () => screen.getByRole('textbox', { name: /^Name/, hidden: true }) as HTMLInputElement;
  const listingUrl = `/admin/api/listings/${EDITOR_EID}`;
  return {
    start: () => {
      api = stubOwnerApi();
      user = userEvent.setup();
    },
    perform: async (event, before) => {
      switch (event.type) {
        case 'listing.opened':
          unmount = render(
            <InspectProvider inspect={coverage.inspect}>
              <OwnerEditorPage eid={EDITOR_EID} tiles={TILES} />
            </InspectProvider>,
          ).unmount;
          await waitFor(() => expect(api.last(`GET ${listingUrl}`)).toBeDefined());
          return;
        case 'listing.loaded':
          return answer(`GET ${listingUrl}`, 200, event.listing);
        case 'listing.load.failed':
          return answer(`GET ${listingUrl}`, 500, { error: 'server', message: 'boom' });
        case 'listing.retried':
          return user.click(screen.getByRole('button', { name: 'Try again' }));
        case 'field.changed':
          await user.clear(nameField());
          if (event.value !== '') await user.type(nameField(), String(event.value));
          return;
        case 'draft.save.requested':
          return user.click(screen.getByRole('button', { name: 'Save draft' }));
        case 'draft.saved': {
          // The save carries the typed document.
          expect((api.last(`PUT ${listingUrl}/draft`).body as { document: { name: string } }).document.name).toBe(before.context.sent?.name);
          return answer(`PUT ${listingUrl}/draft`, 200, { draft: event.draft, readiness: event.readiness });
        }
        case 'draft.conflicted':
          if (before.matches('publishing')) return answer(`POST ${listingUrl}/publish`, 409, { error: 'stale', message: event.message, current: event.current });
          return answer(`PUT ${listingUrl}/draft`, 409, { error: 'stale', message: event.message, current: event.current });
        case 'draft.invalid':
          return answer(`PUT ${listingUrl}/draft`, 422, { error: 'invalid', message: event.message, problems: event.problems });
        case 'draft.save.failed':
          return answer(`PUT ${listingUrl}/draft`, 500, { error: 'server', message: 'boom' });
        case 'conflict.mine.kept':
          await user.click(screen.getByRole('button', { name: 'Keep mine and save' }));
          // Saved on top of the current revision.
          expect((api.last(`PUT ${listingUrl}/draft`).body as { revision: number }).revision).toBe(THEIRS.revision);
          return;
        case 'conflict.theirs.taken':
          return user.click(screen.getByRole('button', { name: 'Take theirs' }));
        case 'publish.requested':
          return user.click(screen.getByRole('button', { name: 'Publish…' }));
        case 'publish.confirmed':
          await user.click(within(screen.getByRole('dialog', { name: 'Publish this listing?' })).getByRole('button', { name: 'Publish' }));
          expect(typeof (api.last(`POST ${listingUrl}/publish`).body as { revision: unknown }).revision).toBe('number');
          return;
        case 'publish.cancelled':
          if (before.matches({ publishing: 'blocked' })) return user.click(screen.getByRole('button', { name: 'Back to editing' }));
          return user.click(within(screen.getByRole('dialog', { name: 'Publish this listing?' })).getByRole('button', { name: 'Not now' }));
        case 'listing.published':
          return answer(`POST ${listingUrl}/publish`, 200, { version: event.version, publishedAt: event.publishedAt, warnings: event.warnings });
        case 'publish.blocked':
          return answer(`POST ${listingUrl}/publish`, 422, { error: 'blocked', message: event.message, problems: event.problems });
        case 'publish.failed':
          return answer(`POST ${listingUrl}/publish`, 500, { error: 'server', message: 'boom' });
        case 'draft.restored':
          await user.click(screen.getByRole('button', { name: 'Show the published versions' }));
          api.last(`GET ${listingUrl}/versions`).answer(200, { versions: [{ version: 1, publishedAt: daysFromNow(-30), publishedBy: 'owner', name: 'Seaside Cottage' }] });
          await user.click(await screen.findByRole('button', { name: 'Restore version 1 as the draft' }));
          expect(typeof (api.last(`POST ${listingUrl}/versions/1/restore`).body as { revision: unknown }).revision).toBe('number');
          return answer(`POST ${listingUrl}/versions/1/restore`, 200, { draft: event.draft });
        case 'listing.status.changed': {
          await user.click(screen.getByRole('button', { name: 'Unpublish…' }));
          await user.click(within(screen.getByRole('dialog', { name: /^Unpublish/ })).getByRole('button', { name: 'Unpublish' }));
          expect(api.last(`POST ${listingUrl}/status`).body).toEqual({ status: 'unpublished', version: before.context.published?.version });
          return answer(`POST ${listingUrl}/status`, 200, { status: event.status });
        }
        case 'draft.discarded': {
          await user.click(screen.getByRole('button', { name: 'Discard the draft…' }));
          await user.click(within(screen.getByRole('dialog', { name: 'Discard the draft?' })).getByRole('button', { name: 'Discard the draft' }));
          // The draft's revision as the page knows it (the model's snapshots do not tell saves apart).
          expect((api.last(`DELETE ${listingUrl}/draft`).body as { revision: number }).revision).toBeGreaterThan(0);
          return answer(`DELETE ${listingUrl}/draft`, 200, { ok: true });
        }
      }
    },
    expectState: async (state) => {
      if (state.matches('idle')) {
        expect(screen.queryByRole('form', { name: 'Listing' })).toBeNull();
        return;
      }
      if (state.matches('loading')) {
        expect((await screen.findByRole('status')).textContent).toBe('Loading the listing…');
        return;
      }
      if (state.matches('failed')) {
        expect((await screen.findByRole('alert')).textContent).toContain(FAILED);
        return;
      }
      // What the owner typed is always in the field.
      await waitFor(() => expect(nameField().value).toBe(state.context.document?.name));
      const save = screen.getByRole('button', { name: 'Save draft', hidden: true });
      const publish = screen.getByRole('button', { name: 'Publish…', hidden: true });
      const dialog = screen.queryByRole('dialog', { name: 'Publish this listing?' });
      if (state.matches({ editing: 'clean' })) {
        expect(save.hasAttribute('data-disabled')).toBe(true);
        expect(publish.hasAttribute('data-disabled')).toBe(false);
        await waitFor(() => expect(dialog).toBeNull());
      }
      if (state.matches({ editing: 'dirty' })) {
        expect(screen.getByText('Unsaved changes')).toBeDefined();
        expect(save.hasAttribute('data-disabled')).toBe(false);
        expect(publish.hasAttribute('data-disabled')).toBe(true);
      }
      if (state.matches('saving')) expect(save.hasAttribute('data-pending')).toBe(true);
      if (state.matches('conflict')) {
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain(STALE_MESSAGE);
        // What differs: the typed name beside the one saved meanwhile.
        if (state.context.document?.name !== THEIRS.document.name) {
          const row = within(alert).getByRole('rowheader', { name: 'name' }).closest('tr') as HTMLElement;
          expect(row.textContent).toContain(THEIRS.document.name);
        } else expect(within(alert).queryByRole('rowheader', { name: 'name' })).toBeNull();
      }
      if (state.matches('invalid')) {
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain(state.context.message || 'Please check the fields marked.');
        for (const problem of state.context.problems) {
          const field = document.getElementById(`field-${problem.path.replace(/\./g, '-')}`) as HTMLElement;
          expect(field.getAttribute('aria-invalid')).toBe('true');
          const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
          expect(described.join(' ')).toContain(problem.message);
        }
        // Focus on the first field with a problem.
        const first = state.context.problems[0];
        if (first) await waitFor(() => expect(document.activeElement?.id).toBe(`field-${first.path.replace(/\./g, '-')}`));
      }
      if (state.matches('saveFailed')) expect((await screen.findByRole('alert')).textContent).toContain(FAILED);
      if (state.matches({ publishing: 'confirming' }) || state.matches({ publishing: 'sending' })) {
        const open = await screen.findByRole('dialog', { name: 'Publish this listing?' });
        // What the listing still lacks, as of what is typed (the same check as the server's).
        for (const problem of readiness(state.context.document, { today: daysFromNow(0).slice(0, 10) }).guests) expect(open.textContent).toContain(problem.message);
        const confirm = within(open).getByRole('button', { name: 'Publish' });
        expect(confirm.hasAttribute('data-pending')).toBe(state.matches({ publishing: 'sending' }));
        if (state.context.message) expect(within(open).getByRole('alert').textContent).toBe(state.context.message);
      }
      if (state.matches({ publishing: 'blocked' })) {
        expect((await screen.findByRole('alert')).textContent).toContain(state.context.message);
        expect(screen.getByRole('link', { name: BLOCKING.message }).getAttribute('href')).toBe('#field-name');
      }
      // The status beside the name, and what a change beside the editor did.
      const badge = screen.getByText({ published: 'Published', unpublished: 'Not published', archived: 'Archived' }[state.context.status], { selector: '.owner-badge', ignore: false });
      expect(badge).toBeDefined();
      if (state.context.status === 'unpublished') expect(screen.getByRole('button', { name: 'Make it live again…', hidden: true })).toBeDefined();
      if (state.context.revision === 0 && state.context.published) {
        expect(screen.queryByRole('button', { name: 'Discard the draft…', hidden: true })).toBeNull();
        expect(screen.getByText('Draft discarded: the editor shows the published version.')).toBeDefined();
      }
      if (state.matches('published')) {
        const status = await screen.findByText('Published: guests see this version now.');
        expect(status.closest('[role="status"]')?.textContent).toContain('Add at least one photo.');
      }
    },
    stop: () => {
      unmount();
    },
  };
}

describe('owner listing editor machine, walked through the editor page with the API answered by the test', () => {
  afterAll(() => {
    coverage.write();
  });
  const model = createTestModel(ownerListingEditorMachine, {
    input: { eid: EDITOR_EID },
    events,
    // What the view shows apart: the state, the typed name, and whether the owner typed during a save.
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.document?.name,
        snapshot.context.sent !== null && snapshot.context.sent !== snapshot.context.document,
        snapshot.context.problems.map((problem) => problem.path),
        snapshot.context.message,
        snapshot.context.status,
        snapshot.context.revision === 0,
      ]),
    filterEvents: (snapshot, event) => {
      // Only the listed events (the graph adds a bare one for each other type a state takes).
      if (!('via' in event) || !snapshot.can(event)) return false;
      // Unpublishing and discarding the draft end a path: what follows them is walked elsewhere.
      const loaded = snapshot.context.published !== null;
      if (loaded && (snapshot.context.status !== 'published' || snapshot.context.revision === 0)) return false;
      // Renaming is done once a path; emptying the name only from the loaded one.
      if (event.type === 'field.changed') return snapshot.context.document?.name === listingDocument().name || (event.value === RENAMED && snapshot.matches('saving'));
      return true;
    },
  });
  const paths = planPaths(model, ownerListingEditorMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, editorDriver());
  });
});
