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
import { registerOrderRoutes, shareAjaxForm, shareLinksOf } from '../orders/routes.ts';
import type { OrderPricing } from '../orders/order-pricing.ts';
import { SHARE_FORM_ID } from '../orders/share-form.ts';
import { registerSecurity } from '../security/register-security.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { registerSystemAjax } from './system-ajax.ts';
import { JSDOM } from 'jsdom';
import { configureSanitizer, sanitizeHtml } from '../../src/bindings/html-sanitizer.ts';
import { shareEmailReadyHtml, shareFormHtml } from '../orders/share-form.ts';
import { shareEmail } from '../orders/share-send.ts';

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
async function site(captcha: CaptchaVerifier): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  await app.register(cookie, { secret: 'test-secret' });
  await registerSecurity(app, { publicOrigin: PUBLIC_ORIGIN, rateLimits: false });
  await registerOrderRoutes(app, { store, pricing, settings, publicOrigin: PUBLIC_ORIGIN, captcha, pageLinks });
  await registerSystemAjax(app, { [SHARE_FORM_ID]: shareAjaxForm({ store, pageLinks, captcha, links: shareLinksOf({ settings, publicOrigin: PUBLIC_ORIGIN }) }) });
  return app;
}

/** The mailto: link of an accepted share form's answer, read as a browser would. */
function mailtoOf(html: string): { to: string; subject: string; body: string } {
  const href = new JSDOM(html).window.document.querySelector('a.share-form__mail')?.getAttribute('href') ?? '';
  expect(href.startsWith('mailto:'), href).toBe(true);
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), subject: url.searchParams.get('subject') ?? '', body: url.searchParams.get('body') ?? '' };
}

