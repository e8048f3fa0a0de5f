/**
 * Payments at checkout. No card or bank number ever reaches this server: the checkout page gets a
 * token from the payment provider's own form and posts only that token; the server asks the
 * provider to charge it. The embedded default is a TEST provider that moves no money.
 *
 * A site owner plugs in a real provider with PAYMENT_PROVIDER_MODULE=/path/to/provider.js, a module
 * whose `createPaymentProvider(env)` returns a PaymentProvider (see docs/checkout.md, Payments).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type PaymentMethod = 'cc' | 'ach';

export interface ChargeRequest {
  /** The provider's token for the card or bank account (never the number itself). */
  token: string;
  method: PaymentMethod;
  amountCents: number;
  /** ISO 4217, e.g. 'USD'. */
  currency: string;
  /** The booking code, for the provider's records. */
  reference: string;
  /** The checkout's idempotency key: a provider that supports it charges a retried request once. */
  idempotencyKey: string;
  description: string;
  email: string;
}

export type ChargeResult = { ok: true; id: string } | { ok: false; message: string };

/** Test tokens of the test provider, offered by the checkout page when it is in use. */
export interface TestToken {
  token: string;
  label: string;
}

export interface PaymentProvider {
  /** Stored with each booking, e.g. 'test', 'stripe'. */
  readonly name: string;
  /** Shown to guests, e.g. 'Test payments: no money is taken'. */
  readonly label: string;
  /** True for a provider that moves no money (shown on the checkout and confirmation pages). */
  readonly test: boolean;
  /** Tokens a guest may use with a test provider; empty for a real one. */
  readonly testTokens: readonly TestToken[];
  /**
   * Takes the payment. A decline resolves `{ ok: false, message }` (said to the guest: nothing is
   * booked); a provider that cannot be reached rejects (the checkout answers 503, nothing booked).
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a charge back in full: used when a booking cannot be saved after its payment was taken. */
  refund(chargeId: string): Promise<void>;
}

export const TEST_TOKENS = {
  success: 'tok_test_success',
  declined: 'tok_test_declined',
  insufficientFunds: 'tok_test_insufficient_funds',
  /** The provider does not answer (rejects): for testing that nothing is booked then. */
  unavailable: 'tok_test_unavailable',
} as const;

/**
 * The built-in test provider: 'tok_test_success' is charged, 'tok_test_declined' and
 * 'tok_test_insufficient_funds' are declined, 'tok_test_unavailable' fails as an unreachable
 * provider, and any other token is declined as not valid. It takes no money.
 */
export function createTestPaymentProvider(): PaymentProvider & { charges: ReadonlyMap<string, ChargeRequest & { refunded: boolean }> } {
  const charges = new Map<string, ChargeRequest & { refunded: boolean }>();
  const byKey = new Map<string, string>();
  return {
    name: 'test',
    label: 'Test payments: no money is taken',
    test: true,
    testTokens: [
      { token: TEST_TOKENS.success, label: 'Test card or account that is accepted' },
      { token: TEST_TOKENS.declined, label: 'Test card or account that is declined' },
    ],
    charges,
    async charge(request) {
      switch (request.token) {
        case TEST_TOKENS.success: {
          // Like a real provider, a retried request (same idempotency key) is charged once.
          const known = byKey.get(request.idempotencyKey);
          if (known) return { ok: true, id: known };
          const id = `ch_test_${crypto.randomBytes(12).toString('hex')}`;
          charges.set(id, { ...request, refunded: false });
          byKey.set(request.idempotencyKey, id);
          return { ok: true, id };
        }
        case TEST_TOKENS.declined:
          return { ok: false, message: request.method === 'ach' ? 'Your bank declined the payment.' : 'Your card was declined.' };
        case TEST_TOKENS.insufficientFunds:
          return { ok: false, message: 'The payment was declined for insufficient funds.' };
        case TEST_TOKENS.unavailable:
          throw new Error('The test payment provider is unavailable (tok_test_unavailable)');
        default:
          return { ok: false, message: 'The payment details are not valid. Please enter them again.' };
      }
    },
    async refund(chargeId) {
      const charge = charges.get(chargeId);
      if (charge) charge.refunded = true;
    },
  };
}

function isProvider(value: unknown): value is PaymentProvider {
  const p = value as Partial<PaymentProvider> | null;
  return (
    typeof p === 'object' && p !== null && typeof p.name === 'string' && typeof p.label === 'string' && typeof p.charge === 'function' && typeof p.refund === 'function'
  );
}

/**
 * The payment provider of this server: the module of PAYMENT_PROVIDER_MODULE (its
 * `createPaymentProvider(env)`), or the test provider. A module that does not load or does not
 * give a provider stops the server with a message.
 */
export async function loadPaymentProvider(env: NodeJS.ProcessEnv = process.env): Promise<PaymentProvider> {
  const file = env.PAYMENT_PROVIDER_MODULE;
  if (!file) return createTestPaymentProvider();
  let module: { createPaymentProvider?: (env: NodeJS.ProcessEnv) => unknown };
  try {
    module = (await import(pathToFileURL(path.resolve(file)).href)) as typeof module;
  } catch (error) {
    throw new Error(`PAYMENT_PROVIDER_MODULE ${file} could not be loaded: ${(error as Error).message}`, { cause: error });
  }
  if (typeof module.createPaymentProvider !== 'function') throw new Error(`PAYMENT_PROVIDER_MODULE ${file} must export createPaymentProvider(env)`);
  const provider = { testTokens: [], test: false, ...((await module.createPaymentProvider(env)) as object) };
  if (!isProvider(provider)) throw new Error(`createPaymentProvider of ${file} must return { name, label, charge(request), refund(chargeId) }`);
  return provider;
}
