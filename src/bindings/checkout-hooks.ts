import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { checkoutTotals, type ProtectionKind, type ProtectionValue } from '@/domain/checkout/checkout';
import type { CheckoutFields } from '@/machines/checkout-machine';
import type { captchaMachine } from '@/machines/captcha-machine';
import { ASYNC_SUBMITTED_EVENT } from '@/domain/lead-forms';
import { attachCaptchaOnDemand } from './captcha-on-demand';
import { useSiteActors } from './site-context';
import './actors/checkout-actors';

/** The price check and the submit of the checkout (issue 13). */
export function useCheckout() {
  const { checkout } = useSiteActors();
  const state = useSelector(checkout, (s) => (s.matches('waiting') ? 'idle' : s.matches('checking') ? 'checking' : s.matches({ ready: 'unchecked' }) ? 'failed' : 'checked'));
  const changes = useSelector(checkout, (s) => s.context.changes);
  const quote = useSelector(checkout, (s) => s.context.quote);
  const errors = useSelector(checkout, (s) => s.context.errors);
  const problem = useSelector(checkout, (s) => s.context.problem);
  const submitting = useSelector(checkout, (s) => s.hasTag('submitting') || s.matches('booked'));
  const booked = useSelector(checkout, (s) => s.matches('booked'));
  const submit = useCallback((fields: CheckoutFields) => checkout.send({ type: 'checkout.submitted', fields }), [checkout]);
  // Until the first check has answered only its status shows: the stays, their protection and the
  // form then come at once, so nothing on the page moves (CLS).
  const firstCheck = useSelector(checkout, (s) => s.matches('waiting') || (s.matches('checking') && s.context.quote === null && Object.keys(s.context.errors).length === 0));
  return {
    state,
    changes,
    quote,
    errors,
    problem,
    submitting,
    booked,
    firstCheck,
    submit,
  };
}

/** The country select and its state select (spec §5 Country select, §8). */
export function useCountrySelect() {
  const { countrySelect } = useSiteActors();
  const state = useSelector(countrySelect, (s) => s.value as 'none' | 'loading' | 'loaded' | 'failed');
  const country = useSelector(countrySelect, (s) => s.context.country);
  const provinces = useSelector(countrySelect, (s) => s.context.provinces);
  return { state, country, provinces, choose: (value: string) => countrySelect.send({ type: 'country.chosen', country: value }) };
}

/** The payment option (spec §4 Payment option): 'sps' texts and the copy with cc or ach, 'later' texts otherwise. */
export function usePaymentOption() {
  const { paymentOption } = useSiteActors();
  const paysNow = useSelector(paymentOption, (s) => s.matches('now'));
  const option = useSelector(paymentOption, (s) => s.context.option);
  const needsCaptcha = useSelector(paymentOption, (s) => s.hasTag('captcha'));
  return { paysNow, needsCaptcha, option, choose: (value: string) => paymentOption.send({ type: 'payment.option.chosen', option: value }) };
}

/** Trip insurance and damage protection answers, and the decline dialog (spec §4). */
export function useProtection() {
  const { protectionDecline } = useSiteActors();
  const choices = useSelector(protectionDecline, (s) => s.context.choices);
  const pending = useSelector(protectionDecline, (s) => (s.matches('asking') ? s.context.pending : null));
  return {
    choices,
    pending,
    attempt: (key: string, kind: ProtectionKind, value: ProtectionValue) => protectionDecline.send({ type: 'protection.attempted', key, kind, value }),
    decline: () => protectionDecline.send({ type: 'protection.declined' }),
    accept: () => protectionDecline.send({ type: 'protection.accepted' }),
    dismiss: () => protectionDecline.send({ type: 'protection.dismissed' }),
  };
}

/** The totals with the protection accepted, as the server counts them. */
export function useCheckoutTotals() {
  const { quote } = useCheckout();
  const { choices } = useProtection();
  return quote ? checkoutTotals(quote, choices) : null;
}

/**
 * The checkout's captcha while pay later is chosen (the payment option machine's 'captcha' tag):
 * protectWithCaptcha attaches the captcha machine to the form (loaded on demand, never in the
 * page's first script) and detaches it when another option is chosen. When a submit has been
 * answered (`submitting` false again) the captcha is told, as a lead form's is: a token passes
 * once, so the next submit solves it again (the captcha machine ignores it in other states).
 */
export function useCheckoutCaptcha(form: RefObject<HTMLFormElement | null>, needed: boolean, submitting: boolean): ActorRefFrom<typeof captchaMachine> | null {
  const [actor, setActor] = useState<ActorRefFrom<typeof captchaMachine> | null>(null);
  useEffect(() => {
    const element = form.current;
    if (!needed || !element) return undefined;
    return attachCaptchaOnDemand(element, { guard: false, what: 'The checkout' }, setActor);
  }, [form, needed]);
  useEffect(() => {
    if (!submitting) form.current?.dispatchEvent(new Event(ASYNC_SUBMITTED_EVENT));
  }, [form, submitting]);
  return actor;
}
