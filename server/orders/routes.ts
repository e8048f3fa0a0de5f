/**
 * The Trips Collection on the server (spec §4 session mode, §7 Availability and Trips Collection):
 *
 *   GET  /rcapi/order/get                        → the session's order (the empty order without one)
 *   GET  /rcapi/order/add?{price qp}             → the order with the re-priced offer added
 *   GET  /rcapi/order/remove?index=ind-N         → the order without that line item
 *   POST /rescms/order/share (url, hash, order)  → { form, url }: the share form and the short URL
 *   POST /rcapi/order/verify ({ order, province }) → { order, changes, checkout }: every line item re-priced before
 *                                                  checkout, with its protection and payments (server/checkout/quote.ts)
 *   GET  /rescms/order/shorturl/{code}           → the shared order at today's prices, base64 (text/plain);
 *                                                  with Accept: application/json { order, changes }
 *   POST /rescms/order/share/send                → the share form without script (with script it goes through
 *                                                  POST /system/ajax, shareAjaxForm below): checked, the sender kept
 *                                                  as a lead, and the email to the friend made ready for the
 *                                                  visitor's own email app (share-send.ts: the site sends none)
 *   POST /rescms/page/share (path)               → { form, url }: the share-this-page form and the page's short URL
 *                                                  (SHARE_QUOTA new links a client a day, SHARE_DAYS unused and it goes)
 *   GET  /s/{code}                               → 302 to the page a short link stands for
 *
 * The session is an unguessable id in a signed HttpOnly cookie (SameSite=Lax, Secure behind
 * HTTPS). A price sent by the client is never trusted: add re-prices its query params through
 * the pricing engine, and so does a share, which keeps only what names each offer and is priced
 * again when opened (an offer no longer available is said so, not dropped in silence). Share
 * links are built on the public origin, never the Host header. Requests that change state are
 * checked and limited by server/security (add and remove are GET, so they say `mutates`).
 * Bad input answers 400 with a message; nothing here answers 500 for it.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addLineItem, decodeOrder, emptyOrder, encodeOrder, hasLineItems, lineItems, MAX_LINE_ITEMS, MAX_ORDER_BASE64, MAX_ORDER_JSON, parseOrder, removeLineItem, type Order } from '../../src/domain/order/order.ts';
import { parseNestedQuery, toQueryString } from '../../src/domain/pricing/query.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import { rawQueryOf } from '../pricing/routes.ts';
import { checkoutQuote, insuranceFor, PROVINCE_COOKIE, readProvince } from '../checkout/quote.ts';
import { offerLabel, priceSharedItems, verifyOrder, type OrderPricing } from './order-pricing.ts';
import { sendProblem } from '../security/error-page.ts';
import { publicUrl } from '../security/origins.ts';
import { clientKey } from '../security/rate-limits.ts';
import { newSessionId, SESSION_DAYS, SHARE_CODE, type OrderStore, type SharedItem } from './order-store.ts';
import { SHARE_FORM_CALLBACK, SHARE_FORM_ID, SHARE_FORM_MESSAGES_ID, SHARE_SEND_PATH, shareEmailReadyHtml, shareFormHtml } from './share-form.ts';
import type { CaptchaVerifier } from '../captcha/verifier.ts';
import { escapeHtml } from '../html.ts';
import type { AjaxForm } from '../ajax/system-ajax.ts';
import { AjaxRefused } from '../ajax/system-ajax.ts';
import { isPagePath, type PageLinks } from './page-links.ts';
import { NO_CAPTCHA, NO_PAGE_LINKS, sendShare, ShareSendRefused, singleField, type ShareLinks, type ShareSendDeps } from './share-send.ts';
import { acceptFormBodies } from '../form-body.ts';
import { simplePageHtml } from '../security/error-page.ts';


/** Where a page's short link leads: GET {PAGE_LINK_PREFIX}{code}. */
export const PAGE_LINK_PREFIX = '/s/';

export const SESSION_COOKIE = 'rc_order_session';
const SESSION_ID = /^[A-Za-z0-9_-]{32}$/;
const LINE_KEY = /^ind-\d{1,4}$/;
/** The share post: the order's JSON and its base64 as form fields, URL-encoded (a full Trips Collection is about 40 KB). */
const SHARE_BODY_LIMIT = 4 * MAX_ORDER_BASE64;

export const PROVINCE_MESSAGE = "province must be the two-letter code of one of the site's insurance states (such as FL), or none.";