const emailsQueued = async () => ((await database.db.execute(sql`select count(*)::int as n from mail_queue`)) as unknown as { rows: { n: number }[] }).rows[0]?.n;

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
  ((await database.db.execute(sql.raw(`select code, sender_name, sender_email, recipient_email, message, opt_in from ${table}`))) as unknown as { rows: unknown[] }).rows;

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
  it('accepts it: the form is replaced by the email, ready in the visitor\'s own email app; the sender is kept as a lead; the site sends nothing', async () => {
    const captcha = fakeCaptcha({ ok: true });
    const app = await site(captcha);
    const response = await post(app, ajaxPayload({ code: orderCode, fragment: `#short-url=${orderCode}`, ...SENDER, bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: 'solved-token' }));
    expect(response.statusCode, response.body).toBe(200);
    const [command] = response.json() as Array<{ command: string; method: string; selector: string; data: string }>;
    expect(command).toMatchObject({ command: 'insert', method: 'replaceWith', selector: `#${SHARE_FORM_ID}` });
    const status = new JSDOM(command!.data).window.document.querySelector('[role="status"]');
    expect(status?.querySelector('p')?.textContent).toBe('Your email to ben@example.org is ready: send it from your own email app.');
    const link = `${PUBLIC_ORIGIN}${settings.order.share_url}#short-url=${orderCode}`;
    // Addressed to the friend, a subject of the site's words only, the visitor's message and the link.
    expect(mailtoOf(command!.data)).toEqual({ to: 'ben@example.org', subject: `A Trips Collection of ${settings.site.name} for you`, body: `Look!\r\n\r\nA Trips Collection of ${settings.site.name}: ${link}\r\n\r\nAna` });
    expect(status?.querySelector('.share-form__mail-link a')?.getAttribute('href')).toBe(link);
    expect(captcha.asked).toEqual([{ token: 'solved-token', formId: SHARE_FORM_ID }]);
    // The lead is the sender who agreed to be contacted; the friend's address and the message are not the site's to keep.
    expect(await leads('share_leads')).toEqual([{ code: orderCode, sender_name: 'Ana', sender_email: 'ana@example.com', recipient_email: '', message: '', opt_in: true }]);
    expect(await emailsQueued()).toBe(0);
  });

  it('is no mail relay: however often a client sends it, to whomever and with whatever text, no email leaves the site', async () => {
    const app = await site(fakeCaptcha({ ok: true }));
    for (let i = 0; i < 25; i++) {
      const response = await post(app, ajaxPayload({ code: orderCode, ...SENDER, to: `victim${i}@example.net`, message: 'WIN A FREE CRUISE http://spam.example', bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: `t${i}` }));
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await emailsQueued()).toBe(0);
    const addresses = ((await database.db.execute(sql`select recipient_email from share_leads`)) as unknown as { rows: Array<{ recipient_email: string }> }).rows;
    expect(new Set(addresses.map((row) => row.recipient_email))).toEqual(new Set(['']));
  });

  it('refuses a line break in the sender\'s name with the field\'s message, without spending the captcha', async () => {
    const captcha = fakeCaptcha({ ok: true });
    const app = await site(captcha);
    const response = await post(app, ajaxPayload({ code: orderCode, ...SENDER, sender_name: 'Ana\r\nBcc: x@evil.example', bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: 'solved-token' }));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Your name must be on one line.');
    expect(captcha.asked).toEqual([]);
    expect(await leads('share_leads')).toEqual([]);
  });

  it('refuses a NUL character in any field with a 400 alert naming the field (it used to answer 500)', async () => {
    const app = await site(fakeCaptcha({ ok: true }));
    const response = await post(app, ajaxPayload({ code: orderCode, ...SENDER, message: 'a\u0000b', bt_leads_optin: '1' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([{ command: 'alert', text: expect.stringMatching(/^The field message holds a character that is not text/) }]);
    expect(await leads('share_leads')).toEqual([]);
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

  it('the form posted without script answers a page with the email ready in the visitor\'s email app, and the way back', async () => {
    const app = await site(fakeCaptcha({ ok: true }));
    const response = await app.inject({
      method: 'POST',
      url: '/rescms/order/share/send',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...FROM_THIS_SITE },
      payload: new URLSearchParams({ code: orderCode, ...SENDER, bt_leads_optin: '1' }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(mailtoOf(response.body).to).toBe('ben@example.org');
    const back = new JSDOM(response.body).window.document.querySelector('main > p:last-child a');
    expect(back?.getAttribute('href')).toBe(`${settings.order.share_url}#short-url=${orderCode}`);
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

  it('sends a page through system/ajax: the sender kept as a lead, the email ready with the link and the page hash', async () => {
    const app = await site(fakeCaptcha({ ok: true }));
    const shortened = await pageLinks.shorten('/events', '192.0.2.1');
    if (!shortened.ok) throw new Error('not shortened');
    const { code } = shortened;
    const dataOf = (response: { json(): unknown }) => (response.json() as Array<{ data: string }>)[0]!.data;
    const response = await post(app, ajaxPayload({ page_code: code, fragment: '#rcav=x', ...SENDER, bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: 't' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await leads('page_share_leads')).toEqual([{ code, sender_name: 'Ana', sender_email: 'ana@example.com', recipient_email: '', message: '', opt_in: true }]);
    const email = mailtoOf(dataOf(response));
    expect(email.subject).toBe(`A page of ${settings.site.name} for you`);
    expect(email.body).toContain(`A page of ${settings.site.name}: ${PUBLIC_ORIGIN}/s/${code}#rcav=x\r\n`);
    // A hash that is not one (quotes, spaces, markup) is left off the link.
    const hostile = await post(app, ajaxPayload({ page_code: code, fragment: '#"><script>', ...SENDER, bt_leads_optin: '1', [CAPTCHA_RESPONSE_FIELD]: 't' }));
    expect(mailtoOf(dataOf(hostile)).body).toContain(`A page of ${settings.site.name}: ${PUBLIC_ORIGIN}/s/${code}\r\n`);
    expect(await emailsQueued()).toBe(0);
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

  it('keeps the mailto: link of the accepted form, with a quote in the message', () => {
    const window = new JSDOM('').window;
    configureSanitizer(window as unknown as Parameters<typeof configureSanitizer>[0]);
    const email = shareEmail('ben@example.org', { kind: 'page', code: 'Ab3dE9xQAb3d' }, { senderName: 'Ana', message: 'Look "here" & <there>' }, 'https://coral.test/s/Ab3dE9xQAb3d', 'Coral');
    const html = sanitizeHtml(shareEmailReadyHtml('Ready.', email));
    expect(mailtoOf(html)).toEqual({ to: 'ben@example.org', subject: email.subject, body: email.body });
  });
});
