import { createActor, type Actor } from 'xstate';
import type { PageSettings } from '@/domain/settings';
import type { analyticsMachine } from '@/machines/analytics-machine';
import type { availabilityMachine } from '@/machines/availability-machine';
import type { availabilityModalMachine } from '@/machines/availability-modal-machine';
import type { checkoutMachine } from '@/machines/checkout-machine';
import type { consentMachine } from '@/machines/consent-machine';
import type { countrySelectMachine } from '@/machines/country-select-machine';
import { favouritesDropdownMachine } from '@/machines/favourites-dropdown-machine';
import { favouritesMachine } from '@/machines/favourites-machine';
import { headerMachine } from '@/machines/header-machine';
import type { insuranceStateMachine } from '@/machines/insurance-state-machine';
import type { jumpMenuMachine } from '@/machines/jump-menu-machine';
import type { bookedRangesMachine } from '@/machines/booked-ranges-machine';
import { menuMachine } from '@/machines/menu-machine';
import type { orderContentMachine } from '@/machines/order-content-machine';
import { orderMachine } from '@/machines/order-machine';
import type { paymentOptionMachine } from '@/machines/payment-option-machine';
import type { protectionDeclineMachine } from '@/machines/protection-decline-machine';
import type { quoteMachine } from '@/machines/quote-machine';
import { searchPanelMachine } from '@/machines/search-panel-machine';
import type { shareOrderMachine } from '@/machines/share-order-machine';
import type { sharePageMachine } from '@/machines/share-page-machine';
import { statusMessagesMachine } from '@/machines/status-messages-machine';

/**
 * Actors of features not every page has (prices, their modals and quotes, sharing the Trips
 * Collection, the jump menus once used): made the first time a view asks for one. Their machines and effects load with
 * those views, not with every page (issue 10); the module that defines one registers it.
 */
export interface LazyActors {
  jumpMenu: Actor<typeof jumpMenuMachine>;
  availability: Actor<typeof availabilityMachine>;
  availabilityModal: Actor<typeof availabilityModalMachine>;
  quote: Actor<typeof quoteMachine>;
  shareOrder: Actor<typeof shareOrderMachine>;
  sharePage: Actor<typeof sharePageMachine>;
  orderContent: Actor<typeof orderContentMachine>;
  bookedRanges: Actor<typeof bookedRangesMachine>;
  checkout: Actor<typeof checkoutMachine>;
  countrySelect: Actor<typeof countrySelectMachine>;
  paymentOption: Actor<typeof paymentOptionMachine>;
  protectionDecline: Actor<typeof protectionDeclineMachine>;
  insuranceState: Actor<typeof insuranceStateMachine>;
  consent: Actor<typeof consentMachine>;
  analytics: Actor<typeof analyticsMachine>;
}
export type LazyActorKey = keyof LazyActors;
export const LAZY_KEYS: readonly LazyActorKey[] = ['jumpMenu', 'availability', 'availabilityModal', 'quote', 'shareOrder', 'sharePage', 'orderContent', 'bookedRanges', 'checkout', 'countrySelect', 'paymentOption', 'protectionDecline', 'insuranceState', 'consent', 'analytics'];

export interface LazyActorDefinition<K extends LazyActorKey> {
  /** Creates (not yet started) the actor for this page. */
  create: (page: PageSettings, origin: string) => LazyActors[K];
  /** In the browser: connects the started actor to its effects; returns the disposer. */
  connect?: (actor: LazyActors[K], actors: SiteActors, page: PageSettings) => () => void;
}

const definitions: { [K in LazyActorKey]?: LazyActorDefinition<K> } = {};

/** Registers how a lazy actor is made (once, by the module its views import). */
export function defineLazyActor<K extends LazyActorKey>(key: K, definition: LazyActorDefinition<K>): void {
  (definitions as Record<K, LazyActorDefinition<K>>)[key] ??= definition;
}

interface LazyState {
  page: PageSettings;
  origin: string;
  made: Partial<LazyActors>;
  /** Set in the browser (wireEffects): actors are connected as they are made. */
  connected: boolean;
  disposers: Array<() => void>;
  listeners: Set<() => void>;
}

