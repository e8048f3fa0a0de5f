import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Subject } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { browserOrderEffects, connectOrder, SHARED_ITEMS_EVENT, type OrderEffects } from '@/app/order-wiring';
import { connectShareOrder, type ShareEffects } from '@/bindings/actors/share-wiring';
import { addLineItem, emptyOrder, type LineItem, type Order } from '@/domain/order/order';
import type { ShareSettings } from '@/effects/share-client';
import { shareOrderMachine } from '@/machines/share-order-machine';
import { ORDER_STORAGE_KEY } from '@/persistence/order-storage';
import { MyTripPage } from '@/views/pages/my-trip-page';
import { OrderWidget } from '@/views/order/order-widget';
import { ModelCoverage, planPaths, runPath, type PathDriver, type PlannedPath, type Via } from './coverage';
import { fixturePrice } from './pricing-harness';
import { mountSite, pageSettings, siteActorsWith, siteSettings, type MountedSite } from './site-harness';

type ShareSnapshot = SnapshotFrom<typeof shareOrderMachine>;
type ShareEvent = EventFrom<typeof shareOrderMachine>;
type ModelEvent = Via<ShareEvent>;

/** The visitor's Trips Collection: two stays, one priced to a fraction of a cent by an old client. */
const ORDER: Order = [
  fixturePrice({ eid: 1001, p: 1400.25, n: 'Sea Glass Cottage' }),
  fixturePrice({ eid: 1002, p: 980, n: 'Dune House' }),
].reduce<Order>((order, price) => addLineItem(order, price as LineItem).order, emptyOrder());
const SHORT_URL = 'http://localhost:3000/mytrip#short-url=Ab3dE9xQ';
/** The share form as the server sends it; a script slipped in must never run. */
const FORM = '<form class="share-form" action="/system/ajax"><label for="share-email">Email</label><input id="share-email" name="email"><script>window.hacked = true</script></form>';

function shareEvents(snapshot: ShareSnapshot): ModelEvent[] {
  if (snapshot.matches('idle')) return [{ type: 'share.requested', order: ORDER, via: 'presses Share' }];
  if (snapshot.matches('preparing')) {
    return [
      { type: 'share.received', form: FORM, url: SHORT_URL, order: ORDER, via: 'the server answers the form and the short URL' },
      { type: 'share.received', form: FORM, url: '', order: ORDER, via: 'the server answers the form only (a URL shortener is configured and failed)' },
      { type: 'share.failed', message: 'HTTP 500', via: 'the share call fails' },
    ];
  }
  return [{ type: 'share.closed', via: 'closes the share modal' }];
}

const model = createTestModel(shareOrderMachine, {
  events: shareEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, url: snapshot.context.url }),
});
const coverage = new ModelCoverage(shareOrderMachine);
const ALL = { hidden: true } as const;

