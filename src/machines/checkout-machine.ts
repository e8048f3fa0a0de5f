import { assign, emit, setup } from 'xstate';
import type { CheckoutQuote } from '@/domain/checkout/checkout';
import type { Order } from '@/domain/order/order';
import type { PriceChange } from '@/domain/order/verification';

/** The checkout form's fields as sent (a form's entries: name → value). */
export type CheckoutFields = Record<string, string>;

export interface CheckoutContext {
  /** One random key per checkout, sent again unchanged with every retry (issue 13). */
  key: string;
  order: Order | null;
  /** The insurance state the checkout knows of (chosen with the state trigger, or sent with the form). */
  province: string | null;
  /** What the last price check changed. */
  changes: PriceChange[];
  quote: CheckoutQuote | null;
  /** The fields' messages from the server's last answer (400), by field name. */
  errors: Record<string, string>;
  /** What the last submit answered when it booked nothing (402, 409, 503, …), or null. */
  problem: string | null;
  /** The confirmation page, once booked. */
  url: string | null;
}

export type CheckoutEvent =
  /** The Trips Collection is loaded and has line items: its prices are checked. */
  | { type: 'checkout.order.ready'; order: Order }
  | { type: 'checkout.verified'; order: Order; changes: PriceChange[]; quote: CheckoutQuote | null }
  | { type: 'checkout.verify.failed'; message: string }
  /** The insurance state was chosen: the protection on offer is asked for again. */
  | { type: 'checkout.province.chosen'; province: string }
  | { type: 'checkout.submitted'; fields: CheckoutFields }
  | { type: 'checkout.booked'; url: string }
  | { type: 'checkout.invalid'; message: string; errors: Record<string, string> }
  | { type: 'checkout.prices.changed'; message: string; order: Order; changes: PriceChange[]; quote: CheckoutQuote | null }
  | { type: 'checkout.refused'; message: string };

export type CheckoutEmitted =
  | { type: 'checkout.verify'; order: Order }
  | { type: 'checkout.verify.failure.logged'; message: string }
  /** A corrected order replaces the visitor's (saved, sent to other tabs). */
  | { type: 'checkout.order.replace'; order: Order }
  | { type: 'checkout.submit'; fields: CheckoutFields; key: string }
  /** Booked: the Trips Collection is emptied and the confirmation page opens. */
  | { type: 'checkout.done'; url: string };

const NONE: Record<string, string> = {};

/**
 * Checkout (issue 13): once the Trips Collection is loaded its prices and the protection on offer
 * are checked with the server (again when the insurance state is chosen); the form is then sent
 * with one idempotency key per checkout. A 400 puts each message beside its field (and, when it
 * asks for a protection answer, checks what is on offer again), a 409 with
 * new prices applies the corrected order and quote, any other refusal (declined payment, stay just
 * taken, provider down, network) is said and nothing changes; success empties the Trips Collection
 * and opens the confirmation page.
 */
export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, emitted: {} as CheckoutEmitted, input: {} as { key: string } },
  guards: {
    changed: ({ event }) => event.type === 'checkout.verified' && event.changes.length > 0,
    /** The server asks for a protection answer the page may not offer yet (the insurance state just chosen). */
    asksProtection: ({ event }) => event.type === 'checkout.invalid' && Object.keys(event.errors).some((name) => /^(ti|dp)(\[|$)|^province$/.test(name)),
  },
  actions: {
    keepProvince: assign(({ context, event }) => {
      if (event.type === 'checkout.province.chosen') return { province: event.province };
      if (event.type === 'checkout.submitted') return { province: event.fields.province || context.province };
      return {};
    }),
    takeOrder: assign(({ event }) => (event.type === 'checkout.order.ready' ? { order: event.order } : {})),
    askVerify: emit(({ context }) => ({ type: 'checkout.verify' as const, order: context.order as Order })),
    takeVerified: assign(({ event }) =>
      event.type === 'checkout.verified' || event.type === 'checkout.prices.changed' ? { order: event.order, changes: event.changes, quote: event.quote } : {},
    ),
    replaceOrder: emit(({ context }) => ({ type: 'checkout.order.replace' as const, order: context.order as Order })),
    logVerifyFailure: emit(({ event }) => ({ type: 'checkout.verify.failure.logged' as const, message: event.type === 'checkout.verify.failed' ? event.message : '' })),
    clearAnswer: assign({ errors: NONE, problem: null }),
    askSubmit: emit(({ context, event }) => ({ type: 'checkout.submit' as const, fields: event.type === 'checkout.submitted' ? event.fields : {}, key: context.key })),
    takeErrors: assign(({ event }) => (event.type === 'checkout.invalid' ? { errors: event.errors, problem: event.message } : {})),
    takeProblem: assign(({ event }) => (event.type === 'checkout.refused' || event.type === 'checkout.prices.changed' ? { problem: event.message } : {})),
    takeUrl: assign(({ event }) => (event.type === 'checkout.booked' ? { url: event.url } : {})),
    finish: emit(({ context }) => ({ type: 'checkout.done' as const, url: context.url as string })),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ key: input.key, order: null, province: null, changes: [], quote: null, errors: NONE, problem: null, url: null }),
  initial: 'waiting',
  states: {
    waiting: {
      on: { 'checkout.order.ready': { target: 'checking', actions: ['takeOrder', 'askVerify'] } },
    },
    checking: {
      tags: ['checking'],
      on: {
        'checkout.verified': [
          { guard: 'changed', target: 'ready.checked', actions: ['takeVerified', 'replaceOrder'] },
          { target: 'ready.checked', actions: 'takeVerified' },
        ],
        'checkout.verify.failed': { target: 'ready.unchecked', actions: 'logVerifyFailure' },
      },
    },
    ready: {
      initial: 'checked',
      on: {
        'checkout.province.chosen': { target: 'checking', actions: ['keepProvince', 'askVerify'] },
        'checkout.submitted': { target: 'submitting', actions: ['keepProvince', 'clearAnswer', 'askSubmit'] },
      },
      states: {
        /** The prices were checked (the quote is the server's). */
        checked: {},
        /** The check failed: the prices are checked again when the form is sent. */
        unchecked: {},
      },
    },
    submitting: {
      tags: ['submitting'],
      on: {
        'checkout.booked': { target: 'booked', actions: ['takeUrl', 'finish'] },
        'checkout.invalid': [
          { guard: 'asksProtection', target: 'checking', actions: ['takeErrors', 'askVerify'] },
          { target: 'ready.checked', actions: 'takeErrors' },
        ],
        'checkout.prices.changed': { target: 'ready.checked', actions: ['takeVerified', 'takeProblem', 'replaceOrder'] },
        'checkout.refused': { target: 'ready.checked', actions: 'takeProblem' },
      },
    },
    booked: { type: 'final' },
  },
});
