import { createActor } from 'xstate';
import { shareOrderMachine } from '@/machines/share-order-machine';
import { connectShareOrder } from './share-wiring';
import { defineLazyActor } from './site-actors';

/** The Share button's actor (spec §4): made with the order detail that shows the button. */
defineLazyActor('shareOrder', {
  create: () => createActor(shareOrderMachine),
  connect: (shareOrder, actors, page) => connectShareOrder({ shareOrder, order: actors.order }, page),
});
