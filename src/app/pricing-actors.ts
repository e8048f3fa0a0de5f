import { createActor } from 'xstate';
import { availabilityMachine } from '@/machines/availability-machine';
import { availabilityModalMachine } from '@/machines/availability-modal-machine';
import { quoteMachine } from '@/machines/quote-machine';
import { connectAvailability, connectAvailabilityModal, connectQuote } from './pricing-wiring';
import { defineLazyActor } from './site-actors';

/**
 * The actors of availability pricing (spec §2, §4): the availability search, the pricing modals
 * and the Detailed Quote. Made on the pages that show prices or offers, with their views.
 * When the Trips Collection closes every modal (order.modals.close), theirs close too.
 */
defineLazyActor('availability', {
  create: (page) => createActor(availabilityMachine, { input: { reduction: page.settings.pricing.reduction } }),
  connect: (availability) => connectAvailability({ availability }),
});

defineLazyActor('availabilityModal', {
  create: (page) => createActor(availabilityModalMachine, { input: { triggerOrder: page.settings.order.trigger_order } }),
  connect: (availabilityModal, actors) => {
    const disconnect = connectAvailabilityModal(availabilityModal);
    const close = actors.order.on('order.modals.close', () => availabilityModal.send({ type: 'pricing.modal.closed' }));
    return () => {
      disconnect();
      close.unsubscribe();
    };
  },
});

defineLazyActor('quote', {
  create: () => createActor(quoteMachine),
  connect: (quote, actors, page) => {
    const disconnect = connectQuote(quote, page);
    const close = actors.order.on('order.modals.close', () => quote.send({ type: 'quote.closed' }));
    return () => {
      disconnect();
      close.unsubscribe();
    };
  },
});
