/**
 * The Trips Collection on the server (spec §4 session mode, §7 Availability and Trips Collection):
 *
 *   GET  /rcapi/order/get                        → the session's order (the empty order without one)
 *   GET  /rcapi/order/add?{price qp}             → the order with the re-priced offer added
 *   GET  /rcapi/order/remove?index=ind-N         → the order without that line item
 *   POST /rescms/order/share (url, hash, order)  → { form, url }: the share form and the short URL
 *   POST /rcapi/order/verify ({ order, province }) → { order, changes, checkout }: every line item re-priced before
 *                                                  checkout, with its protection and payments (server/checkout/quote.ts)
 *   GET  /rescms/order/shorturl/{code}           → the shared order, base64 (text/plain)
 *   POST /rescms/order/share/send                → sends the Trips Collection to someone (kept as a lead)
 *
 * The session is an unguessable id in a signed HttpOnly cookie (SameSite=Lax, Secure behind
 * HTTPS). A price sent by the client is never trusted: add re-prices its query params through
 * the pricing engine. Bad input answers 400 with a message; nothing here answers 500 for it.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toCents } from '../../src/domain/money.ts';
import { addLineItem, decodeOrder, emptyOrder, encodeOrder, hasLineItems, lineItems, MAX_LINE_ITEMS, MAX_SHARED_ORDER, parseOrder, removeLineItem, replaceLineItem, type Order } from '../../src/domain/order/order.ts';
import { parseNestedQuery, toQueryString } from '../../src/domain/pricing/query.ts';
import type { Price } from '../../src/domain/pricing/types.ts';
import type { PriceChange } from '../../src/domain/order/verification.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import { rawQueryOf } from '../pricing/routes.ts';
import { checkoutQuote, insuranceFor, PROVINCE_COOKIE, readProvince } from '../checkout/quote.ts';
import type { PricedStay } from './pricing-adapter.ts';
import { addStatusMessage } from '../status-messages.ts';
import { newSessionId, SESSION_DAYS, SHARE_CODE, type OrderStore } from './order-store.ts';
import { SHARE_SEND_PATH, shareFormHtml } from './share-form.ts';

export const SESSION_COOKIE = 'rc_order_session';
const SESSION_ID = /^[A-Za-z0-9_-]{32}$/;
const LINE_KEY = /^ind-\d{1,4}$/;
/** An email address as forms accept it. */
export const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const HOST = /^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](?::\d{1,5})?$/;

/**
 * Re-prices a price's query params with the pricing engine (the raw bracket-form query string).
 * `stay` carries the itemised quote and protection checkout needs; `reason` says why an offer
 * cannot be had ('input' for a query that is not valid, else the engine's problem, e.g. 'booked').
 */
export interface OrderPricing {
  price(rawQuery: string): Promise<{ ok: true; price: Price; stay?: PricedStay } | { ok: false; message: string; reason?: string }>;
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
}

function single(fields: URLSearchParams, name: string, max: number, { required = true } = {}): string {
  const values = fields.getAll(name);
  if (values.length > 1) throw new BadRequest(`${name} may be given only once`);
  const value = (values[0] ?? '').trim();
  if (required && value === '') throw new BadRequest(`${name} is required`);
  if (value.length > max) throw new BadRequest(`${name} must be at most ${max} characters`);
  return value;
}

/** The origin the visitor used (for the short URL), or a refusal when the Host header is malformed. */
function originOf(request: FastifyRequest): string {
  const host = request.host;
  if (!HOST.test(host)) throw new BadRequest('The Host header is not valid');
  return `${request.protocol}://${host}`;
}


export interface VerifiedOrder {
  order: Order;
  changes: PriceChange[];
  /** The priced stay of every line item still in the order, by key (when the pricing gives one). */
  stays: Map<string, PricedStay>;
  /** Why each removed line item can no longer be had, by key (see OrderPricing). */
  reasons: Map<string, string>;
}

/**
 * Re-prices every line item from its qp, in key order: a changed price replaces the line item,
 * an offer that can no longer be had is removed. Totals are recomputed to the cent.
 */
export async function verifyOrder(order: Order, pricing: OrderPricing): Promise<VerifiedOrder> {
  const changes: PriceChange[] = [];
  const stays = new Map<string, PricedStay>();
  const reasons = new Map<string, string>();
  let checked = order;
  for (const [key, item] of lineItems(order)) {
    const priced = await pricing.price(toQueryString(item.qp));
    const name = item.n ?? `Item ${item.eid}`;
    if (!priced.ok) {
      changes.push({ key, n: name, was: item.p, now: null, problem: priced.message });
      reasons.set(key, priced.reason ?? 'unavailable');
      checked = removeLineItem(checked, key);
      continue;
    }
    if (priced.stay) stays.set(key, priced.stay);
    if (toCents(priced.price.p) !== toCents(item.p)) {
      changes.push({ key, n: name, was: item.p, now: priced.price.p });
      checked = replaceLineItem(checked, key, priced.price);
    }
  }
  return { order: checked, changes, stays, reasons };
}

/** The visitor's order session id from its signed cookie, or null (none, tampered or malformed). */
export function orderSessionOf(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value !== null && SESSION_ID.test(unsigned.value) ? unsigned.value : null;
}

