/**
 * Checkout and booking on the server (issue 13):
 *
 *   GET  /rescms/order/provinces/{countryCode} → { code: name } (spec §7); {} for a country without
 *                                                 any; 400 for a code that is not two letters A-Z
 *   POST /rescms/order/checkout (JSON)          → 201 { code, url } | 400 { message, errors } | 402 | 409 | 422 | 429 | 503
 *   GET  /rescms/order/confirm/{code}/{token}   → the pay-later hold's page with its confirm button | 404
 *   POST /rescms/order/confirm/{code}/{token}   → 303 to the confirmation page | 404 | 409 (the nights were taken) | 410
 *
 * The confirmation page /rescms/order/confirmation/{code} is a page (src/app/routes.tsx) whose data
 * comes from the content source's confirmation(code). See docs/checkout.md.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { orderSessionOf } from '../orders/routes.ts';
import { confirmationPath, type CheckoutService } from './checkout-service.ts';
import { HOLD_PAGE_CSP, holdMessagePage, holdPage } from './hold-page.ts';
import { holdConfirmPath } from './holds.ts';
import { acceptFormBodies } from '../form-body.ts';
import { PROVINCE_COOKIE } from './quote.ts';

const COUNTRY = /^[A-Z]{2}$/;
/** The largest checkout body: 10 line items and the guest's fields fit in well under 32 KB. */
export const CHECKOUT_BODY_LIMIT = 64 * 1024;

export async function registerCheckoutRoutes(
  app: FastifyInstance,
  options: { checkout: CheckoutService; siteName?: string },
): Promise<void> {
  const { checkout } = options;
  const siteName = options.siteName ?? 'This site';
  const htmlPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-security-policy', HOLD_PAGE_CSP)
      // The form posts to this site: with no-referrer, Chromium sends `Origin: null`, which the cross-site check refuses.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html);
  const notFound = 'This confirm link is not one of ours, or it was mistyped. Please open the link from your email again.';
  await app.register(async (scope) => {
    // The hold page's Confirm button is a plain form post (its body is empty: code and token are in the path).
    acceptFormBodies(scope, 1024);
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
          clientIp: request.ip,
        });
        reply.header('cache-control', 'no-store');
        if (answer.status === 201) {
          if (answer.replayed) reply.header('idempotent-replayed', 'true');
          return reply.status(201).header('location', answer.body.url).send(answer.body);
        }
        return reply.status(answer.status).send({ statusCode: answer.status, error: STATUS_CODES[answer.status] ?? 'Error', ...answer.body });
      },
    );

    scope.get<{ Params: { code: string; token: string } }>('/rescms/order/confirm/:code/:token', { config: { limit: 'content' } }, async (request, reply) => {
      const { code, token } = request.params;
      const booking = await checkout.holdOf(code, token);
      if (!booking || !booking.hold) return htmlPage(reply, 404, holdMessagePage(siteName, 'Link not found', notFound));
      if (booking.status === 'cancelled') return htmlPage(reply, 410, holdMessagePage(siteName, 'Booking cancelled', 'This booking was cancelled.'));
      if (booking.hold.state === 'confirmed') return reply.status(303).header('cache-control', 'no-store').redirect(confirmationPath(booking.code), 303);
      return htmlPage(reply, 200, holdPage(siteName, booking, holdConfirmPath(booking.code, token)));
    });

    scope.post<{ Params: { code: string; token: string } }>('/rescms/order/confirm/:code/:token', { bodyLimit: 1024, config: { limit: 'form' } }, async (request, reply) => {
      const { code, token } = request.params;
      const result = await checkout.confirmHold(code, { guest: token });
      switch (result.status) {
        case 'confirmed':
        case 'confirmed-late':
        case 'already':
          return reply.header('cache-control', 'no-store').redirect(confirmationPath(result.code), 303);
        case 'taken':
          return htmlPage(
            reply,
            409,
            holdMessagePage(siteName, 'These nights are taken', 'The time your booking was held for has passed, and someone else has booked some of its nights since. Nothing was booked and nothing was charged; please choose other dates on our website.'),
          );
        case 'cancelled':
          return htmlPage(reply, 410, holdMessagePage(siteName, 'Booking cancelled', 'This booking was cancelled.'));
        default:
          return htmlPage(reply, 404, holdMessagePage(siteName, 'Link not found', notFound));
      }
    });
  });
}