const lazyStates = new WeakMap<object, LazyState>();

function createCoreActors(page: PageSettings) {
  return {
    favourites: createActor(favouritesMachine, {
      input: { namespace: page.settings.flag.namespace, items: page.flagged },
    }),
    favouritesDropdown: createActor(favouritesDropdownMachine, { input: { items: page.flagged } }),
    header: createActor(headerMachine),
    searchPanel: createActor(searchPanelMachine),
    menu: createActor(menuMachine),
    statusMessages: createActor(statusMessagesMachine, { input: { messages: page.messages } }),
    order: createActor(orderMachine, { input: { mode: page.settings.order.mode } }),
  };
}

export type SiteActors = ReturnType<typeof createCoreActors> & LazyActors;

function make<K extends LazyActorKey>(site: SiteActors, state: LazyState, key: K): LazyActors[K] {
  const existing = state.made[key];
  if (existing) return existing;
  const definition = definitions[key] as LazyActorDefinition<K> | undefined;
  if (!definition) throw new Error(`No actor '${key}' is defined: import the module that defines it before using it`);
  const actor = definition.create(state.page, state.origin);
  actor.start();
  state.made[key] = actor;
  if (state.connected && definition.connect) state.disposers.push(definition.connect(actor, site, state.page));
  // Made while a view renders: those who wait for it hear of it after that render.
  queueMicrotask(() => state.listeners.forEach((listener) => listener()));
  return actor;
}

/** The page's actors, created once per page (and once per request on the server). */
export function createSiteActors(page: PageSettings, origin: string): SiteActors {
  const core = createCoreActors(page);
  for (const actor of Object.values(core)) actor.start();
  const site = core as SiteActors;
  const state: LazyState = { page, origin, made: {}, connected: false, disposers: [], listeners: new Set() };
  lazyStates.set(site, state);
  for (const key of LAZY_KEYS) {
    Object.defineProperty(site, key, { enumerable: false, configurable: true, get: () => make(site, state, key) });
  }
  return site;
}

function stateOf(actors: SiteActors): LazyState {
  const state = lazyStates.get(actors);
  if (!state) throw new Error('These actors were not made by createSiteActors');
  return state;
}

/** A lazy actor if it has been made (without making it), else undefined. */
export function madeActor<K extends LazyActorKey>(actors: SiteActors, key: K): LazyActors[K] | undefined {
  return stateOf(actors).made[key];
}

/** Hears when a lazy actor is made. */
export function subscribeToMadeActors(actors: SiteActors, listener: () => void): () => void {
  const { listeners } = stateOf(actors);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Hands in an actor for a lazy key (tests inspect the one under test). It is connected as a
 * made one would be.
 */
export function provideActor<K extends LazyActorKey>(actors: SiteActors, key: K, actor: LazyActors[K]): void {
  const state = stateOf(actors);
  state.made[key] = actor;
  const definition = definitions[key] as LazyActorDefinition<K> | undefined;
  if (state.connected && definition?.connect) state.disposers.push(definition.connect(actor, actors, state.page));
  state.listeners.forEach((listener) => listener());
}

/** In the browser: lazy actors made so far, and all made later, are connected to their effects. */
export function connectLazyActors(actors: SiteActors): () => void {
  const state = stateOf(actors);
  state.connected = true;
  for (const key of LAZY_KEYS) {
    const actor = state.made[key];
    const definition = definitions[key] as LazyActorDefinition<typeof key> | undefined;
    if (actor && definition?.connect) state.disposers.push((definition.connect as LazyActorDefinition<LazyActorKey>['connect'])!(actor as never, actors, state.page));
  }
  return () => {
    state.connected = false;
    state.disposers.splice(0).forEach((dispose) => dispose());
  };
}

export function stopSiteActors(actors: SiteActors): void {
  const state = lazyStates.get(actors);
  state?.disposers.splice(0).forEach((dispose) => dispose());
  for (const actor of Object.values(actors)) actor.stop();
  for (const actor of Object.values(state?.made ?? {})) actor.stop();
}
