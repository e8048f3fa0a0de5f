import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { StatusMessage } from '@/domain/settings';
import { statusMessagesMachine } from '@/machines/status-messages-machine';
import { StatusMessages } from '@/views/shell/status-messages';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type StatusSnapshot = SnapshotFrom<typeof statusMessagesMachine>;
type StatusEvent = EventFrom<typeof statusMessagesMachine>;

/** What the server put on the page: the machine decides on page load whether the modal opens. */
const PAGE_LOADS: Array<{ name: string; messages: StatusMessage[]; role: 'dialog' | 'alertdialog'; title: string }> = [
  {
    name: 'a warning and a status message',
    messages: [
      { type: 'status', text: 'Your inquiry was sent. We answer within one business day.' },
      { type: 'warning', text: 'The pool at Pelican Point is closed for repairs until June 2.' },
    ],
    role: 'dialog',
    title: 'Warning',
  },
  { name: 'an error', messages: [{ type: 'error', text: 'Your payment could not be taken.' }], role: 'alertdialog', title: 'Error' },
  { name: 'no messages', messages: [], role: 'dialog', title: '' },
];

/** The modal is dismissed with its OK button, its close button or the Escape key: all are walked. */
const dismissals: Array<Via<StatusEvent>> = [
  { type: 'status.messages.dismissed', via: 'OK button' },
  { type: 'status.messages.dismissed', via: 'close button' },
  { type: 'status.messages.dismissed', via: 'Escape key' },
];

const coverage = new ModelCoverage(statusMessagesMachine);

function statusDriver(load: (typeof PAGE_LOADS)[number]): PathDriver<StatusSnapshot, StatusEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  const dialog = () => screen.getByRole(load.role, { name: load.title });
  return {
    start: () => {
      user = userEvent.setup();
      const page = pageSettings({ messages: load.messages });
      const actor = createActor(statusMessagesMachine, { input: { messages: page.messages }, inspect: coverage.inspect });
      site = mountSite(<StatusMessages />, page, siteActorsWith(page, 'statusMessages', actor.start()));
    },
    perform: async (event) => {
      const via = (event as Partial<Via<StatusEvent>>).via;
      if (via === 'Escape key') {
        expect(dialog().contains(document.activeElement)).toBe(true);
        return user.keyboard('{Escape}');
      }
      return user.click(within(dialog()).getByRole('button', { name: via === 'OK button' ? 'OK' : 'Close' }));
    },
    expectState: (state) => {
      expect(site?.actors.statusMessages.getSnapshot().value).toEqual(state.value);
      if (state.matches('showing')) {
        const items = within(dialog()).getAllByRole('listitem');
        expect(items.map((item) => item.textContent)).toEqual(load.messages.map((message) => message.text));
        load.messages.forEach((message, i) => expect(items[i]?.className).toContain(`status-messages__item--${message.type}`));
      } else {
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(screen.queryByRole('alertdialog')).toBeNull();
        for (const message of load.messages) expect(screen.queryByText(message.text)).toBeNull();
      }
    },
    stop: () => site?.unmount(),
  };
}

describe('status messages machine, walked through the status messages modal', () => {
  afterAll(() => {
    coverage.write();
  });

  for (const load of PAGE_LOADS) {
    describe(`a page that loads with ${load.name}`, () => {
      const model = createTestModel(statusMessagesMachine, {
        input: { messages: load.messages },
        events: dismissals,
        filterEvents: (snapshot, event) => snapshot.can(event),
      });
      const paths = planPaths(model, statusMessagesMachine);
      it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
        await runPath(path, coverage, statusDriver(load));
      });
    });
  }
});
