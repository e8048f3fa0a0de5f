import type { PageSettings } from '@/domain/settings';
import { emptyOrder, type Order } from '@/domain/order/order';
import { checkoutStepEvent } from '@/domain/analytics/products';
import { pagePath } from '@/effects/page-analytics';
import { CHECKOUT_PATH, requestProvinces, submitCheckout, verifyCheckout } from '@/effects/checkout';
import { latestRequest } from '@/effects/latest-request';
import { navigateTo } from '@/effects/navigation';
import { sendOfferAnalytics } from '../analytics-port';
import type { SiteActors } from './site-actors';

/** One random key per checkout (issue 13: sent again unchanged with a retry). */
export function newIdempotencyKey(): string {
  return `co_${crypto.randomUUID()}`;
}

const report = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The checkout's effects: once the Trips Collection is loaded with line items its prices are
 * checked; a corrected order replaces the visitor's; the form goes to the server with the order
 * (local mode) and the key; a booking empties the Trips Collection and opens the confirmation.
 */
export function connectCheckout(checkout: SiteActors['checkout'], actors: SiteActors, page: PageSettings): () => void {
  const { order } = actors;
  // Spec §3 checkout step: 1 when the checkout opens with the Trips Collection, 2 when the form is sent, 3 when booked.
  // Each names its rentals by their property codes, like their impressions (issue 22), in the order of the steps.
  const step = (number: number, stepOrder: Order | null) => {
    const stepped = stepOrder ?? order.getSnapshot().context.order;
    const page = pagePath();
    const at = Date.now();
    sendOfferAnalytics(actors, { eids: Object.values(stepped.lis).map((line) => line.eid), make: (idOf) => checkoutStepEvent(stepped, number, page, at, idOf) });
  };
  const verify = latestRequest();
  const submit = latestRequest();
  const whenLoaded = () => {
    const snapshot = order.getSnapshot();
    const settled = !snapshot.hasTag('pending') && !snapshot.hasTag('loading');
    if (settled && Object.keys(snapshot.context.order.lis).length > 0 && checkout.getSnapshot().matches('waiting')) {
      checkout.send({ type: 'checkout.order.ready', order: snapshot.context.order });
      step(1, snapshot.context.order);
    }
  };
  const subscriptions = [
    order.subscribe(whenLoaded),
    checkout.on('checkout.verify', ({ order: asked }) => {
      verify.run(verifyCheckout(asked), {
        next: (answer) => checkout.send({ type: 'checkout.verified', ...answer }),
        error: (error: unknown) => checkout.send({ type: 'checkout.verify.failed', message: report(error) }),
      });
    }),
    checkout.on('checkout.verify.failure.logged', ({ message }) => console.warn(`The prices could not be checked before checkout: ${message}`)),
    checkout.on('checkout.order.replace', ({ order: corrected }) => order.send({ type: 'order.update.received', order: corrected, showDetail: false })),
    checkout.on('checkout.submit', ({ fields, key }) => {
      step(2, checkout.getSnapshot().context.order);
      const local = page.settings.order.mode === 'local' ? (checkout.getSnapshot().context.order ?? order.getSnapshot().context.order) : null;
      // Spec §5: once the insurance state is known it goes with the form's action.
      const action = fields.province ? `${CHECKOUT_PATH}?province=${encodeURIComponent(fields.province)}` : CHECKOUT_PATH;
      submit.run(submitCheckout(fields, local, key, action), (answer) => {
        if (answer.kind === 'booked') checkout.send({ type: 'checkout.booked', url: answer.url });
        else if (answer.kind === 'invalid') checkout.send({ type: 'checkout.invalid', message: answer.message, errors: answer.errors });
        else if (answer.kind === 'prices_changed') checkout.send({ type: 'checkout.prices.changed', ...answer });
        else checkout.send({ type: 'checkout.refused', message: answer.message });
      });
    }),
    // Once the checkout's state trigger goes ahead, the protection on offer is asked for again for that state (spec §5).
    actors.insuranceState.on('state.proceed', ({ trigger, province }) => {
      if (trigger === 'state' && province) checkout.send({ type: 'checkout.province.chosen', province });
    }),
    checkout.on('checkout.done', ({ url }) => {
      step(3, checkout.getSnapshot().context.order);
      // The Trips Collection is booked: emptied here (local mode; the server emptied the session's) and in other tabs.
      order.send({ type: 'order.update.received', order: emptyOrder(), showDetail: false });
      navigateTo(url);
    }),
  ];
  whenLoaded();
  return () => {
    verify.cancel();
    submit.cancel();
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  };
}

/** The state select's options, loaded for each country chosen (the last one wins). */
export function connectCountrySelect(countrySelect: SiteActors['countrySelect']): () => void {
  const request = latestRequest();
  const subscriptions = [
    countrySelect.on('provinces.request', ({ country }) => {
      request.run(requestProvinces(country), {
        next: (provinces) => countrySelect.send({ type: 'provinces.loaded', country, provinces }),
        error: (error: unknown) => countrySelect.send({ type: 'provinces.failed', country, message: report(error) }),
      });
    }),
    countrySelect.on('provinces.failure.logged', ({ message }) => console.warn(`The states could not be loaded: ${message}`)),
  ];
  return () => {
    request.cancel();
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  };
}

/** The protection on offer follows the checkout quote. */
export function connectProtection(protection: SiteActors['protectionDecline'], actors: SiteActors): () => void {
  let last: unknown = null;
  const offer = () => {
    const quote = actors.checkout.getSnapshot().context.quote;
    if (!quote || quote === last) return;
    last = quote;
    protection.send({ type: 'protection.offered', items: quote.items.map((item) => ({ key: item.key, ti: item.ti?.choice ?? null, dp: item.dp?.choice ?? null })) });
  };
  const subscription = actors.checkout.subscribe(offer);
  offer();
  return () => subscription.unsubscribe();
}