export async function registerOrderRoutes(app: FastifyInstance, { store, pricing, settings }: OrderRouteOptions): Promise<void> {
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
      const status = error instanceof BadRequest ? error.statusCode : (error.statusCode ?? 500);
      if (status >= 500) request.log.error({ err: error }, 'order request failed');
      const message = status >= 500 ? 'The Trips Collection is not available just now. Please try again.' : error.message;
      return reply.status(status).send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
    });
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_SHARED_ORDER * 4 }, (_request, body, done) =>
      done(null, new URLSearchParams(body as string)),
    );

    scope.get('/rcapi/order/get', async (request, reply) => {
      const session = sessionOf(request);
      return answer(reply, (session && (await store.load(session))) || emptyOrder());
    });

    scope.get('/rcapi/order/add', async (request, reply) => {
      const raw = rawQueryOf(request.url);
      const parsed = parseNestedQuery(raw);
      if (!parsed.ok) throw new BadRequest(parsed.error);
      if (typeof parsed.value.rcav !== 'object' || Array.isArray(parsed.value.rcav)) throw new BadRequest('rcav is required: the query params of the price to add');
      const priced = await pricing.price(raw);
      if (!priced.ok) throw new BadRequest(priced.message);
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

    scope.get<{ Querystring: Record<string, string | string[]> }>('/rcapi/order/remove', async (request, reply) => {
      const index = request.query.index;
      if (typeof index !== 'string' || !LINE_KEY.test(index)) throw new BadRequest("index must be a line item key such as 'ind-0'");
      const session = sessionOf(request);
      if (!session) return answer(reply, emptyOrder());
      return answer(reply, await store.update(session, (current) => removeLineItem(current, index)));
    });

    // Before checkout every price is checked again (issue 5): a rate may have changed, or the
    // dates been booked meanwhile. The session's order when there is one, else the posted one.
    scope.post('/rcapi/order/verify', async (request, reply) => {
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
      const body = request.body as { province?: unknown } | null;
      const province = readProvince(settings, (body && typeof body === 'object' ? body.province : undefined) ?? request.cookies[PROVINCE_COOKIE]);
      const checkout = checkoutQuote(checked, stays, settings.order.currency, insuranceFor(settings, province.ok ? province.province : null));
      return { order: checked, changes, checkout };
    });

    scope.post('/rescms/order/share', async (request, reply) => {
      if (!(request.body instanceof URLSearchParams)) throw new BadRequest('Send url, hash and order form-encoded (application/x-www-form-urlencoded)', 415);
      const fields = request.body;
      const path = single(fields, 'url', 200);
      if (!/^\/(?!\/)[A-Za-z0-9/_.~-]*$/.test(path)) throw new BadRequest('url must be a path of this site, such as /mytrip');
      const fromHash = decodeOrder(single(fields, 'hash', MAX_SHARED_ORDER));
      if (!fromHash.ok) throw new BadRequest(fromHash.error);
      const text = single(fields, 'order', MAX_SHARED_ORDER);
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
      const origin = originOf(request);
      const code = await store.share(fromJson.value);
      const url = `${origin}${path}#short-url=${code}`;
      reply.header('cache-control', 'no-store');
      return {
        form: shareFormHtml({ url, code, fragment: `#short-url=${code}`, texts: settings.order.share, showUrl: settings.order.url_shortener_token === '' }),
        url,
      };
    });

    scope.get<{ Params: { code: string } }>('/rescms/order/shorturl/:code', async (request, reply) => {
      const { code } = request.params;
      if (!SHARE_CODE.test(code)) throw new BadRequest('The short link code is not valid');
      const order = await store.shared(code);
      reply.header('cache-control', 'no-store');
      if (!order) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'This shared Trips Collection does not exist or has been removed.' });
      return reply.type('text/plain; charset=utf-8').send(encodeOrder(order));
    });

    scope.post(SHARE_SEND_PATH, async (request, reply) => {
      if (!(request.body instanceof URLSearchParams)) throw new BadRequest('Send the share form form-encoded (application/x-www-form-urlencoded)', 415);
      const fields = request.body;
      const code = single(fields, 'code', 32);
      if (!SHARE_CODE.test(code)) throw new BadRequest('The short link code is not valid');
      const name = single(fields, 'name', 100);
      const email = single(fields, 'email', 200);
      const to = single(fields, 'to', 200);
      const message = single(fields, 'message', 1000, { required: false });
      single(fields, 'fragment', 100, { required: false });
      single(fields, 'g-recaptcha-response', 4000, { required: false });
      if (!EMAIL.test(email)) throw new BadRequest('Your email address is not valid');
      if (!EMAIL.test(to)) throw new BadRequest('The email address to send to is not valid');
      // Spec §8: the opt-in must be accepted.
      if (single(fields, 'bt_leads_optin', 10, { required: false }) !== '1') throw new BadRequest('Please accept the terms to proceed.');
      if (!(await store.shared(code))) throw new BadRequest('This shared Trips Collection does not exist or has been removed.', 404);
      await store.addLead({ code, senderName: name, senderEmail: email, recipientEmail: to, message, optIn: true });
      const text = `Your Trips Collection is on its way to ${to}.`;
      if ((request.headers.accept ?? '').includes('application/json')) return { message: text };
      // Without script: back to the shared trip, with the confirmation as a status message.
      addStatusMessage(request, reply, { type: 'status', text });
      return reply.redirect(`${settings.order.share_url}#short-url=${code}`, 303);
    });
  });
}
