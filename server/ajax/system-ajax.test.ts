import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_RESPONSE_FIELD, OPT_IN_ALERT } from '../../src/domain/lead-forms.ts';
import { parseNestedQuery } from '../../src/domain/pricing/query.ts';
import type { Price, PriceQueryParams } from '../../src/domain/pricing/types.ts';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import { CAPTCHA_REFUSED, type CaptchaVerdict, type CaptchaVerifier } from '../captcha/verifier.ts';
import type { OpenDatabase } from '../db/client.ts';
import { createOrderStore, type OrderStore, type SharedItem } from '../orders/order-store.ts';
import { createPageLinks, type PageLinks } from '../orders/page-links.ts';
import type { QueuedMail } from '../mail/mail-queue.ts';
import { registerOrderRoutes, shareAjaxForm, shareMailOf, type OrderPricing, type OrderRouteOptions } from '../orders/routes.ts';
import { SHARE_FORM_ID } from '../orders/share-form.ts';
import { registerSecurity } from '../security/register-security.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { registerSystemAjax } from './system-ajax.ts';
import { JSDOM } from 'jsdom';
import { configureSanitizer, sanitizeHtml } from '../../src/bindings/html-sanitizer.ts';
import { shareFormHtml } from '../orders/share-form.ts';

const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));
const PUBLIC_ORIGIN = 'https://coral.test';
const qp: PriceQueryParams = { rcav: { begin: '2027-03-01', end: '2027-03-08', adult: 2, child: 0, IDs: [1001] } };
const pricing: OrderPricing = {
  async price(raw) {
    const parsed = parseNestedQuery(raw);
    if (!parsed.ok) return { ok: false, message: parsed.error };
    const price: Price = { eid: 1001, p: 100, c: 'USD', b: '2027-03-01', e: '2027-03-08', n: 'Rental 1001', dn: 'Standard rate', qp };
    return { ok: true, price };
  },
};

/** A captcha that answers what the test says, and remembers what it was asked. */
function fakeCaptcha(verdict: CaptchaVerdict): CaptchaVerifier & { asked: Array<{ token: string; formId: string }> } {
  const asked: Array<{ token: string; formId: string }> = [];
  return {
    required: true,
    asked,
    async verify(token, { formId }) {
      asked.push({ token, formId });
      return verdict;
    },
  };
}

let database: OpenDatabase;
let store: OrderStore;
let pageLinks: PageLinks;
let orderCode: string;
const apps: FastifyInstance[] = [];

/** The site's order and system/ajax routes behind the real security plumbing, with the given captcha. */
async function site(captcha: CaptchaVerifier, mail?: OrderRouteOptions['mail']): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  await app.register(cookie, { secret: 'test-secret' });
  await registerSecurity(app, { publicOrigin: PUBLIC_ORIGIN, rateLimits: false });
  await registerOrderRoutes(app, { store, pricing, settings, publicOrigin: PUBLIC_ORIGIN, captcha, pageLinks, mail });
  await registerSystemAjax(app, { [SHARE_FORM_ID]: shareAjaxForm({ store, pageLinks, captcha, mail: shareMailOf({ mail, settings, publicOrigin: PUBLIC_ORIGIN }) }) });
  return app;
}

/** A mail queue that keeps what it is given. */
function fakeMail(): NonNullable<OrderRouteOptions['mail']> & { sent: QueuedMail[] } {
  const sent: QueuedMail[] = [];
  return { sent, db: database.db, queue: { enqueue: async (_db, mail) => void sent.push(mail), kick: () => {} } };
}

/** What the browser's CMS ajax client posts (spec §7): the form's fields, form_id and the page state. */
function ajaxPayload(fields: Record<string, string>): string {
  const body = new URLSearchParams({ form_id: SHARE_FORM_ID, ...fields });
  body.append('ajax_html_ids[]', 'main');
  body.append('ajax_page_state[theme]', 'vacation');
  body.append('ajax_page_state[theme_token]', 'token');
  body.append('js', 'true');
  return body.toString();
}

const post = (app: FastifyInstance, payload: string, headers: Record<string, string> = FROM_THIS_SITE) =>
  app.inject({ method: 'POST', url: '/system/ajax', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload });

const leads = async (table: 'share_leads' | 'page_share_leads') =>
  ((await database.db.execute(sql.raw(`select code, recipient_email from ${table}`))) as unknown as { rows: unknown[] }).rows;

const SENDER = { sender_name: 'Ana', email: 'ana@example.com', to: 'ben@example.org', message: 'Look!' };

beforeAll(async () => {
  database = await openTestDatabase();
  store = createOrderStore(database.db, { secret: 'test-secret' });
  pageLinks = createPageLinks(database.db, { secret: 'test-secret' });
});

