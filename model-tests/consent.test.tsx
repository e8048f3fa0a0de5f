import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectConsent } from '@/bindings/consent-hooks';
import { consentMachine, type ConsentChoice } from '@/machines/consent-machine';
import { CONSENT_STORAGE_KEY } from '@/persistence/consent-storage';
import { Consent, CookieSettingsLink } from '@/views/shell/consent';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { mountSite, pageSettings, siteActorsWith, siteSettings, type MountedSite } from './site-harness';

type ConsentSnapshot = SnapshotFrom<typeof consentMachine>;
type ConsentEvent = EventFrom<typeof consentMachine>;
type ModelEvent = Via<ConsentEvent>;

const KEPT: ConsentChoice = { analytics: true, ads: false };
const nothingStored: ModelEvent = { type: 'consent.restored', choice: null, via: 'a first visit: nothing stored' };
const corruptStored: ModelEvent = { type: 'consent.restored', choice: null, via: 'a corrupt value is stored' };
const keptStored: ModelEvent = { type: 'consent.restored', choice: KEPT, via: 'a choice is stored' };
const accepted: ModelEvent = { type: 'consent.accepted', via: "clicks 'Accept all'" };
const rejected: ModelEvent = { type: 'consent.rejected', via: "clicks 'Reject all'" };
const chooseOpened: ModelEvent = { type: 'consent.choose.opened', via: "clicks 'Choose'" };
const toggled = (category: 'analytics' | 'ads'): ModelEvent => ({ type: 'consent.category.toggled', category, via: `ticks ${category} with the keyboard` });
const saved: ModelEvent = { type: 'consent.saved', via: "clicks 'Save choices'" };
const closed: ModelEvent = { type: 'consent.closed', via: 'presses Escape' };
const reopened: ModelEvent = { type: 'consent.reopened', via: "clicks the footer's 'Cookie settings'" };

/** Kept small: analytics is ticked before advertising; a restored choice is one that allows analytics only. */
function consentEvents(snapshot: ConsentSnapshot): ModelEvent[] {
  if (snapshot.matches('unknown')) return [nothingStored, corruptStored, keptStored];
  if (snapshot.matches('asking')) return [accepted, rejected, chooseOpened];
  if (snapshot.matches('choosing')) {
    const { draft } = snapshot.context;
    return [...(!draft.analytics ? [toggled('analytics')] : !draft.ads ? [toggled('ads')] : []), saved, accepted, rejected, closed];
  }
  return [reopened];
}

const model = createTestModel(consentMachine, {
  events: consentEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event as ConsentEvent),
});
const coverage = new ModelCoverage(consentMachine);

const banner = () => screen.queryByRole('region', { name: 'Cookies on this site' });
const stored = () => localStorage.getItem(CONSENT_STORAGE_KEY);

/** The cookie banner and the footer link of a site with a GA4 measurement id; GA4 is a recorder. */
function consentDriver(): PathDriver<ConsentSnapshot, ConsentEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof consentMachine> | null = null;
  let disconnect: (() => void) | null = null;
  let applied: ConsentChoice[] = [];
  let warnings: MockInstance<typeof console.warn> | null = null;
  return {
    start: () => {
      user = userEvent.setup();
      applied = [];
      localStorage.clear();
      warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
      actor = createActor(consentMachine, { inspect: coverage.inspect }).start();
      const page = { ...pageSettings(), settings: { ...siteSettings, analytics: { ga4_measurement_id: 'G-MODEL1234' } } };
      site = mountSite(
        <>
          <ul>
            <CookieSettingsLink />
          </ul>
          <Consent />
        </>,
        page,
        siteActorsWith(page, 'consent', actor),
      );
    },
    perform: async (event, before) => {
      switch (event.type) {
        case 'consent.restored': {
          const via = (event as ModelEvent).via;
          if (via === corruptStored.via) localStorage.setItem(CONSENT_STORAGE_KEY, '{"v":1,"analytics":');
          if (event.choice) localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ v: 1, ...event.choice }));
          act(() => {
            disconnect = connectConsent(actor as Actor<typeof consentMachine>, { applyConsent: (choice) => applied.push(choice) }, localStorage);
          });
          // A corrupt value is said in the console and never breaks the page.
          expect(warnings?.mock.calls.length).toBe(via === corruptStored.via ? 1 : 0);
          return;
        }
        case 'consent.accepted':
          return user.click(await screen.findByRole('button', { name: 'Accept all' }));
        case 'consent.rejected':
          return user.click(await screen.findByRole('button', { name: 'Reject all' }));
        case 'consent.choose.opened':
          return user.click(await screen.findByRole('button', { name: 'Choose' }));
        case 'consent.category.toggled': {
          const box = await screen.findByRole('checkbox', { name: event.category === 'analytics' ? /Analytics cookies/ : /Advertising cookies/ });
          box.focus();
          return user.keyboard(' ');
        }
        case 'consent.saved':
          return user.click(await screen.findByRole('button', { name: 'Save choices' }));
        case 'consent.closed':
          (await screen.findByRole('checkbox', { name: /Analytics cookies/ })).focus();
          return user.keyboard('{Escape}');
        case 'consent.reopened': {
          expect(before.matches('decided')).toBe(true);
          const link = screen.getByRole('button', { name: 'Cookie settings' });
          await user.click(link);
          return;
        }
        default:
          throw new Error(`No way to perform ${(event as ConsentEvent).type}`);
      }
    },
    expectState: async (state) => {
      const real = (actor as Actor<typeof consentMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      expect(real.context).toEqual(state.context);
      if (state.hasTag('banner')) {
        const region = await screen.findByRole('region', { name: 'Cookies on this site' });
        const boxes = within(region).queryAllByRole('checkbox');
        if (state.matches('choosing')) {
          expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([state.context.draft.analytics, state.context.draft.ads]);
          // The categories take the focus when opened (the visitor asked for them).
          expect(region.contains(document.activeElement)).toBe(true);
        } else {
          expect(boxes).toEqual([]);
          expect(within(region).getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept all', 'Reject all', 'Choose']);
        }
      } else {
        expect(banner()).toBeNull();
      }
      const choice = state.context.choice;
      if (state.matches('decided') && choice) {
        // Applied to GA4 each time a choice is made or restored; stored only when made here.
        expect(applied.at(-1)).toEqual(choice);
        expect(JSON.parse(stored() ?? 'null')).toEqual({ v: 1, ...choice });
      }
      if (state.matches('unknown')) expect(applied).toEqual([]);
    },
    stop: () => {
      disconnect?.();
      site?.unmount();
      warnings?.mockRestore();
      localStorage.clear();
    },
  };
}

describe('cookie consent machine, walked through the banner and the footer link', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, consentMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, consentDriver());
    });
  }
});
