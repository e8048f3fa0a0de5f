/**
 * The listing review form's endpoint (issue 15 item 7):
 *
 *   POST /api/reviews (JSON { eid, rating, text, name, stayMonth, website, g-recaptcha-response })
 *     → 201 { message }                          stored pending moderation (committed first)
 *     → 400 { message, errors: { field: text } } a message per field (src/domain/review-form.ts)
 *     → 400 { message, captcha: true }           the captcha token was refused (server/captcha/verifier.ts)
 *     → 404 no such listing · 403 from another site · 429 over the `form` limit · 415 not JSON
 *
 * Cross-site refusal and the per-client `form` rate limit come from server/security (every POST
 * gets them). A filled honeypot field gets the same 201 and nothing is stored, so a bot learns
 * nothing. Text is kept as text: markup is never interpreted (React escapes it on the page).
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_REFUSED, type CaptchaVerifier } from '../captcha/verifier.ts';
import { CAPTCHA_RESPONSE_FIELD } from '../../src/domain/lead-forms.ts';
import { checkReview, REVIEW_HONEYPOT_FIELD, REVIEW_MESSAGES } from '../../src/domain/review-form.ts';
import type { ReviewStore } from './review-store.ts';
import { hasLineBreak, oneLineMessage } from '../security/text-input.ts';

export const REVIEW_PATH = '/api/reviews';
/** The captcha's form id for the review form. */
export const REVIEW_FORM_ID = 'listing-review-form';
/** The largest review body read: 2,000 characters of text (up to 4 bytes each) and the rest. */
const REVIEW_BODY_LIMIT = 16 * 1024;

export interface ReviewRouteOptions {
  store: ReviewStore;
  captcha: CaptchaVerifier;
  now?: () => Date;
}

const problem = (status: number, message: string, extra: object = {}) => ({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message, ...extra });

export async function registerReviewRoutes(app: FastifyInstance, options: ReviewRouteOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  app.post(REVIEW_PATH, { bodyLimit: REVIEW_BODY_LIMIT, config: { limit: 'form' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      return reply.status(415).send(problem(415, 'Send the review as JSON (Content-Type: application/json).'));
    }
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const honeypot = body[REVIEW_HONEYPOT_FIELD];
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      request.log.info('review form honeypot filled: dropped');
      return reply.status(201).send({ message: REVIEW_MESSAGES.sent });
    }
    const eid = typeof body.eid === 'number' ? body.eid : Number(body.eid);
    if (!Number.isSafeInteger(eid) || eid < 1 || eid > 2_147_483_647) return reply.status(400).send(problem(400, 'The listing is missing from the review.'));
    const checked = checkReview(body, now());
    // The name is one line (server/security/text-input.ts); the review's text keeps its line breaks.
    const nameBreaks = typeof body.name === 'string' && hasLineBreak(body.name.trim());
    if (!checked.ok || nameBreaks) {
      const errors = { ...(checked.ok ? {} : checked.errors), ...(nameBreaks ? { name: oneLineMessage('Your name') } : {}) };
      return reply.status(400).send(problem(400, 'Please check the fields marked.', { errors }));
    }
    const token = body[CAPTCHA_RESPONSE_FIELD];
    const verdict = await options.captcha.verify(typeof token === 'string' ? token : '', { ip: request.ip, formId: REVIEW_FORM_ID });
    if (!verdict.ok) {
      request.log.info({ reason: verdict.reason }, 'review captcha refused');
      return reply.status(400).send(problem(400, CAPTCHA_REFUSED, { captcha: true }));
    }
    // Answered only once the row is committed (kill -9 after this answer loses nothing).
    const stored = await options.store.submit(eid, checked.review);
    if (stored === 'no-listing') return reply.status(404).send(problem(404, 'That listing is not there any more.'));
    return reply.status(201).send({ message: REVIEW_MESSAGES.sent });
  });
}