/** The body of POST /rcapi/order/verify: nothing but `order` and `province` (a message for anything else, else null). */
function verifyFieldError(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body !== 'object' || Array.isArray(body)) return 'Send { order, province } as a JSON object.';
  const other = Object.keys(body).find((name) => name !== 'order' && name !== 'province');
  return other === undefined ? null : `The field ${JSON.stringify(other.slice(0, 40))} is not taken here: send { order, province }.`;
}

class BadRequest extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
  }
}

export interface OrderRouteOptions {
  store: OrderStore;
  pricing: OrderPricing;
  settings: SiteSettings;
  /** PUBLIC_ORIGIN: the share links' origin. */
  publicOrigin: string;
  /** The captcha the share forms are checked with (server/captcha/verifier.ts); none asked without it. */
  captcha?: CaptchaVerifier;
  /** The pages' short links (the share-this-page modal); without them no page is shortened. */
  pageLinks?: PageLinks;
}

/** Too many shares from one client, or too many in all: 429 or 503 with Retry-After. */
class ShareRefused extends BadRequest {
  constructor(
    message: string,
    statusCode: number,
    readonly retryAfterSeconds: number,
  ) {
    super(message, statusCode);
  }
}

/** The visitor's order session id from its signed cookie, or null (none, tampered or malformed). */
export function orderSessionOf(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value !== null && SESSION_ID.test(unsigned.value) ? unsigned.value : null;
}

/**
 * The share forms through system/ajax (spec §7: form id bt-leads-share-submit-rc-core-order-share,
 * callback bt_leads_share_url_form_submit_ajax): sent, the form is replaced by the confirmation;
 * refused (400), the message is shown above the fields and the entries stay.
 */
export function shareAjaxForm(deps: ShareSendDeps): AjaxForm {
  return {
    callback: SHARE_FORM_CALLBACK,
    async submit(fields, request) {
      try {
        const { text, email } = await sendShare(fields, request.ip, deps);
        return [{ command: 'insert', method: 'replaceWith', selector: `#${SHARE_FORM_ID}`, data: shareEmailReadyHtml(text, email) }];
      } catch (error) {
        if (!(error instanceof ShareSendRefused)) throw error;
        throw new AjaxRefused(error.statusCode, [
          { command: 'insert', method: 'html', selector: `#${SHARE_FORM_MESSAGES_ID}`, data: `<p class="share-form__error" role="alert">${escapeHtml(error.message)}</p>` },
        ]);
      }
    },
  };
}

/** The links the share emails carry: the site's public address of the shared trip or page. */
export function shareLinksOf({ settings, publicOrigin }: Pick<OrderRouteOptions, 'settings' | 'publicOrigin'>): ShareLinks {
  return {
    siteName: settings.site.name,
    link: (target, fragment) => publicUrl(publicOrigin, target.kind === 'order' ? `${settings.order.share_url}#short-url=${target.code}` : `${PAGE_LINK_PREFIX}${target.code}${fragment}`),
  };
}

