import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { STALE_MESSAGE } from '@/effects/owner-api';
import { ownerHistoryMachine } from '@/machines/owner-history-machine';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { daysFromNow, EDITOR_EID, listingDocument, mountLoadedEditor, stubOwnerApi, answerAndWait } from './owner-harness';

const FIRST_PUBLISHED = daysFromNow(-30);

type HistorySnapshot = SnapshotFrom<typeof ownerHistoryMachine>;
type HistoryEvent = EventFrom<typeof ownerHistoryMachine>;

const VERSIONS = [
  { version: 2, publishedAt: daysFromNow(-10), publishedBy: 'owner', name: 'Seaside Cottage' },
  { version: 1, publishedAt: FIRST_PUBLISHED, publishedBy: 'owner', name: 'Old Cottage' },
];
const RESTORED = { baseVersion: 2, revision: 3, document: { ...listingDocument(), name: 'Old Cottage' }, savedAt: daysFromNow(-1) };
const FAILED = 'The server did not answer. Check the connection and try again.';

const events: Array<Via<HistoryEvent>> = [
  { type: 'history.opened', via: "presses 'Show the published versions'" },
  { type: 'history.loaded', versions: VERSIONS, via: 'the server lists the versions' },
  { type: 'history.load.failed', message: FAILED, via: 'the server fails to list them' },
  { type: 'history.retried', via: "presses 'Try again'" },
  { type: 'version.restore.requested', version: 1, revision: 2, via: "presses 'Restore version 1 as the draft'" },
  { type: 'version.restored', draft: RESTORED, via: 'the server makes version 1 the draft' },
  { type: 'version.restore.failed', message: STALE_MESSAGE, via: 'the server refuses a stale revision (409)' },
];

const coverage = new ModelCoverage(ownerHistoryMachine);
const base = `/admin/api/listings/${EDITOR_EID}`;

function historyDriver(): PathDriver<HistorySnapshot, HistoryEvent> {
  let api = stubOwnerApi();
  let user: UserEvent = userEvent.setup();
  let unmount = () => {};
  const answer = (match: string, status: number, body: unknown) => answerAndWait(api, match, status, body, coverage);
  const history = () => screen.getByRole('region', { name: 'History' });
  return {
    start: async () => {
      api = stubOwnerApi();
      user = userEvent.setup();
      unmount = await mountLoadedEditor(coverage, api);
    },
    perform: async (event) => {
      switch (event.type) {
        case 'history.opened':
          return user.click(within(history()).getByRole('button', { name: 'Show the published versions' }));
        case 'history.loaded':
          return answer(`GET ${base}/versions`, 200, { versions: event.versions });
        case 'history.load.failed':
          return answer(`GET ${base}/versions`, 500, { error: 'server', message: 'boom' });
        case 'history.retried':
          return user.click(within(history()).getByRole('button', { name: 'Try again' }));
        case 'version.restore.requested':
          await user.click(within(history()).getByRole('button', { name: `Restore version ${event.version} as the draft` }));
          // The restore carries the editor's draft revision, so a stale one is refused.
          expect(api.last(`POST ${base}/versions/1/restore`).body).toEqual({ revision: event.revision });
          return;
        case 'version.restored':
          return answer(`POST ${base}/versions/1/restore`, 200, { draft: event.draft });
        case 'version.restore.failed':
          return answer(`POST ${base}/versions/1/restore`, 409, { error: 'stale', message: 'stale' });
      }
    },
    expectState: async (state) => {
      const scope = within(history());
      if (state.matches('idle')) expect(scope.getByRole('button', { name: 'Show the published versions' })).toBeDefined();
      if (state.matches('loading')) expect(scope.getByRole('status').textContent).toBe('Loading the versions…');
      if (state.matches('failed')) expect((await scope.findByRole('alert')).textContent).toContain(FAILED);
      if (state.matches('ready') || state.matches('restoring') || state.matches('restoreFailed')) {
        const items = scope.getAllByRole('listitem');
        expect(items).toHaveLength(VERSIONS.length);
        expect(items[1]?.textContent).toContain(`Version 1, “Old Cottage”, published ${FIRST_PUBLISHED.slice(0, 10)} ${FIRST_PUBLISHED.slice(11, 16)} by owner`);
        expect(scope.getByRole('button', { name: 'Restore version 1 as the draft' }).hasAttribute('data-pending')).toBe(state.matches('restoring'));
      }
      if (state.matches('ready') && state.context.message) {
        expect(scope.getByRole('status').textContent).toBe('Version 1 is now the draft. Publish it to make it live.');
        // The editor took the version as its draft.
        await waitFor(() => expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(RESTORED.document.name));
      }
      if (state.matches('restoreFailed')) expect(scope.getByRole('alert').textContent).toBe(STALE_MESSAGE);
    },
    stop: () => unmount(),
  };
}

describe('owner history machine, walked through the editor’s History section', () => {
  afterAll(() => {
    coverage.write();
  });
  const model = createTestModel(ownerHistoryMachine, {
    input: { eid: EDITOR_EID },
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.message]),
  });
  const paths = planPaths(model, ownerHistoryMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, historyDriver());
  });
});