beforeEach(async () => {
  await database.db.execute(sql`delete from share_leads`);
  await database.db.execute(sql`delete from page_share_leads`);
  const items: SharedItem[] = [{ qp, p: 100, n: 'Rental 1001' }];
  const stored = await store.share(items, '127.0.0.1');
  if (!stored.ok) throw new Error('could not share');
  orderCode = stored.code;
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

describe('POST /system/ajax: the Trips Collection share form (form id bt-leads-share-submit-rc-core-order-share)', () => {
  it('sends it: the form is replaced by the confirmation and the lead is kept', async () => {
    const captcha = fakeCaptcha({ ok: true });
    const app = await site(captcha);
    const response = await post(app, ajaxPayload({ code: orderCode, fragment: `#short-url=${orderCode}`, ...SENDER, bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: 'solved-token' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { command: 'insert', method: 'replaceWith', selector: `#${SHARE_FORM_ID}`, data: '<div class="share-form__sent" role="status"><p>Your Trips Collection is on its way to ben@example.org.</p></div>' },
    ]);
    expect(captcha.asked).toEqual([{ token: 'solved-token', formId: SHARE_FORM_ID }]);
    expect(await leads('share_leads')).toEqual([{ code: orderCode, recipient_email: 'ben@example.org' }]);
  });

  it('emails the link to the friend, with the sender and their message; a refused form sends nothing', async () => {
    const mail = fakeMail();
    const app = await site(fakeCaptcha({ ok: true }), mail);
    expect((await post(app, ajaxPayload({ code: orderCode, ...SENDER, [CAPTCHA_RESPONSE_FIELD]: 'solved-token' }))).statusCode).toBe(400);
    expect(mail.sent).toEqual([]);
    const response = await post(app, ajaxPayload({ code: orderCode, ...SENDER, sender_name: 'Ana\r\nBcc: x@evil.example', bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: 'solved-token' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(mail.sent).toHaveLength(1);
    const [message] = mail.sent;
    expect(message).toMatchObject({ kind: 'share-order', reference: orderCode, to: 'ben@example.org', subject: 'Ana Bcc: x@evil.example shared a Trips Collection with you' });
    expect(message?.text).toContain('Look!');
    expect(message?.text).toContain(`${PUBLIC_ORIGIN}${settings.order.share_url}#short-url=${orderCode}`);
  });

  it('refuses it without the opt-in: 400, the alert text shown in the form, no lead, the captcha token not spent', async () => {
    const captcha = fakeCaptcha({ ok: true });
    const app = await site(captcha);
    const response = await post(app, ajaxPayload({ code: orderCode, ...SENDER, [CAPTCHA_RESPONSE_FIELD]: 'solved-token' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([{ command: 'insert', method: 'html', selector: '#share-form-messages', data: `<p class="share-form__error" role="alert">${OPT_IN_ALERT}</p>` }]);
    expect(captcha.asked).toEqual([]);
    expect(await leads('share_leads')).toEqual([]);
  });

  it('refuses it when the captcha refuses the token: 400 with the captcha message, no lead', async () => {
    const captcha = fakeCaptcha({ ok: false, reason: 'replayed' });
    const app = await site(captcha);
    const response = await post(app, ajaxPayload({ code: orderCode, ...SENDER, bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: 'used-token' }));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(CAPTCHA_REFUSED);
    expect(captcha.asked).toEqual([{ token: 'used-token', formId: SHARE_FORM_ID }]);
    expect(await leads('share_leads')).toEqual([]);
  });

  it('refuses a bad email and an unknown share with their messages, escaped, without spending the captcha', async () => {
    const captcha = fakeCaptcha({ ok: true });
    const app = await site(captcha);
    const bad = await post(app, ajaxPayload({ code: orderCode, ...SENDER, to: '<b>x</b>', bt_leads_optin: '1' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('The email address to send to is not valid');
    const unknown = await post(app, ajaxPayload({ code: 'Zz9Zz9Zz9Zz9', ...SENDER, bt_leads_optin: '1' }));
    expect(unknown.statusCode).toBe(404);
    expect(JSON.stringify(unknown.json())).toContain('This shared Trips Collection does not exist or has been removed.');
    expect(captcha.asked).toEqual([]);
  });

  it('the form posted without script asks the captcha too (400, the entries are the visitor’s to send again)', async () => {
    const app = await site(fakeCaptcha({ ok: false, reason: 'missing' }));
    const response = await app.inject({
      method: 'POST',
      url: '/rescms/order/share/send',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...FROM_THIS_SITE },
      payload: new URLSearchParams({ code: orderCode, ...SENDER, bt_leads_optin: '1' }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CAPTCHA_REFUSED);
  });
});

describe('POST /system/ajax: what it refuses', () => {
  it('answers an unknown form id with a clear 400 command list', async () => {
    const app = await site(fakeCaptcha({ ok: true }));
    const response = await post(app, new URLSearchParams({ form_id: 'bt-leads-nothing-here', js: 'true' }).toString());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([{ command: 'alert', text: 'This site has no form bt-leads-nothing-here to send.' }]);
    const none = await post(app, 'js=true');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual([{ command: 'alert', text: 'The form has no valid form_id.' }]);
  });

  it('refuses another site (Fetch Metadata cross-site) before the form is read', async () => {
    const captcha = fakeCaptcha({ ok: true });
    const app = await site(captcha);
    const response = await post(app, ajaxPayload({ code: orderCode, ...SENDER, bt_leads_optin: '1' }), { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(captcha.asked).toEqual([]);
    expect(await leads('share_leads')).toEqual([]);
  });

  it('is rate limited per client under the form limit', async () => {
    const app = Fastify();
    apps.push(app);
    await registerSecurity(app, { publicOrigin: PUBLIC_ORIGIN, rateLimits: { ...(await import('../security/rate-limits.ts')).DEFAULT_RATE_LIMITS, form: { max: 2, windowMs: 60_000 } } });
    await registerSystemAjax(app, {});
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(app, 'form_id=x')).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
  });
});

describe('the share-this-page short link and form', () => {
  it('gives a page one short link for good, which leads back to it', async () => {
    const app = await site(fakeCaptcha({ ok: true }));
    const share = (pagePath: string) =>
      app.inject({ method: 'POST', url: '/rescms/page/share', headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE }, payload: new URLSearchParams({ path: pagePath }).toString() });
    const first = await share('/events?page=2');
    expect(first.statusCode, first.body).toBe(200);
    const { url, form } = first.json() as { url: string; form: string };
    expect(url).toMatch(/^https:\/\/coral\.test\/s\/[A-Za-z0-9]{12}$/);
    expect((await share('/events?page=2')).json().url).toBe(url);
    expect((await share('/')).json().url).not.toBe(url);
    expect(form).toContain(`id="${SHARE_FORM_ID}"`);
    expect(form).toContain('data-captcha');
    expect(form).toContain('data-optin-required');
    const code = url.slice(url.lastIndexOf('/') + 1);
    const opened = await app.inject({ url: `/s/${code}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/events?page=2');
    expect((await app.inject({ url: '/s/Zz9Zz9Zz9Zz9' })).statusCode).toBe(404);
  });

  it('refuses a path that is not one of this site', async () => {
    const app = await site(fakeCaptcha({ ok: true }));
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/a b', `/${'x'.repeat(600)}`]) {
      const response = await app.inject({ method: 'POST', url: '/rescms/page/share', headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE }, payload: new URLSearchParams({ path: bad }).toString() });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('sends a page through system/ajax, keeps the lead, and mails the link with the page hash', async () => {
    const mail = fakeMail();
    const app = await site(fakeCaptcha({ ok: true }), mail);
    const shortened = await pageLinks.shorten('/events', '192.0.2.1');
    if (!shortened.ok) throw new Error('not shortened');
    const { code } = shortened;
    const response = await post(app, ajaxPayload({ page_code: code, fragment: '#rcav=x', ...SENDER, bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: 't' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.stringify(response.json())).toContain('The page is on its way to ben@example.org.');
    expect(await leads('page_share_leads')).toEqual([{ code, recipient_email: 'ben@example.org' }]);
    expect(mail.sent.map((message) => message.text.match(/Open it here: (\S+)/)?.[1])).toEqual([`${PUBLIC_ORIGIN}/s/${code}#rcav=x`]);
    // A hash that is not one (quotes, spaces, markup) is left off the link rather than mailed.
    await post(app, ajaxPayload({ page_code: code, fragment: '#"><script>', ...SENDER, bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: 't' }));
    expect(mail.sent[1]?.text.endsWith(`Open it here: ${PUBLIC_ORIGIN}/s/${code}`)).toBe(true);
  });
});

describe('the share form through the browser\'s sanitizer', () => {
  it('keeps every field the server needs, its id and its captcha and opt-in marks', () => {
    const window = new JSDOM('').window;
    configureSanitizer(window as unknown as Parameters<typeof configureSanitizer>[0]);
    const html = sanitizeHtml(shareFormHtml({ url: 'https://coral.test/s/Ab3dE9xQAb3d', target: { kind: 'page', code: 'Ab3dE9xQAb3d' }, fragment: '', showUrl: false }));
    const form = new JSDOM(html).window.document.querySelector('form') as HTMLFormElement;
    expect(form.id).toBe(SHARE_FORM_ID);
    expect(form.hasAttribute('data-captcha')).toBe(true);
    expect(form.hasAttribute('data-optin-required')).toBe(true);
    expect(form.querySelector('.async-captcha')).not.toBeNull();
    const names = [...form.querySelectorAll('input, textarea')].map((field) => field.getAttribute('name'));
    expect(names).toEqual(['form_id', 'page_code', 'fragment', 'sender_name', 'email', 'to', 'message', CAPTCHA_RESPONSE_FIELD, 'bt_leads_optin']);
  });
});