/** /mytrip with the visitor's Trips Collection and the header widget; the share call is played by the test. */
function shareDriver(): PathDriver<ShareSnapshot, ShareEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof shareOrderMachine> | null = null;
  let disconnect = () => {};
  const calls: Array<{ order: Order; settings: ShareSettings; reply: Subject<{ form: string; url: string }> }> = [];
  const shared: unknown[] = [];
  const onShared = (event: Event) => shared.push((event as CustomEvent).detail);
  const shareButton = () => within(document.querySelector('.my-trip__order') as HTMLElement).getByRole('button', { name: /Share|Preparing/, ...ALL });
  return {
    start: () => {
      user = userEvent.setup();
      calls.length = 0;
      shared.length = 0;
      document.addEventListener(SHARED_ITEMS_EVENT, onShared);
      localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify(ORDER));
      const page = pageSettings();
      actor = createActor(shareOrderMachine, { inspect: coverage.inspect }).start();
      const actors = siteActorsWith(page, 'shareOrder', actor);
      const effects: OrderEffects = { ...browserOrderEffects, storage: () => localStorage };
      const share: ShareEffects = {
        shareOrder: (order, settings) => {
          const reply = new Subject<{ form: string; url: string }>();
          calls.push({ order, settings, reply });
          return reply;
        },
      };
      const disconnectOrder = connectOrder(actors, page, effects);
      const disconnectShare = connectShareOrder(actors, page, share);
      disconnect = () => {
        disconnectShare();
        disconnectOrder();
      };
      site = mountSite(
        <>
          <OrderWidget />
          <MyTripPage />
        </>,
        page,
        actors,
      );
    },
    perform: async (event) => {
      switch (event.type) {
        case 'share.requested':
          await user.click(shareButton());
          // Spec §7: the order is posted with the configured share_url.
          expect(calls.at(-1)?.order).toEqual(ORDER);
          expect(calls.at(-1)?.settings.shareUrl).toBe(siteSettings.order.share_url);
          return;
        case 'share.received':
        case 'share.failed': {
          const call = calls.at(-1);
          if (!call) throw new Error('Nothing was shared');
          act(() => {
            if (event.type === 'share.failed') call.reply.error(new Error(event.message));
            else {
              call.reply.next({ form: event.form, url: event.url });
              call.reply.complete();
            }
          });
          if (event.type === 'share.received') {
            // Spec §4 Shared items event: rc_core_item, the first price of each item rounded to 2 decimals.
            expect(shared.at(-1)).toEqual({
              type: 'rc_core_item',
              items: [
                { id: 1001, name: 'Sea Glass Cottage', prices: [{ p: 1400.25 }], price: 1400.25 },
                { id: 1002, name: 'Dune House', prices: [{ p: 980 }], price: 980 },
              ],
            });
          }
          return;
        }
        case 'share.closed':
          await user.click(within(screen.getByRole('dialog', { name: siteSettings.order.share.heading })).getByRole('button', { name: 'Close' }));
          return;
      }
    },
    expectState: (state) => {
      const real = (actor as Actor<typeof shareOrderMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      const dialog = screen.queryByRole('dialog', { name: siteSettings.order.share.heading });
      if (state.matches('shown')) {
        if (!dialog) throw new Error('The share modal is not open');
        const scope = within(dialog);
        expect(scope.getByText(siteSettings.order.share.subheading)).toBeTruthy();
        expect(scope.getByText(siteSettings.order.share.description)).toBeTruthy();
        expect(scope.getByLabelText('Email')).toBeTruthy();
        expect(dialog.querySelector('script')).toBeNull();
        const link = scope.queryByLabelText('Short link');
        if (state.context.url) {
          expect((link as HTMLInputElement).value).toBe(SHORT_URL);
          expect(scope.getByRole('button', { name: 'Copy link' })).toBeTruthy();
        } else {
          expect(link).toBeNull();
        }
        return;
      }
      expect(dialog).toBeNull();
      // Spec §4 Share button: pending and disabled while prepared, enabled again whatever the outcome.
      const button = shareButton();
      const pending = state.matches('preparing');
      // react-aria keeps a pending button focusable: it is aria-disabled and ignores presses.
      expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(pending);
      expect(button.hasAttribute('data-pending')).toBe(pending);
    },
    stop: () => {
      disconnect();
      site?.unmount();
      document.removeEventListener(SHARED_ITEMS_EVENT, onShared);
    },
  };
}

const titleOf = (path: PlannedPath<ShareSnapshot, ShareEvent>) => {
  const events = path.steps.slice(1).map((step) => (step.event as Partial<ModelEvent>).via);
  const end = JSON.stringify(path.state.value);
  return events.length ? `reaches ${end}: ${events.join(' → ')}` : `starts in ${end}`;
};

describe('share machine, walked through the Share button of /mytrip, the share modal and the share call', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, shareOrderMachine);
  it.each(paths.map((path) => [titleOf(path), path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, shareDriver());
  });
});
