/**
 * Checkout and booking on the server (issue 13):
 *
 *   GET  /rescms/order/provinces/{countryCode} → { code: name } (spec §7); {} for a country without
 *                                                 any; 400 for a code that is not two letters A-Z
 *   POST /rescms/order/checkout (JSON)          → 201 { code, url } | 400 { message, errors } | 402 | 409 | 422 | 503
 *
 * The confirmation page /rescms/order/confirmation/{code} is a page (src/app/routes.tsx) whose data
 * comes from the content source's confirmation(code). See docs/checkout.md.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { orderSessionOf } from '../orders/routes.ts';
import type { CheckoutService } from './checkout-service.ts';
import { PROVINCE_COOKIE } from './quote.ts';

const COUNTRY = /^[A-Z]{2}$/;
/** The largest checkout body: 10 line items and the guest's fields fit in well under 32 KB. */
export const CHECKOUT_BODY_LIMIT = 64 * 1024;

export async function registerCheckoutRoutes(
  app: FastifyInstance,
  options: { checkout: CheckoutService },
): Promise<void> {
  const { checkout } = options;
  await app.register(async (scope) => {
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'checkout request failed');
      const message =
        status >= 500
          ? 'Booking is not available just now. Nothing was booked; please try again.'
          : status === 413
            ? 'The checkout is too large.'
            : status === 415
              ? 'Send the checkout as JSON (Content-Type: application/json).'
              : error.message;
      return reply.status(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
    });

    scope.get<{ Params: { country: string } }>('/rescms/order/provinces/:country', { config: { limit: 'content' } }, async (request, reply) => {
      const { country } = request.params;
      if (!COUNTRY.test(country)) {
        return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: 'The country code must be two capital letters A-Z, such as US.' });
      }
      reply.header('cache-control', 'public, max-age=3600');
      return checkout.provinces(country);
    });

    scope.post<{ Querystring: { province?: string } }>(
      '/rescms/order/checkout',
      { bodyLimit: CHECKOUT_BODY_LIMIT, config: { limit: 'checkout' } },
      async (request, reply) => {
        if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
          return reply.status(415).send({ statusCode: 415, error: STATUS_CODES[415], message: 'Send the checkout as JSON (Content-Type: application/json).' });
        }
        const header = request.headers['idempotency-key'];
        const answer = await checkout.checkout({
          body: request.body,
          idempotencyHeader: typeof header === 'string' ? header : undefined,
          queryProvince: typeof request.query.province === 'string' ? request.query.province : undefined,
          cookieProvince: request.cookies[PROVINCE_COOKIE],
          sessionId: orderSessionOf(request),
        });
        reply.header('cache-control', 'no-store');
        if (answer.status === 201) {
          if (answer.replayed) reply.header('idempotent-replayed', 'true');
          return reply.status(201).header('location', answer.body.url).send(answer.body);
        }
        return reply.status(answer.status).send({ statusCode: answer.status, error: STATUS_CODES[answer.status] ?? 'Error', ...answer.body });
      },
    );
  });
}
