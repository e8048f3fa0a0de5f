import { createActor } from 'xstate';
import { availabilityMachine } from '@/machines/availability-machine';
import { availabilityModalMachine } from '@/machines/availability-modal-machine';
import { connectAvailability, connectAvailabilityModal } from './pricing-wiring';
import { defineLazyActor } from './site-actors';

/**
 * The actors of availability pricing (spec §2, §4): the availability search and the pricing
 * modals (the Detailed Quote's is in quote-hooks.ts). Made on the pages that show prices, with
 * their views. When the Trips Collection closes every modal (order.modals.close), theirs closes too.
 */
defineLazyActor('availability', {
  create: (page) => createActor(availabilityMachine, { input: { reduction: page.settings.pricing.reduction } }),
  connect: (availability) => connectAvailability({ availability }),
});

defineLazyActor('availabilityModal', {
  create: (page) => createActor(availabilityModalMachine, { input: { triggerOrder: page.settings.order.trigger_order } }),
  connect: (availabilityModal, actors, page) => {
    const disconnect = connectAvailabilityModal(availabilityModal, page);
    const close = actors.order.on('order.modals.close', () => availabilityModal.send({ type: 'pricing.modal.closed' }));
    return () => {
      disconnect();
      close.unsubscribe();
    };
  },
});
