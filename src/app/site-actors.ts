import { createActor } from 'xstate';
import type { PageSettings } from '@/domain/settings';
import { availabilityMachine } from '@/machines/availability-machine';
import { availabilityModalMachine } from '@/machines/availability-modal-machine';
import { favouritesDropdownMachine } from '@/machines/favourites-dropdown-machine';
import { favouritesMachine } from '@/machines/favourites-machine';
import { headerMachine } from '@/machines/header-machine';
import { jumpMenuMachine } from '@/machines/jump-menu-machine';
import { menuMachine } from '@/machines/menu-machine';
import { orderMachine } from '@/machines/order-machine';
import { quoteMachine } from '@/machines/quote-machine';
import { searchPanelMachine } from '@/machines/search-panel-machine';
import { shareOrderMachine } from '@/machines/share-order-machine';
import { statusMessagesMachine } from '@/machines/status-messages-machine';

/** The page's actors, created once per page (and once per request on the server). */
export function createSiteActors(page: PageSettings, origin: string) {
  const actors = {
    favourites: createActor(favouritesMachine, {
      input: { namespace: page.settings.flag.namespace, items: page.flagged },
    }),
    favouritesDropdown: createActor(favouritesDropdownMachine, { input: { items: page.flagged } }),
    header: createActor(headerMachine),
    searchPanel: createActor(searchPanelMachine),
    menu: createActor(menuMachine),
    statusMessages: createActor(statusMessagesMachine, { input: { messages: page.messages } }),
    jumpMenu: createActor(jumpMenuMachine, { input: { origin } }),
    availability: createActor(availabilityMachine, { input: { reduction: page.settings.pricing.reduction } }),
    availabilityModal: createActor(availabilityModalMachine, { input: { triggerOrder: page.settings.order.trigger_order } }),
    quote: createActor(quoteMachine),
    order: createActor(orderMachine, { input: { mode: page.settings.order.mode } }),
    shareOrder: createActor(shareOrderMachine),
  };
  for (const actor of Object.values(actors)) actor.start();
  return actors;
}

export type SiteActors = ReturnType<typeof createSiteActors>;

export function stopSiteActors(actors: SiteActors): void {
  for (const actor of Object.values(actors)) actor.stop();
}
