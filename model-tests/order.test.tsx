import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Subject, type Observable } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectOrder, ORDER_UPDATE_EVENT, ORDER_UPDATED_EVENT, type OrderEffects } from '@/app/order-wiring';
import { connectPricingActions } from '@/bindings/actors/pricing-wiring';
import { formatMoney } from '@/domain/money';
import type { OrderSource } from '@/domain/order/init';
import type { PriceChange } from '@/domain/order/verification';
import type { ResolvedShortUrl } from '@/effects/order-client';
import { addLineItem, emptyOrder, encodeOrder, MAX_LINE_ITEMS, removeLineItem, type LineItem, type Order } from '@/domain/order/order';
import { derivePrice } from '@/domain/pricing/derived';
import type { PriceQueryParams } from '@/domain/pricing/types';
import { orderMachine, REOPEN_DELAY_MS, type OrderMode } from '@/machines/order-machine';
import { ORDER_STORAGE_KEY } from '@/persistence/order-storage';
import { REPLACE_CONFIRMATION } from '@/views/order/order-dialogs';
import { OrderWidget } from '@/views/order/order-widget';
import { MyTripPage } from '@/views/pages/my-trip-page';
import { OfferRow } from '@/views/pricing/offer-row';
import { ModelCoverage, planPaths, runPath, type PathDriver, type PlannedPath, type Via } from './coverage';
import { fixturePrice, SEARCH_RCAV } from './pricing-harness';
import { mountSite, pageSettings, siteActorsWith, siteSettings, type MountedSite } from './site-harness';

type OrderSnapshot = SnapshotFrom<typeof orderMachine>;
type OrderEvent = EventFrom<typeof orderMachine>;
type ModelEvent = Via<OrderEvent>;

/** The offer the visitor adds from a rental's pricing display. */
const OFFER = derivePrice(fixturePrice({ eid: 1002, p: 980.5, n: 'Dune House', dn: 'Standard rate' }), SEARCH_RCAV.begin);
/** A friend's shared trip: one stay at another rental. */
const FRIEND = addLineItem(emptyOrder(), fixturePrice({ eid: 1001, p: 1400.25, n: 'Sea Glass Cottage', dn: 'Winter special' }) as LineItem).order;
const SHARED_CODE = 'Ab3dE9xQ';
/** Since the friend shared it: one price went up, one stay was booked by someone else. */
const STAY_DATES = `${SEARCH_RCAV.begin} to ${SEARCH_RCAV.end}`;
const CHANGES: PriceChange[] = [
  { key: 'ind-0', n: `Sea Glass Cottage (${STAY_DATES})`, was: 1300, now: 1400.25 },
  { key: 'ind-1', n: `Dune House (${STAY_DATES})`, was: 980.5, now: null, problem: 'Dune House: the stay is booked.' },
];
const BAD_RCOD = 'not*base64';
/** Yesterday's visit left one line item in storage. */
const STORED = addLineItem(emptyOrder(), OFFER as unknown as LineItem).order;
/** A Trips Collection that is full. */
const FULL = Array.from({ length: MAX_LINE_ITEMS }).reduce<Order>((order) => addLineItem(order, OFFER as unknown as LineItem).order, emptyOrder());
/** The session's order as the server keeps it (with its own total). */
const SERVER_ORDER: Order = { ...FRIEND, tot: 1450.25 };

const lowestKey = (order: Order) => Object.keys(order.lis).sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)))[0];

