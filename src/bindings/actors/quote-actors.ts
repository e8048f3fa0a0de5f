import { createActor } from 'xstate';
import { quoteMachine } from '@/machines/quote-machine';
import { connectQuote } from './pricing-wiring';
import { defineLazyActor } from './site-actors';

/** The Detailed Quote's actor: made with the offers that have a Quote button (offer rows, the order detail). */
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
