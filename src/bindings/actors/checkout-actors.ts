import { createActor } from 'xstate';
import { checkoutMachine } from '@/machines/checkout-machine';
import { countrySelectMachine } from '@/machines/country-select-machine';
import { paymentOptionMachine } from '@/machines/payment-option-machine';
import { protectionDeclineMachine } from '@/machines/protection-decline-machine';
import { connectCheckout, connectCountrySelect, connectProtection, newIdempotencyKey } from './checkout-wiring';
// The checkout's actor hears the insurance state's (connectCheckout): its definition comes first.
import './insurance-state-actors';
import { defineLazyActor } from './site-actors';

/*
 * The checkout page's actors (issue 13), made when its form is shown: their machines and effects
 * come with the form's module, not with every page.
 */
defineLazyActor('checkout', {
  create: () => createActor(checkoutMachine, { input: { key: newIdempotencyKey() } }),
  connect: (checkout, actors, page) => connectCheckout(checkout, actors, page),
});
defineLazyActor('countrySelect', { create: () => createActor(countrySelectMachine), connect: connectCountrySelect });
defineLazyActor('paymentOption', { create: () => createActor(paymentOptionMachine) });
defineLazyActor('protectionDecline', { create: () => createActor(protectionDeclineMachine), connect: connectProtection });