function orderEvents(mode: OrderMode) {
  return (snapshot: OrderSnapshot): ModelEvent[] => {
    const { order, detailOpen, notice } = snapshot.context;
    const count = Object.keys(order.lis).length;
    const events: ModelEvent[] = [];
    if (snapshot.matches('starting')) {
      const sources: Array<[OrderSource, Order | null, string]> = [
        [{ kind: 'short-url', code: SHARED_CODE }, null, 'opens a short link'],
        [{ kind: 'rcod', encoded: encodeOrder(FRIEND) }, STORED, 'opens a #rcod link with a Trips Collection of their own'],
        [{ kind: 'rcod', encoded: BAD_RCOD }, STORED, 'opens a malformed #rcod link with a Trips Collection of their own'],
        [{ kind: 'rcod', encoded: BAD_RCOD }, null, 'opens a malformed #rcod link'],
        [{ kind: 'stored', order: STORED }, STORED, 'comes back with a stored Trips Collection'],
      ];
      if (mode === 'local') sources.push([{ kind: 'stored', order: FULL }, FULL, 'comes back with a full Trips Collection'], [{ kind: 'empty' }, null, 'arrives for the first time']);
      else sources.push([{ kind: 'session' }, null, 'arrives with nothing stored (session mode)']);
      return sources.map(([source, stored, via]) => ({ type: 'order.init', source, stored, via }));
    }
    if (snapshot.matches('resolving')) {
      return [
        { type: 'order.shortUrl.resolved', encoded: encodeOrder(FRIEND), changes: [], via: 'the server resolves the short link' },
        { type: 'order.shortUrl.resolved', encoded: encodeOrder(FRIEND), changes: CHANGES, via: "the server resolves it at today's prices, one stay no longer available" },
        { type: 'order.shortUrl.resolved', encoded: encodeOrder(emptyOrder()), changes: CHANGES.slice(1), via: 'none of its stays can still be booked' },
        { type: 'order.shortUrl.resolved', encoded: BAD_RCOD, via: 'the server answers a malformed order' },
        { type: 'order.shortUrl.failed', message: 'HTTP 404', via: 'the short link is unknown' },
      ];
    }
    if (snapshot.matches('fetching')) {
      return [
        { type: 'order.fetched', order: SERVER_ORDER, via: 'the server sends the session order' },
        { type: 'order.fetched', order: { lict: 'x' }, via: 'the server sends a malformed order' },
        { type: 'order.fetch.failed', message: 'HTTP 503', via: 'the session order cannot be fetched' },
      ];
    }
    if (snapshot.matches('confirming')) {
      return [
        { type: 'order.shared.accepted', via: 'confirms the replacement' },
        { type: 'order.shared.declined', via: 'declines the replacement' },
      ];
    }
    if (snapshot.matches('reopening')) return [{ type: 'order.reopen.due', via: '250 ms pass' }];
    if (notice) return [{ type: 'order.notice.dismissed', via: 'dismisses the notice' }];
    const add: ModelEvent = { type: 'order.add.requested', price: OFFER as unknown as LineItem, via: 'adds an offer from a pricing display' };
    const key = lowestKey(order);
    const remove: ModelEvent[] = key ? [{ type: 'order.remove.requested', key, via: `removes ${key}` }] : [];
    if (snapshot.matches({ ready: 'idle' })) {
      // A full Trips Collection: one more add is refused, one remove makes room again.
      if (count >= MAX_LINE_ITEMS - 1) return count === MAX_LINE_ITEMS ? [add, ...remove] : [add];
      if (detailOpen) events.push({ type: 'order.detail.closed', via: 'closes the order detail' }, ...remove);
      else {
        // The page's buttons are out of reach while a modal is open.
        if (count < 2) events.push(add);
        events.push(...remove);
        if (mode === 'local') events.push({ type: 'order.detail.opened', via: 'clicks the order widget' });
      }
      if (mode === 'local' && count <= 1 && !detailOpen) {
        events.push(
          { type: 'order.update.received', order: SERVER_ORDER, showDetail: true, via: 'another script updates the order and asks for the detail' },
          { type: 'order.update.received', order: emptyOrder(), showDetail: false, via: 'another script empties the order' },
          { type: 'order.update.received', order: { lict: 1, lis: { 'ind-0': { eid: 'x' } }, litot: 1 }, showDetail: false, via: 'another script sends a malformed order' },
          { type: 'order.storage.changed', order: FRIEND, via: 'another tab saves its order' },
          { type: 'order.shared.found', source: { kind: 'short-url', code: SHARED_CODE }, via: 'follows a short link on the page' },
          { type: 'order.shared.found', source: { kind: 'rcod', encoded: encodeOrder(FRIEND) }, via: 'follows a #rcod link on the page' },
          { type: 'order.shared.found', source: { kind: 'rcod', encoded: BAD_RCOD }, via: 'follows a malformed #rcod link on the page' },
        );
      }
    }
    if (snapshot.matches({ ready: 'adding' })) {
      events.push(
        { type: 'order.server.answered', order: { ...addLineItem(order, OFFER as unknown as LineItem).order, tot: 1 }, via: 'the server adds the re-priced offer' },
        { type: 'order.server.answered', order: 'nonsense', via: 'the server answers nonsense' },
        { type: 'order.server.failed', message: 'The stay is not available', via: 'the server refuses the offer (400)' },
      );
    }
    if (snapshot.matches({ ready: 'removing' })) {
      const key = snapshot.context.pendingKey as string;
      events.push(
        { type: 'order.server.answered', order: removeLineItem(order, key), via: 'the server removes the line item' },
        { type: 'order.server.answered', order: [], via: 'the server answers nonsense' },
        { type: 'order.server.failed', message: 'HTTP 500', via: 'the server fails' },
      );
    }
    return events;
  };
}