export async function registerOrderRoutes(app: FastifyInstance, options: OrderRouteOptions): Promise<void> {
  const { store, pricing, settings, publicOrigin, captcha = NO_CAPTCHA, pageLinks = NO_PAGE_LINKS } = options;
  const sessionOf = orderSessionOf;
  const startSession = (request: FastifyRequest, reply: FastifyReply): string => {
    const id = newSessionId();
    reply.setCookie(SESSION_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      signed: true,
      maxAge: SESSION_DAYS * 86_400,
    });
    return id;
  };
  const answer = (reply: FastifyReply, order: Order) => {
    reply.header('cache-control', 'no-store');
    return order;
  };

  await app.register(async (scope) => {
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error instanceof BadRequest || error instanceof ShareSendRefused ? error.statusCode : (error.statusCode ?? 500);
      if (error instanceof ShareRefused) reply.header('retry-after', String(error.retryAfterSeconds));
      if (status >= 500) request.log.error({ err: error }, 'order request failed');
      const message = status >= 500 ? 'The Trips Collection is not available just now. Please try again.' : error.message;
      return reply.status(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
    });
    acceptFormBodies(scope, SHARE_BODY_LIMIT);
    // server/security: the `order` limit per client; add and remove change the order though they are GET (spec §7).
    const reads = { config: { limit: 'order' as const } };
    const changes = { config: { limit: 'order' as const, mutates: true } };

    scope.get('/rcapi/order/get', reads, async (request, reply) => {
      const session = sessionOf(request);
      return answer(reply, (session && (await store.load(session))) || emptyOrder());
    });

    scope.get('/rcapi/order/add', changes, async (request, reply) => {
      const raw = rawQueryOf(request.url);
      const parsed = parseNestedQuery(raw);
      if (!parsed.ok) throw new BadRequest(parsed.error);
      if (typeof parsed.value.rcav !== 'object' || Array.isArray(parsed.value.rcav)) throw new BadRequest('rcav is required: the query params of the price to add');
      const priced = await pricing.price(raw);
      if (!priced.ok) throw new BadRequest(priced.detail ?? priced.message);
      const session = sessionOf(request) ?? startSession(request, reply);
      let full = false;
      const order = await store.update(session, (current) => {
        const added = addLineItem(current, priced.price);
        full = added.key === null;
        return added.order;
      });
      if (full) throw new BadRequest(`The Trips Collection is full: it holds at most ${MAX_LINE_ITEMS} items.`, 409);
      return answer(reply, order);
    });

    scope.get<{ Querystring: Record<string, string | string[]> }>('/rcapi/order/remove', changes, async (request, reply) => {
      const index = request.query.index;
      if (typeof index !== 'string' || !LINE_KEY.test(index)) throw new BadRequest("index must be a line item key such as 'ind-0'");
      const session = sessionOf(request);
      if (!session) return answer(reply, emptyOrder());
      return answer(reply, await store.update(session, (current) => removeLineItem(current, index)));
    });

    // Before checkout every price is checked again (issue 5): a rate may have changed, or the
    // dates been booked meanwhile. The session's order when there is one, else the posted one.
    scope.post('/rcapi/order/verify', changes, async (request, reply) => {
      const unknown = verifyFieldError(request.body);
      if (unknown) throw new BadRequest(unknown);
      const session = sessionOf(request);
      const stored = session ? await store.load(session) : null;
      let order: Order;
      if (stored) {
        order = stored;
      } else {
        const body = request.body as { order?: unknown } | null;
        const parsed = parseOrder(body && typeof body === 'object' ? body.order : undefined);
        if (!parsed.ok) throw new BadRequest(parsed.error);
        order = parsed.value;
      }
      const { order: checked, changes, stays } = await verifyOrder(order, pricing);
      if (stored && session && changes.length > 0) await store.update(session, () => checked);
      reply.header('cache-control', 'no-store');
      // What checkout offers for it (issue 13): protection by line item for the guest's insurance
      // state (`province`, else the rcstate cookie), payment schedule and totals.
      // A province the body names must be one (a code of two letters, or none); a stale cookie is only left out.
      const body = request.body as { province?: unknown } | null;
      const given = body && typeof body === 'object' ? body.province : undefined;
      const province = readProvince(settings, given ?? request.cookies[PROVINCE_COOKIE]);
      if (given !== undefined && given !== null && !province.ok) throw new BadRequest(PROVINCE_MESSAGE);
      const checkout = checkoutQuote(checked, stays, settings.order.currency, insuranceFor(settings, province.ok ? province.province : null));
      return { order: checked, changes, checkout };
    });

    scope.post('/rescms/order/share', { bodyLimit: SHARE_BODY_LIMIT, config: { limit: 'share' } }, async (request, reply) => {
      if (!(request.body instanceof URLSearchParams)) throw new BadRequest('Send url, hash and order form-encoded (application/x-www-form-urlencoded)', 415);
      const fields = request.body;
      const path = singleField(fields, 'url', 200);
      if (!/^\/(?!\/)[A-Za-z0-9/_.~-]*$/.test(path)) throw new BadRequest('url must be a path of this site, such as /mytrip');
      const fromHash = decodeOrder(singleField(fields, 'hash', MAX_ORDER_BASE64), { maxLength: MAX_ORDER_BASE64 });
      if (!fromHash.ok) throw new BadRequest(fromHash.error);
      const text = singleField(fields, 'order', MAX_ORDER_JSON);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new BadRequest('order must be the order as JSON');
      }
      const fromJson = parseOrder(json);
      if (!fromJson.ok) throw new BadRequest(fromJson.error);
      if (JSON.stringify(fromJson.value) !== JSON.stringify(fromHash.value)) throw new BadRequest('The order and its hash do not match');
      if (!hasLineItems(fromJson.value)) throw new BadRequest('There is nothing to share: the Trips Collection is empty');
      // Only what names each offer is kept, priced by the engine now; the client's prices and texts are not.
      const items: SharedItem[] = [];
      const leftOut: string[] = [];
      for (const [, item] of lineItems(fromJson.value)) {
        const priced = await pricing.price(toQueryString(item.qp));
        if (priced.ok) items.push({ qp: priced.price.qp, p: priced.price.p, n: priced.price.n ?? `Item ${priced.price.eid}` });
        else leftOut.push(offerLabel({ qp: item.qp, p: item.p, n: item.n ?? `Item ${item.eid}` }));
      }
      if (items.length === 0) throw new BadRequest('None of the offers in this Trips Collection can be booked any more, so there is nothing to share.');
      const stored = await store.share(items, clientKey(request.ip));
      if (!stored.ok) {
        throw stored.reason === 'quota'
          ? new ShareRefused('You have shared many Trips Collections today: please use one of the links you already have, or try again later.', 429, stored.retryAfterSeconds)
          : new ShareRefused('Sharing is paused just now: too many shared Trips Collections are kept. Please try again later.', 503, stored.retryAfterSeconds);
      }
      const { code } = stored;
      const url = publicUrl(publicOrigin, `${path}#short-url=${code}`);
      reply.header('cache-control', 'no-store');
      return {
        form: shareFormHtml({ url, target: { kind: 'order', code }, fragment: `#short-url=${code}`, showUrl: settings.order.url_shortener_token === '', leftOut }),
        url,
      };
    });

    scope.get<{ Params: { code: string } }>('/rescms/order/shorturl/:code', { config: { limit: 'shorturl' } }, async (request, reply) => {
      const { code } = request.params;
      if (!SHARE_CODE.test(code)) throw new BadRequest('The short link code is not valid');
      const items = await store.shared(code);
      reply.header('cache-control', 'no-store');
      if (!items) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'This shared Trips Collection does not exist or has expired.' });
      // Today's prices: the friend sees what they would pay now, and what changed since.
      const { order, changes } = await priceSharedItems(items, pricing);
      if ((request.headers.accept ?? '').includes('application/json')) return { order: encodeOrder(order), changes };
      return reply.type('text/plain; charset=utf-8').send(encodeOrder(order));
    });

    scope.post(SHARE_SEND_PATH, { config: { limit: 'form' } }, async (request, reply) => {
      if (!(request.body instanceof URLSearchParams)) throw new BadRequest('Send the share form form-encoded (application/x-www-form-urlencoded)', 415);
      const { text, email, target, path } = await sendShare(request.body, request.ip, { store, pageLinks, captcha, links: shareLinksOf(options) });
      reply.header('cache-control', 'no-store');
      if ((request.headers.accept ?? '').includes('application/json')) return { message: text, mailto: email.mailto, link: email.link };
      // Without script: a page with the email ready in the visitor's email app, and the way back.
      const back = target.kind === 'order' ? `${settings.order.share_url}#short-url=${target.code}` : path;
      const title = target.kind === 'order' ? 'Share your Trips Collection' : 'Share this page';
      return reply
        .type('text/html; charset=utf-8')
        .send(simplePageHtml(title, `${shareEmailReadyHtml(text, email)}<p><a href="${escapeHtml(back)}">Back to the ${target.kind === 'order' ? 'Trips Collection' : 'page'}</a></p>`));
    });

    // The share-this-page modal (spec §2): the page's short link, made once per path and kept, and its share form.
    scope.post('/rescms/page/share', { config: { limit: 'share' } }, async (request, reply) => {
      if (!(request.body instanceof URLSearchParams)) throw new BadRequest('Send path form-encoded (application/x-www-form-urlencoded)', 415);
      const path = singleField(request.body, 'path', 500);
      if (!isPagePath(path)) throw new BadRequest('path must be a page of this site, such as /events');
      const shortened = await pageLinks.shorten(path, clientKey(request.ip));
      if (!shortened.ok) {
        throw shortened.reason === 'quota'
          ? new ShareRefused('You have shared many new pages today: please use one of the links you already have, or try again later.', 429, shortened.retryAfterSeconds)
          : new ShareRefused('Sharing is paused just now: too many page links are kept. Please try again later.', 503, shortened.retryAfterSeconds);
      }
      const { code } = shortened;
      const url = publicUrl(publicOrigin, `${PAGE_LINK_PREFIX}${code}`);
      reply.header('cache-control', 'no-store');
      return { form: shareFormHtml({ url, target: { kind: 'page', code }, fragment: '', showUrl: false }), url };
    });

    scope.get<{ Params: { code: string } }>(`${PAGE_LINK_PREFIX}:code`, { config: { limit: 'shorturl' } }, async (request, reply) => {
      const path = await pageLinks.resolve(request.params.code);
      if (path === null) return sendProblem(request, reply, 404, 'This short link does not exist.');
      return reply.header('cache-control', 'no-store').redirect(path, 302);
    });
  });
}
