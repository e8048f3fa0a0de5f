import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ownerPhotoQueueMachine } from '@/machines/owner-photo-queue-machine';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { mountLoadedEditor, stubOwnerApi } from './owner-harness';

type QueueSnapshot = SnapshotFrom<typeof ownerPhotoQueueMachine>;
type QueueEvent = EventFrom<typeof ownerPhotoQueueMachine>;

/** The model's ids: 'a' is added first, 'c' while 'a' is uploading. */
const NAMES: Record<string, string> = { a: 'beach.jpg', c: 'dunes.jpg' };
const REFUSED = 'This image could not be read.';
const warning = (name: string) => `Guests see this photo up to 1280 px wide; ${name} is 800 × 533.`;

const perFile = (id: string): Array<Via<QueueEvent>> => [
  { type: 'upload.progressed', id, loaded: 50, total: 100, via: `half of ${NAMES[id]} is sent` },
  { type: 'upload.succeeded', id, photo: { key: `key-${id}`, width: 800, height: 533, src: '', srcset: '', warnings: [warning(NAMES[id] ?? '')] }, via: `the server stores ${NAMES[id]}` },
  { type: 'upload.failed', id, message: REFUSED, via: `the server refuses ${NAMES[id]} (422)` },
  { type: 'upload.retried', id, via: `presses 'Retry ${NAMES[id]}'` },
  { type: 'upload.cancelled', id, via: `presses 'Cancel ${NAMES[id]}'` },
  { type: 'upload.dismissed', id, via: `presses 'Dismiss ${NAMES[id]}'` },
];

const events: Array<Via<QueueEvent>> = [
  { type: 'photos.added', files: [{ id: 'a', name: 'beach.jpg', bytes: 5 }], via: 'chooses beach.jpg' },
  { type: 'photos.added', files: [{ id: 'c', name: 'dunes.jpg', bytes: 5 }], via: 'chooses dunes.jpg' },
  ...perFile('a'),
  ...perFile('c'),
];

const coverage = new ModelCoverage(ownerPhotoQueueMachine);

/** XMLHttpRequest as the upload effect uses it, answered by the test. */
class FakeXhr {
  static readonly DONE = 4;
  static made: FakeXhr[] = [];
  readyState = 1;
  status = 0;
  responseText = '';
  aborted = false;
  body: unknown = null;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.made.push(this);
  }
  abort() {
    this.aborted = true;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.readyState = 4;
    this.onload?.();
  }
}

function queueDriver(): PathDriver<QueueSnapshot, QueueEvent> {
  let user: UserEvent = userEvent.setup();
  let unmount = () => {};
  const running = () => {
    const xhr = FakeXhr.made.filter((made) => made.readyState !== 4 && !made.aborted).at(-1);
    if (!xhr) throw new Error('No upload is running');
    return xhr;
  };
  const delivered = () => waitFor(() => expect(coverage.received).toBeGreaterThan(0));
  const uploads = () => screen.queryByRole('list', { name: 'Uploads' });
  return {
    start: async () => {
      FakeXhr.made = [];
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      user = userEvent.setup();
      unmount = await mountLoadedEditor(coverage, stubOwnerApi());
      await user.click(screen.getByRole('button', { name: 'Open the photo tools' }));
      await screen.findByRole('button', { name: 'Add photos…' });
    },
    perform: async (event, before) => {
      switch (event.type) {
        case 'photos.added': {
          const input = document.querySelector('input[type="file"]') as HTMLInputElement;
          await user.upload(input, event.files.map((file) => new File(['bytes'], file.name, { type: 'image/jpeg' })));
          return;
        }
        case 'upload.progressed':
          running().upload.onprogress?.({ loaded: event.loaded, total: event.total, lengthComputable: true });
          return delivered();
        case 'upload.succeeded': {
          running().answer(201, { photo: event.photo });
          await delivered();
          // The photo joins the listing's photos, with the server's warning beside it.
          const grid = screen.getByRole('grid', { name: 'The listing’s photos, the first is the cover' });
          await within(grid).findByText(event.photo.warnings[0] ?? '');
          return;
        }
        case 'upload.failed':
          running().answer(422, { error: 'unreadable', message: event.message });
          return delivered();
        case 'upload.retried':
          return user.click(screen.getByRole('button', { name: `Retry ${NAMES[event.id]}` }));
        case 'upload.cancelled': {
          const current = before.context.uploads.find((upload) => upload.id === event.id)?.status === 'uploading' ? running() : null;
          await user.click(screen.getByRole('button', { name: `Cancel ${NAMES[event.id]}` }));
          // Cancelling the running upload aborts its request.
          if (current) expect(current.aborted).toBe(true);
          return;
        }
        case 'upload.dismissed':
          return user.click(screen.getByRole('button', { name: `Dismiss ${NAMES[event.id]}` }));
      }
    },
    expectState: async (state) => {
      const { uploads: queued } = state.context;
      if (queued.length === 0) {
        await waitFor(() => expect(uploads()).toBeNull());
        return;
      }
      const list = await waitFor(() => {
        const found = uploads();
        if (!found) throw new Error('No upload list');
        return found;
      });
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => item.getAttribute('data-status'))).toEqual(queued.map((upload) => upload.status));
      queued.forEach((upload, i) => {
        const item = items[i] as HTMLElement;
        expect(item.textContent).toContain(upload.name);
        if (upload.status === 'queued') expect(item.textContent).toContain('Waiting');
        if (upload.status === 'uploading') expect(Number(within(item).getByRole('progressbar').getAttribute('value'))).toBe(upload.progress);
        if (upload.status === 'failed') expect(within(item).getByRole('alert').textContent).toBe(REFUSED);
      });
      // One file is sent at a time.
      expect(FakeXhr.made.filter((made) => made.readyState !== 4 && !made.aborted).length).toBe(state.matches('uploading') ? 1 : 0);
    },
    stop: () => {
      unmount();
      vi.unstubAllGlobals();
    },
  };
}

describe('owner photo queue machine, walked through the editor’s photo tools', () => {
  afterAll(() => {
    coverage.write();
  });
  const model = createTestModel(ownerPhotoQueueMachine, {
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.uploads.map((upload) => [upload.id, upload.status, upload.progress])]),
    filterEvents: (snapshot, event) => {
      if (!snapshot.can(event)) return false;
      const uploads = snapshot.context.uploads;
      const find = (id: string) => uploads.find((upload) => upload.id === id);
      if (event.type === 'photos.added') {
        const id = event.files[0]?.id;
        // beach.jpg is chosen on an empty queue, dunes.jpg while another file uploads.
        return id === 'a' ? uploads.length === 0 : snapshot.matches('uploading') && !find('c');
      }
      const upload = find(event.id);
      if (!upload) return false;
      if (event.type === 'upload.progressed') return upload.status === 'uploading' && upload.progress === 0;
      if (event.type === 'upload.succeeded' || event.type === 'upload.failed') return upload.status === 'uploading';
      if (event.type === 'upload.retried' || event.type === 'upload.dismissed') return upload.status === 'failed';
      return upload.status === 'queued' || upload.status === 'uploading';
    },
  });
  const paths = planPaths(model, ownerPhotoQueueMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, queueDriver());
  });
});