function serializeOrder(snapshot: OrderSnapshot): string {
  const { order, candidate, candidateChanges, notice, detailOpen, pendingKey } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    lis: Object.entries(order.lis).map(([key, item]) => `${key}:${item.eid}`),
    tot: order.tot ?? null,
    candidate: candidate !== null,
    candidateChanges: candidateChanges.length,
    notice: notice !== null,
    detailOpen,
    pendingKey,
    fallback: snapshot.context.fallback ? Object.keys(snapshot.context.fallback.lis).length : null,
  });
}

const modelFor = (mode: OrderMode) =>
  createTestModel(orderMachine, {
    input: { mode },
    events: orderEvents(mode),
    filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
    serializeState: serializeOrder,
  });
const coverage = new ModelCoverage(orderMachine);
const ALL = { hidden: true } as const;

/** The server, another tab, other scripts and time, played by the test. */
class Boundary {
  shortUrls: Array<{ code: string; reply: Subject<ResolvedShortUrl> }> = [];
  fetches: Array<Subject<unknown>> = [];
  adds: Array<{ qp: PriceQueryParams; reply: Subject<unknown> }> = [];
  removes: Array<{ key: string; reply: Subject<unknown> }> = [];
  delays: Array<{ ms: number; reply: Subject<void> }> = [];
  effects: OrderEffects = {
    resolveShortUrl: (code) => this.push(this.shortUrls, (reply) => ({ code, reply })),
    fetchSessionOrder: () => this.push(this.fetches, (reply) => reply),
    addToSessionOrder: (qp) => this.push(this.adds, (reply) => ({ qp, reply })),
    removeFromSessionOrder: (key) => this.push(this.removes, (reply) => ({ key, reply })),
    delay: (ms) => this.push(this.delays, (reply) => ({ ms, reply })) as Observable<void>,
    storage: () => localStorage,
  };
  private push<T, R>(list: R[], make: (reply: Subject<T>) => R): Observable<T> {
    const reply = new Subject<T>();
    list.push(make(reply));
    return reply;
  }
}

function answer<T>(reply: Subject<T> | undefined, value: T | Error) {
  if (!reply) throw new Error('The order did not call the server');
  act(() => {
    if (value instanceof Error) reply.error(value);
    else {
      reply.next(value);
      reply.complete();
    }
  });
}

/**
 * The header's order widget with its modals, the /mytrip page showing the Trips Collection and a
 * pricing offer row whose Add goes through the pricing wiring: the order wired as the page wires it.
 */
