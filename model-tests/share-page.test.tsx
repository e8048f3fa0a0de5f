import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Subject } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectSharePage, type SharePageEffects } from '@/bindings/actors/share-page-actors';
import type { ShareSettings } from '@/effects/share-client';
import { sharePageMachine } from '@/machines/share-page-machine';
import { SharePageLive } from '@/views/shell/page-share-live';
import { ModelCoverage, planPaths, runPath, type PathDriver, type PlannedPath, type Via } from './coverage';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type ShareSnapshot = SnapshotFrom<typeof sharePageMachine>;
type ShareEvent = EventFrom<typeof sharePageMachine>;
type ModelEvent = Via<ShareEvent>;

const SHORT_URL = 'http://localhost:3000/s/Ab3dE9xQAb3d';
/** The share form as the server sends it; a script slipped in must never run. */
const FORM =
  '<ul aria-label="Share on"><li><a href="https://www.facebook.com/sharer/sharer.php?u=x" data-share-url="https://www.facebook.com/sharer/sharer.php" data-share-query="u">Facebook</a></li></ul>' +
  '<form id="bt-leads-share-submit-rc-core-order-share" action="/rescms/order/share/send" data-captcha data-optin-required><label for="share-email">Your email</label><input id="share-email" name="email"><script>window.hacked = true</script></form>';
const PAGE = '/events?page=2';

function shareEvents(snapshot: ShareSnapshot): ModelEvent[] {
  if (snapshot.matches('idle')) return [{ type: 'share.page.requested', path: PAGE, via: 'presses Share in the header' }];
  if (snapshot.matches('preparing')) {
    return [
      { type: 'share.page.received', form: FORM, url: SHORT_URL, via: 'the server answers the short link and the form' },
      { type: 'share.page.failed', message: 'HTTP 429', via: 'the share call fails' },
    ];
  }
  return [{ type: 'share.page.closed', via: 'closes the share modal' }];
}

const model = createTestModel(sharePageMachine, {
  events: shareEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
});
const coverage = new ModelCoverage(sharePageMachine);
const ALL = { hidden: true } as const;

/** The header's share button live, on /events?page=2; the share call is played by the test. */
function shareDriver(): PathDriver<ShareSnapshot, ShareEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof sharePageMachine> | null = null;
  let disconnect = () => {};
  const calls: Array<{ path: string; settings: ShareSettings; reply: Subject<{ form: string; url: string }> }> = [];
  const button = () => screen.getByRole('button', { name: /Share|Preparing/, ...ALL });
  return {
    start: () => {
      user = userEvent.setup();
      calls.length = 0;
      window.history.replaceState(null, '', `${PAGE}#rcav=x`);
      (window as unknown as { hacked?: boolean }).hacked = false;
      const page = pageSettings();
      actor = createActor(sharePageMachine, { inspect: coverage.inspect }).start();
      const actors = siteActorsWith(page, 'sharePage', actor);
      const effects: SharePageEffects = {
        sharePage: (path, settings) => {
          const reply = new Subject<{ form: string; url: string }>();
          calls.push({ path, settings, reply });
          return reply;
        },
      };
      disconnect = connectSharePage({ sharePage: actor }, page, effects);
      site = mountSite(<SharePageLive />, page, actors);
    },
    perform: async (event) => {
      switch (event.type) {
        case 'share.page.requested':
          await user.click(button());
          // The page's path and query are shortened; the hash travels in the form's fragment field.
          expect(calls.at(-1)?.path).toBe(PAGE);
          return;
        case 'share.page.received':
        case 'share.page.failed': {
          const call = calls.at(-1);
          if (!call) throw new Error('Nothing was shared');
          act(() => {
            if (event.type === 'share.page.failed') call.reply.error(new Error(event.message));
            else {
              call.reply.next({ form: event.form, url: event.url });
              call.reply.complete();
            }
          });
          return;
        }
        case 'share.page.closed':
          await user.click(within(screen.getByRole('dialog', { name: 'Share this page' })).getByRole('button', { name: 'Close' }));
          return;
      }
    },
    expectState: (state) => {
      const real = (actor as Actor<typeof sharePageMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      const dialog = screen.queryByRole('dialog', { name: 'Share this page' });
      if (state.matches('shown')) {
        if (!dialog) throw new Error('The share modal is not open');
        const scope = within(dialog);
        expect((scope.getByLabelText('Short link') as HTMLInputElement).value).toBe(SHORT_URL);
        expect(scope.getByRole('link', { name: 'Facebook' }).getAttribute('data-share-query')).toBe('u');
        expect(scope.getByLabelText('Your email')).toBeTruthy();
        expect(dialog.querySelector('script')).toBeNull();
        expect(dialog.querySelector('form')?.hasAttribute('data-optin-required')).toBe(true);
        expect((window as unknown as { hacked?: boolean }).hacked).toBe(false);
        return;
      }
      expect(dialog).toBeNull();
      // Spec §4 Share button: pending and disabled while prepared, enabled again whatever the outcome.
      const pending = state.matches('preparing');
      expect(button().getAttribute('aria-disabled') === 'true' || button().hasAttribute('disabled')).toBe(pending);
      expect(button().hasAttribute('data-pending')).toBe(pending);
      expect(button().textContent).toBe(pending ? 'Preparing…' : 'Share');
    },
    stop: () => {
      disconnect();
      site?.unmount();
      window.history.replaceState(null, '', '/');
    },
  };
}

const titleOf = (path: PlannedPath<ShareSnapshot, ShareEvent>) => {
  const events = path.steps.slice(1).map((step) => (step.event as Partial<ModelEvent>).via);
  const end = JSON.stringify(path.state.value);
  return events.length ? `reaches ${end}: ${events.join(' → ')}` : `starts in ${end}`;
};

describe('share-this-page machine, walked through the header share button, its modal and the share call', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, sharePageMachine);
  it.each(paths.map((path) => [titleOf(path), path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, shareDriver());
  });
});
