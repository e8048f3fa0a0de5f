import { createActor } from 'xstate';
import { orderContentMachine } from '@/machines/order-content-machine';
import { connectOrderContent } from './order-content-wiring';
import { defineLazyActor } from './site-actors';

/** The order detail's content actor (item pages and activities): made with the order detail. */
defineLazyActor('orderContent', {
  create: () => createActor(orderContentMachine),
  connect: (orderContent) => connectOrderContent(orderContent),
});