function orderDriver(mode: OrderMode): PathDriver<OrderSnapshot, OrderEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof orderMachine> | null = null;
  let disconnect = () => {};
  let boundary = new Boundary();
  const updates: Array<{ showDetail: boolean }> = [];
  const onUpdated = (event: Event) => updates.push((event as CustomEvent<{ showDetail: boolean }>).detail);
  const page = { ...pageSettings(), settings: { ...siteSettings, order: { ...siteSettings.order, mode } } };
  const scopeFor = (detailOpen: boolean) =>
    within(detailOpen ? screen.getByRole('dialog', { name: 'Your Trips Collection' }) : (document.querySelector('.my-trip__order') as HTMLElement));
  return {
    start: () => {
      user = userEvent.setup();
      boundary = new Boundary();
      updates.length = 0;
      document.addEventListener(ORDER_UPDATED_EVENT, onUpdated);
      actor = createActor(orderMachine, { input: { mode }, inspect: coverage.inspect }).start();
      const actors = siteActorsWith(page, 'order', actor);
      const pricing = connectPricingActions(actors, page);
      site = mountSite(
        <>
          <OrderWidget />
          <MyTripPage />
          <ul>
            <OfferRow offer={OFFER} />
          </ul>
        </>,
        page,
        actors,
      );
      disconnect = () => pricing();
    },
    perform: async (event, before) => {
      const via = (event as Partial<ModelEvent>).via ?? '';
      switch (event.type) {
        case 'order.init': {
          const { source } = event;
          if (source.kind === 'short-url') history.replaceState(null, '', `/#short-url=${source.code}`);
          if (source.kind === 'rcod') history.replaceState(null, '', `/mytrip?rcod=${encodeURIComponent(source.encoded)}`);
          if (event.stored) localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify(event.stored));
          const pricing = disconnect;
          const order = connectOrder(site?.actors as MountedSite['actors'], page, boundary.effects);
          disconnect = () => {
            pricing();
            order();
          };
          if (source.kind === 'short-url') expect(boundary.shortUrls.map((call) => call.code)).toEqual([SHARED_CODE]);
          if (source.kind === 'session' || (mode === 'session' && source.kind === 'rcod' && !event.stored && source.encoded === BAD_RCOD)) expect(boundary.fetches).toHaveLength(1);
          return;
        }
        case 'order.shortUrl.resolved':
          return answer(boundary.shortUrls.at(-1)?.reply, { encoded: event.encoded, changes: event.changes ?? [] });
        case 'order.shortUrl.failed':
          return answer(boundary.shortUrls.at(-1)?.reply, new Error(event.message));
        case 'order.fetched':
          return answer(boundary.fetches.at(-1), event.order);
        case 'order.fetch.failed':
          return answer(boundary.fetches.at(-1), new Error(event.message));
        case 'order.shared.accepted':
          await user.click(screen.getByRole('button', { name: 'Yes' }));
          expect(window.location.search + window.location.hash).toBe('');
          expect(boundary.delays.map((d) => d.ms)).toEqual([REOPEN_DELAY_MS]);
          return;
        case 'order.shared.declined':
          await user.click(screen.getByRole('button', { name: 'No' }));
          return;
        case 'order.reopen.due':
          return answer(boundary.delays.at(-1)?.reply, undefined);
        case 'order.notice.dismissed':
          await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
          return;
        case 'order.detail.opened':
          await user.click(screen.getByRole('button', { name: /Trips Collection: \d+ items?, subtotal/ }));
          return;
        case 'order.detail.closed':
          await user.click(within(screen.getByRole('dialog', { name: 'Your Trips Collection' })).getByRole('button', { name: 'Close' }));
          return;
        case 'order.add.requested': {
          const before$ = updates.length;
          await user.click(screen.getByRole('button', { name: 'Add Standard rate to Trips Collection', ...ALL }));
          if (mode === 'session') {
            expect(boundary.adds.at(-1)?.qp).toEqual(OFFER.qp);
          } else if (Object.keys(before.context.order.lis).length < MAX_LINE_ITEMS) {
            expect(updates.slice(before$)).toEqual([expect.objectContaining({ showDetail: true })]);
          }
          return;
        }
        case 'order.remove.requested': {
          const row = scopeFor(before.context.detailOpen).getAllByRole('listitem').find((li) => li.getAttribute('data-key') === event.key) as HTMLElement;
          await user.click(within(row).getByRole('button', { name: /^Remove /, ...ALL }));
          if (mode === 'session') expect(boundary.removes.at(-1)?.key).toBe(event.key);
          return;
        }
        case 'order.server.answered': {
          const pending = before.matches({ ready: 'adding' }) ? boundary.adds.at(-1)?.reply : boundary.removes.at(-1)?.reply;
          return answer(pending, event.order);
        }
        case 'order.server.failed': {
          const pending = before.matches({ ready: 'adding' }) ? boundary.adds.at(-1)?.reply : boundary.removes.at(-1)?.reply;
          return answer(pending, new Error(event.message));
        }
        case 'order.update.received':
          act(() => {
            document.dispatchEvent(new CustomEvent(ORDER_UPDATE_EVENT, { detail: { order: event.order, showDetail: event.showDetail } }));
          });
          return;
        case 'order.storage.changed':
          act(() => {
            const raw = JSON.stringify(event.order);
            localStorage.setItem(ORDER_STORAGE_KEY, raw);
            window.dispatchEvent(new StorageEvent('storage', { key: ORDER_STORAGE_KEY, newValue: raw }));
          });
          return;
        case 'order.shared.found':
          act(() => {
            const { source } = event;
            history.replaceState(null, '', source.kind === 'short-url' ? `/#short-url=${source.code}` : `/#rcod=${source.kind === 'rcod' ? source.encoded : ''}`);
            window.dispatchEvent(new HashChangeEvent('hashchange'));
          });
          return;
        default:
          throw new Error(`No way to perform ${(event as OrderEvent).type} (${via})`);
      }
    },
    expectState: async (state) => {
      // The detail follows the widget by one painted frame (the widget repaints first, issue 5).
      await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      const real = (actor as Actor<typeof orderMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      const { order, detailOpen, notice } = state.context;
      expect(real.context.order).toEqual(order);
      expect(real.context.detailOpen).toBe(detailOpen);
      const count = Object.keys(order.lis).length;
      // The widget: line-item count and subtotal with no decimals (spec §2, §9).
      expect(screen.getByTestId('order-count').textContent).toBe(String(count));
      expect(screen.getByTestId('order-subtotal').textContent).toBe(formatMoney(order.litot, { currency: 'USD', precision: 0 }));
      const widget = document.querySelector('[data-order-widget]') as HTMLElement;
      expect(widget.hasAttribute('data-pending')).toBe(state.hasTag('pending') || state.hasTag('loading'));
      // Every change is saved under 'rcriotorder' (spec §4).
      const stored = localStorage.getItem(ORDER_STORAGE_KEY);
      // While a shared order is looked at, the visitor's own order stays stored (and held to fall back to).
      if (stored !== null) expect(JSON.parse(stored)).toEqual(state.context.fallback ?? order);
      const detail = screen.queryByRole('dialog', { name: 'Your Trips Collection' });
      expect(detail !== null).toBe(detailOpen && state.matches('ready'));
      if (detail && count > 0) {
        const scope = within(detail);
        expect(scope.getAllByRole('button', { name: /^Remove / })).toHaveLength(count);
        expect(scope.getByTestId('order-detail-subtotal').textContent).toBe(formatMoney(order.litot, { currency: 'USD', precision: 2 }));
        expect(scope.getByRole('button', { name: 'Share' })).toBeTruthy();
        for (const button of scope.getAllByRole('button', { name: /^Remove / })) expect(button.hasAttribute('disabled')).toBe(state.hasTag('pending'));
      }
      // While a shared order is looked at (or resolved), the widget keeps showing the visitor's own one.
      const own = state.context.fallback;
      if (own && !state.matches('ready')) {
        expect(screen.getByTestId('order-count').textContent).toBe(String(Object.keys(own.lis).length));
        expect(screen.getByTestId('order-subtotal').textContent).toBe(formatMoney(own.litot, { currency: 'USD', precision: 0 }));
      }
      const confirm = screen.queryByText(REPLACE_CONFIRMATION);
      expect(confirm !== null).toBe(state.matches('confirming'));
      // What changed since the trip was shared is said with the confirmation, not dropped in silence.
      // Each under the heading of what happened, the reason in the server's plain words.
      const items = screen.queryAllByRole('listitem').map((item) => item.textContent);
      const changed = items.includes(`Sea Glass Cottage (${STAY_DATES}) is now $1,400.25 (was $1,300.00).`) && screen.queryByText('This price changed since it was shared:');
      const gone = items.includes(`Dune House (${STAY_DATES}). Dune House: the stay is booked.`) && screen.queryByText('This stay can no longer be booked, so it is not included:');
      expect(Boolean(changed) && Boolean(gone)).toBe(state.matches('confirming') && state.context.candidateChanges.length > 0);
      if (notice?.includes('none of its offers')) expect(notice).toContain(`Dune House (${STAY_DATES})`);
      const noticeText = screen.queryByText(/could not be opened/);
      expect(noticeText !== null).toBe(notice !== null && !state.matches('confirming'));
      if (state.matches('ready') && !detailOpen) {
        // /mytrip shows the Trips Collection, or the empty state with the search-accommodation button.
        if (count > 0) expect(within(document.querySelector('.my-trip__order') as HTMLElement).getAllByRole('listitem', ALL).length).toBeGreaterThanOrEqual(count);
        else expect(screen.getByText('Your Trips Collection is empty.')).toBeTruthy();
      }
    },
    stop: () => {
      disconnect();
      site?.unmount();
      document.removeEventListener(ORDER_UPDATED_EVENT, onUpdated);
      history.replaceState(null, '', '/');
    },
  };
}

const titleOf = (mode: OrderMode, path: PlannedPath<OrderSnapshot, OrderEvent>) => {
  const events = path.steps.slice(1).map((step) => (step.event as Partial<ModelEvent>).via);
  const end = JSON.stringify(path.state.value);
  return `${mode}: ${events.length ? `reaches ${end}: ${events.join(' → ')}` : `starts in ${end}`}`;
};

describe('Trips Collection machine, walked through the order widget, its modals, /mytrip, a pricing offer row and the order wiring', () => {
  afterAll(() => {
    coverage.write();
  });

  for (const mode of ['local', 'session'] as const) {
    const paths = planPaths(modelFor(mode), orderMachine);
    it.each(paths.map((path) => [titleOf(mode, path), path] as const))('%s', async (_title, path) => {
      await runPath(path, coverage, orderDriver(mode));
    });
  }
});
