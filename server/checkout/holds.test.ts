/**
 * Pay later as a hold that lapses: the held-out probe (35 pay-later checkouts of 10 stays each
 * from one address at once), lapse on a moved clock with no sweeper, the confirm link, the caps
 * per email address and per client, the captcha, and the email's words. The world is the demo's
 * (booking-space.ts), its stays asked of the engine, on the real day.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nameProblem } from '../../src/domain/checkout/guest-details.ts';
import { CAPTCHA_RESPONSE_FIELD } from '../../src/domain/lead-forms.ts';
import type { Order } from '../../src/domain/order/order.ts';
import { CAPTCHA_REFUSED, type CaptchaVerifier } from '../captcha/verifier.ts';
import { addDays } from '../demo/dates.ts';
import { nameArbitrary, openBookingWorld, OWN_CALL, REAL_GUESTS, type BookingWorld, type StayToBook } from './booking-space.ts';
import { TEST_TOKENS } from './payment.ts';
import { holdRefusal, releaseLapsedHolds } from './holds.ts';
import { ownerBookings } from '../admin/owner-bookings.ts';
import { statusText } from '../admin/owner-pages.ts';
import { ADMIN_COOKIE } from '../admin/admin-session.ts';

/** A captcha whose tokens 'solved-…' pass once each, as the real one's do. */
function onceCaptcha(): CaptchaVerifier & { issue(): string } {
  const used = new Set<string>();
  return {
    required: true,
    issue: () => `solved-${crypto.randomBytes(8).toString('hex')}`,
    async verify(token) {
      if (!token) return { ok: false, reason: 'missing' };
      if (!token.startsWith('solved-')) return { ok: false, reason: 'invalid' };
      if (used.has(token)) return { ok: false, reason: 'replayed' };
      used.add(token);
      return { ok: true };
    },
  };
}

let world: BookingWorld;
let clock = Date.now();
const captcha = onceCaptcha();
const HOLD_MINUTES = 30;
const OWNER_PASSWORD = 'holds-test-owner-password';

beforeAll(async () => {
  world = await openBookingWorld({ clock: () => new Date(clock), captcha, payLater: {}, ownerPassword: OWNER_PASSWORD });
}, 120_000);
afterAll(async () => world?.close());
// Each test is one client of its own: the checkout's rate limit (30 a minute per address) is not what is tested here.
let address = 0;
let client = '';
beforeEach(async () => {
  clock = Date.now();
  client = `198.51.100.${++address}`;
  await world.clearBookings();
});

/** `count` stays of 7 nights the engine sells, from `fromDay` days ahead, one per rental, spaced by `spacing` days per round. */
async function freeStays(count: number, fromDay: number): Promise<StayToBook[]> {
  const stays: StayToBook[] = [];
  for (let day = fromDay; stays.length < count && day < fromDay + 300; day += 8) {
    for (const unit of world.units) {
      if (stays.length >= count) break;
      const stay = { eid: unit.eid, begin: addDays(world.today, day), nights: 7 };
      if ((await world.problemOf(stay)) === null && !stays.some((s) => s.eid === stay.eid && s.begin === stay.begin)) stays.push(stay);
    }
  }
  if (stays.length < count) throw new Error(`only ${stays.length} free stays from day ${fromDay}`);
  return stays;
}

const key = () => `hold-${crypto.randomBytes(12).toString('hex')}`;

function guest(email = 'ada@example.com') {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    phone: '+1 415 555 0142',
    address: '1600 Amphitheatre Pkwy',
    city: 'Mountain View',
    postal_code: '94043',
    country: 'US',
    state: 'CA',
    notes: 'Arriving after 9 pm.',
    terms: '1',
    province: 'none',
    'ti[ind-0]': '-1',
  };
}

function checkout(order: Order, options: { email?: string; later?: boolean; token?: string | null; from?: string; fields?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  const later = options.later ?? true;
  const token = options.token === undefined ? captcha.issue() : options.token;
  const idempotency = key();
  return world.app.inject({
    method: 'POST',
    url: '/rescms/order/checkout',
    remoteAddress: options.from ?? client,
    headers: { ...OWN_CALL, 'idempotency-key': idempotency },
    payload: {
      ...guest(options.email),
      ...(later ? { 'payment[payment_option]': 'later' } : { 'payment[payment_option]': 'cc', 'payment[token]': TEST_TOKENS.success }),
      ...(token ? { [CAPTCHA_RESPONSE_FIELD]: token } : {}),
      ...options.fields,
      order,
      idempotency_key: idempotency,
    },
  });
}

/** Whether the engine offers the stay now (the pricing model as a quote reads it: on current data). */
async function offered(stay: StayToBook): Promise<boolean> {
  return (await world.problemOf(stay)) === null;
}

async function holdRows(): Promise<{ held: number; open: number }> {
  const at = new Date(clock).toISOString();
  const result = await world.database.db.execute(sql`select
    (select count(*) from trip_bookings where hold_state = 'held')::int as held,
    (select count(*) from trip_bookings where hold_state = 'held' and held_until > ${at}::timestamptz)::int as open`);
  return (result as unknown as { rows: { held: number; open: number }[] }).rows[0] as { held: number; open: number };
}

/** The confirm link of the last email to `email`. */
async function confirmLink(email = 'ada@example.com'): Promise<string> {
  const result = await world.database.db.execute(sql`select text_body from mail_queue where recipient = ${email} order by id desc limit 1`);
  const body = (result as unknown as { rows: { text_body: string }[] }).rows[0]?.text_body ?? '';
  const link = /Confirm your booking: https:\/\/www\.coralhaven\.example(\/rescms\/order\/confirm\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!link) throw new Error(`no confirm link in: ${body.slice(0, 400)}`);
  return link;
}

const passMinutes = (minutes: number) => {
  clock += minutes * 60_000;
};

describe('the held-out probe: 35 pay-later checkouts of 10 stays each from one address at once', () => {
  it('ends with at most one booking held, and none after the hold time', async () => {
    // Half of them book the same ten stays, half ten others; each with its own email and its own solved captcha.
    const first = await freeStays(10, 20);
    const other = await freeStays(10, 200);
    const orders = [await world.orderOf(first), await world.orderOf(other)];
    const answers = await Promise.all(Array.from({ length: 35 }, (_, i) => checkout(orders[i % 2] as Order, { email: `guest${String.fromCharCode(97 + i)}@example.com` })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201).length, JSON.stringify(statuses)).toBeLessThanOrEqual(1);
    expect((await holdRows()).open).toBeLessThanOrEqual(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) expect([409, 429], refused.body).toContain(refused.statusCode);
    passMinutes(HOLD_MINUTES + 1);
    expect((await holdRows()).open).toBe(0);
    for (const stay of [...first, ...other]) expect(await offered(stay)).toBe(true);
  }, 120_000);

  it('one solved captcha sent with all 35 holds at most one', async () => {
    const stays = await freeStays(10, 40);
    const order = await world.orderOf(stays);
    const token = captcha.issue();
    const answers = await Promise.all(Array.from({ length: 35 }, (_, i) => checkout(order, { token, email: `same${String.fromCharCode(97 + i)}@example.com`, from: `203.0.113.${i + 1}` })));
    expect(answers.filter((a) => a.statusCode === 201).length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.statusCode === 400).every((a) => a.json().message === CAPTCHA_REFUSED)).toBe(true);
  }, 120_000);
});

describe('a hold lapses by itself', () => {
  it('frees its nights when its time passes, with no sweeper run, and a paid checkout then books them', async () => {
    const [stay] = await freeStays(1, 60);
    const response = await checkout(await world.orderOf([stay as StayToBook]));
    expect(response.statusCode, response.body).toBe(201);
    expect(await offered(stay as StayToBook)).toBe(false);
    passMinutes(HOLD_MINUTES - 1);
    expect(await offered(stay as StayToBook)).toBe(false);
    passMinutes(2);
    // The hold's rows are still in the calendar: reads ignore them all the same.
    expect(await offered(stay as StayToBook)).toBe(true);
    const confirmation = (await world.checkout.confirmation(response.json().code))!;
    expect(confirmation.hold).toMatchObject({ state: 'lapsed', confirmBy: 'guest' });
    const paid = await checkout(await world.orderOf([stay as StayToBook]), { later: false, token: null, email: 'grace@example.com' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await offered(stay as StayToBook)).toBe(false);
  });

  it("a search right after a hold's time is answered from the model it had, while the model loads again; a quote waits for that load", async () => {
    const [stay] = await freeStays(1, 65);
    expect((await checkout(await world.orderOf([stay as StayToBook]))).statusCode).toBe(201);
    const held = await world.pricing.data({ fresh: true });
    passMinutes(HOLD_MINUTES + 1);
    // The search's read does not wait for a load (it shows the nights taken a moment longer)…
    expect(await world.pricing.data()).toBe(held);
    // …and the quote's read gets the model loaded after the hold's time, where the stay is free.
    const fresh = await world.pricing.data({ fresh: true });
    expect(fresh).not.toBe(held);
    expect(await offered(stay as StayToBook)).toBe(true);
  });

  it('the sweeper marks lapsed holds and deletes their nights; a confirmed hold is kept', async () => {
    const [a, b] = await freeStays(2, 70);
    const first = await checkout(await world.orderOf([a as StayToBook]));
    const second = await checkout(await world.orderOf([b as StayToBook]), { email: 'grace@example.com' });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const confirmed = await world.app.inject({ method: 'POST', url: await confirmLink('grace@example.com'), remoteAddress: client, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    passMinutes(HOLD_MINUTES + 1);
    expect(await releaseLapsedHolds(world.database.db, new Date(clock))).toEqual({ holds: 1, rows: 1 });
    world.pricing.invalidate();
    expect(await offered(a as StayToBook)).toBe(true);
    expect(await offered(b as StayToBook)).toBe(false);
  });
});

describe('the confirm link', () => {
  const sameSite = { 'sec-fetch-site': 'same-origin' };

  it('shows the hold and until when, and its button confirms it for good', async () => {
    const [stay] = await freeStays(1, 80);
    const response = await checkout(await world.orderOf([stay as StayToBook]));
    expect(response.statusCode, response.body).toBe(201);
    const link = await confirmLink();
    const page = await world.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/Your booking is held until \d{2}:\d{2} UTC on /);
    expect(page.body).toContain('>Confirm my booking</button>');
    // The page's GET confirms nothing: a mail scanner opening the link books nothing.
    expect((await world.checkout.confirmation(response.json().code))?.hold?.state).toBe('held');
    // As the page's form sends it: an empty form body.
    const confirmed = await world.app.inject({ method: 'POST', url: link, headers: { ...sameSite, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect(confirmed.headers.location).toBe(response.json().url);
    expect((await world.checkout.confirmation(response.json().code))?.hold?.state).toBe('confirmed');
    passMinutes(HOLD_MINUTES * 10);
    expect(await offered(stay as StayToBook)).toBe(false);
    // Again: the booking, once.
    expect((await world.app.inject({ method: 'POST', url: link, headers: sameSite })).statusCode).toBe(303);
  });

  it('refuses a wrong token, and another site', async () => {
    const [stay] = await freeStays(1, 90);
    const response = await checkout(await world.orderOf([stay as StayToBook]));
    const link = await confirmLink();
    const wrong = link.replace(/\/[^/]+$/, `/${crypto.randomBytes(24).toString('base64url')}`);
    expect((await world.app.inject({ url: wrong })).statusCode).toBe(404);
    expect((await world.app.inject({ method: 'POST', url: wrong, headers: sameSite })).statusCode).toBe(404);
    const crossSite = await world.app.inject({ method: 'POST', url: link, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect((await world.checkout.confirmation(response.json().code))?.hold?.state).toBe('held');
  });

  it('after the hold lapsed: confirms when the nights are still free, says so clearly when they were taken', async () => {
    const [a, b] = await freeStays(2, 100);
    await checkout(await world.orderOf([a as StayToBook]));
    const lateLink = await confirmLink();
    await checkout(await world.orderOf([b as StayToBook]), { email: 'grace@example.com' });
    const takenLink = await confirmLink('grace@example.com');
    passMinutes(HOLD_MINUTES + 5);
    const lapsedPage = await world.app.inject({ url: lateLink });
    expect(lapsedPage.body).toContain('that time has passed. You can still confirm it');
    const late = await world.app.inject({ method: 'POST', url: lateLink, headers: sameSite });
    expect(late.statusCode).toBe(303);
    expect(await offered(a as StayToBook)).toBe(false);
    const someoneElse = await checkout(await world.orderOf([b as StayToBook]), { later: false, token: null, email: 'hedy@example.com' });
    expect(someoneElse.statusCode, someoneElse.body).toBe(201);
    const taken = await world.app.inject({ method: 'POST', url: takenLink, headers: sameSite });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('someone else has booked some of its nights since. Nothing was booked and nothing was charged');
  });
});

describe('open holds are capped per email address and per client', () => {
  it('a family booking two homes passes: two stays in one checkout, then two checkouts', async () => {
    const stays = await freeStays(4, 110);
    expect((await checkout(await world.orderOf(stays.slice(0, 2)))).statusCode).toBe(201);
    expect((await checkout(await world.orderOf(stays.slice(2, 3)))).statusCode).toBe(201);
  });

  it('a third open hold of one email address is refused with a clear message on the email field', async () => {
    const stays = await freeStays(3, 120);
    for (const stay of stays.slice(0, 2)) expect((await checkout(await world.orderOf([stay]), { from: `192.0.2.${stay.eid % 200}` })).statusCode).toBe(201);
    const third = await checkout(await world.orderOf([stays[2] as StayToBook]), { from: '192.0.2.250' });
    expect(third.statusCode).toBe(429);
    expect(third.json().errors.email).toBe('This email address already has 2 bookings waiting to be confirmed. Please confirm them from the email first, or pay now to book at once.');
    // Paying now is never capped.
    expect((await checkout(await world.orderOf([stays[2] as StayToBook]), { later: false, token: null })).statusCode).toBe(201);
  });

  it('a fourth open hold from one client is refused; once a hold lapses the client may hold again', async () => {
    const stays = await freeStays(5, 130);
    for (const [i, stay] of stays.slice(0, 3).entries()) expect((await checkout(await world.orderOf([stay]), { email: `g${'abc'[i]}@example.com` })).statusCode).toBe(201);
    const fourth = await checkout(await world.orderOf([stays[3] as StayToBook]), { email: 'gd@example.com' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe('3 bookings made from your connection are waiting to be confirmed. Please confirm them from the email first, or pay now to book at once.');
    passMinutes(HOLD_MINUTES + 1);
    expect((await checkout(await world.orderOf([stays[4] as StayToBook]), { email: 'ge@example.com' })).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64 and keeps no address, only a keyed hash of it', async () => {
    const stays = await freeStays(4, 135);
    const subnet = `2001:db8:${address.toString(16)}:1`;
    for (const [i, stay] of stays.slice(0, 3).entries()) {
      expect((await checkout(await world.orderOf([stay]), { email: `h${'abc'[i]}@example.com`, from: `${subnet}::${i + 1}` })).statusCode).toBe(201);
    }
    const fourth = await checkout(await world.orderOf([stays[3] as StayToBook]), { email: 'hd@example.com', from: `${subnet}:ffff:ffff:ffff:ffff` });
    expect(fourth.statusCode).toBe(429);
    const kept = await world.database.db.execute(sql`select distinct client_key from trip_bookings where hold_state = 'held'`);
    const keys = (kept as unknown as { rows: { client_key: string }[] }).rows.map((r) => r.client_key);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys[0]).not.toContain('2001');
  });

  it('the held stays cap says so, never "0 bookings waiting"', () => {
    const limits = world.settings.order.pay_later;
    const counts = { byEmail: 0, staysByEmail: 0, byClient: 0, staysByClient: 0, mailsToday: 0 };
    expect(holdRefusal(counts, limits.max_held_stays, limits)).toBeNull();
    const first = holdRefusal(counts, limits.max_held_stays + 1, limits);
    expect(first?.message).toBe(`At most ${limits.max_held_stays} stays can wait to be confirmed at once, and this booking has more. Please hold fewer stays at a time, or pay now to book at once.`);
    const fromClient = holdRefusal({ ...counts, byClient: 1, staysByClient: limits.max_held_stays - 1 }, 2, limits);
    expect(fromClient).toEqual({
      field: 'payment[payment_option]',
      message: `At most ${limits.max_held_stays} stays can wait to be confirmed at once, and ${limits.max_held_stays - 1} stays are waiting already. Please confirm those from the email first, or pay now to book at once.`,
    });
  });

  it('at most 3 pay-later emails a day go to one address, even when its holds were confirmed', async () => {
    const stays = await freeStays(4, 140);
    for (const stay of stays.slice(0, 3)) {
      expect((await checkout(await world.orderOf([stay]))).statusCode).toBe(201);
      expect((await world.app.inject({ method: 'POST', url: await confirmLink(), headers: sameSiteHeaders })).statusCode).toBe(303);
    }
    const fourth = await checkout(await world.orderOf([stays[3] as StayToBook]));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().errors.email).toMatch(/^We have already sent 3 booking emails to this address today\./);
  });
});

const sameSiteHeaders = { 'sec-fetch-site': 'same-origin' };

describe('the captcha on pay later', () => {
  it('refuses pay later without a solved captcha, or with one used before, with the captcha text; paid checkouts need none', async () => {
    const stays = await freeStays(2, 150);
    const order = await world.orderOf([stays[0] as StayToBook]);
    const none = await checkout(order, { token: null });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: CAPTCHA_REFUSED, errors: { [CAPTCHA_RESPONSE_FIELD]: CAPTCHA_REFUSED } });
    expect((await checkout(order, { token: 'made-up' })).json().message).toBe(CAPTCHA_REFUSED);
    const token = captcha.issue();
    expect((await checkout(order, { token })).statusCode).toBe(201);
    expect((await checkout(await world.orderOf([stays[1] as StayToBook]), { token, email: 'grace@example.com' })).json().message).toBe(CAPTCHA_REFUSED);
    expect((await checkout(await world.orderOf([stays[1] as StayToBook]), { later: false, token: null })).statusCode).toBe(201);
  });
});

describe("the pay-later email: the site's words, the guest's name only where expected", () => {
  it('opens with the site, says until when and what to do if you did not book, and leaves the notes out', async () => {
    const [stay] = await freeStays(1, 160);
    const response = await checkout(await world.orderOf([stay as StayToBook]), { fields: { first_name: 'WIN A FREE CRUISE', last_name: 'Claim now' } });
    expect(response.statusCode, response.body).toBe(201);
    const result = await world.database.db.execute(sql`select subject, text_body from mail_queue`);
    const [mail] = (result as unknown as { rows: { subject: string; text_body: string }[] }).rows;
    const lines = (mail?.text_body ?? '').split('\n');
    expect(mail?.subject).toMatch(new RegExp(`^${world.settings.site.name}: please confirm your booking by \\d{2}:\\d{2} UTC on `));
    expect(lines[0]).toBe(`${world.settings.site.name} here. This email address was given for a booking on our website, to pay later.`);
    expect(lines.findIndex((line) => line.includes('WIN A FREE CRUISE'))).toBe(lines.findIndex((line) => line.startsWith('Booked in the name of: ')));
    expect(mail?.text_body).toMatch(/Did not book with us\? Then do nothing: the nights are released at /);
    expect(mail?.text_body).not.toContain('Arriving after 9 pm.');
  });

  it.each([
    ['first_name', 'WIN! Claim at http://evil.example/claim', /web address/],
    ['first_name', 'evil.example', /web address/],
    ['last_name', 'www.claim-now', /web address/],
    ['last_name', 'Call 555 0100', /digits/],
    ['first_name', 'Free <b>cruise</b>', /letters, spaces, apostrophes, hyphens and dots only/],
    ['last_name', 'x'.repeat(61), /at most 60 characters/],
  ])('refuses %s %j with a message next to the field, and books nothing', async (field, value, message) => {
    const [stay] = await freeStays(1, 170);
    const response = await checkout(await world.orderOf([stay as StayToBook]), { fields: { [field]: value } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toMatch(message);
    expect((await holdRows()).held).toBe(0);
  });

  it('takes real names of many countries and scripts', () => {
    for (const real of REAL_GUESTS) {
      expect(nameProblem(real.first_name, 'First name'), real.first_name).toBeNull();
      expect(nameProblem(real.last_name, 'Last name'), real.last_name).toBeNull();
    }
    for (const name of ["O'Brien-Smythe", 'J. R. R.', 'St. John', 'ʻIolani', 'Ma. Cristina', '阿沛·阿旺晋美', 'García Márquez', 'van der Berg', 'Smith, Jr.', 'N’Diaye', 'Zoë', 'Þórunn', 'Łukasz', 'Ngũgĩ']) {
      expect(nameProblem(name, 'Last name'), name).toBeNull();
    }
    fc.assert(fc.property(nameArbitrary, (name) => nameProblem(name.slice(0, 60), 'First name') === null));
  });
});

describe("the owner's bookings", () => {
  /** The owner's session cookie, as the login form gets it. */
  async function ownerCookie(): Promise<string> {
    const login = await world.app.inject({
      method: 'POST',
      url: '/admin/analytics/login',
      remoteAddress: client,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...sameSiteHeaders },
      payload: new URLSearchParams({ password: OWNER_PASSWORD }).toString(),
    });
    const cookie = login.cookies.find((c) => c.name === ADMIN_COOKIE);
    if (!cookie) throw new Error(`no owner session: ${login.statusCode} ${login.body.slice(0, 200)}`);
    return `${ADMIN_COOKIE}=${cookie.value}`;
  }
  const accept = async (code: string, cookie: string | null) =>
    world.app.inject({ method: 'POST', url: `/admin/bookings/${code}/accept`, remoteAddress: client, headers: { ...sameSiteHeaders, ...(cookie ? { cookie } : {}) } });
  const mailsTo = async (email: string) =>
    (world.database.db.execute(sql`select kind, text_body from mail_queue where recipient = ${email} order by id`) as Promise<unknown>).then((r) => (r as { rows: { kind: string; text_body: string }[] }).rows);

  it('Accept confirms a held booking for good and emails the guest in the same step; a lapsed one is accepted while its nights are free, refused once they are taken', async () => {
    const [a, b, c] = await freeStays(3, 200);
    const held = await checkout(await world.orderOf([a as StayToBook]));
    expect(held.statusCode, held.body).toBe(201);
    expect((await accept(held.json().code, null)).statusCode).toBe(401);
    const cookie = await ownerCookie();
    const accepted = await accept(held.json().code, cookie);
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe('/admin/bookings?done=accepted');
    expect((await world.checkout.confirmation(held.json().code))?.hold?.state).toBe('confirmed');
    const told = (await mailsTo('ada@example.com')).filter((m) => m.kind === 'booking-accepted');
    expect(told).toHaveLength(1);
    expect(told[0]!.text_body).toContain(`your booking ${held.json().code} is confirmed and its nights are yours`);
    passMinutes(HOLD_MINUTES * 3);
    expect(await offered(a as StayToBook)).toBe(false);
    // Accepted twice: nothing more happens, and the guest gets no second email.
    expect((await accept(held.json().code, cookie)).headers.location).toBe('/admin/bookings?done=not_held');
    expect((await mailsTo('ada@example.com')).filter((m) => m.kind === 'booking-accepted')).toHaveLength(1);

    const late = await checkout(await world.orderOf([b as StayToBook]), { email: 'grace@example.com' });
    const lost = await checkout(await world.orderOf([c as StayToBook]), { email: 'hedy@example.com' });
    passMinutes(HOLD_MINUTES + 1);
    expect(await offered(b as StayToBook)).toBe(true);
    expect((await accept(late.json().code, cookie)).headers.location).toBe('/admin/bookings?done=accepted');
    expect(await offered(b as StayToBook)).toBe(false);
    expect((await checkout(await world.orderOf([c as StayToBook]), { later: false, token: null, email: 'katherine@example.com' })).statusCode).toBe(201);
    expect((await accept(lost.json().code, cookie)).headers.location).toBe('/admin/bookings?done=taken');
    expect((await mailsTo('hedy@example.com')).map((m) => m.kind)).not.toContain('booking-accepted');
  });

  it('say a hold is held until when, then confirmed or lapsed, in the page and its CSV columns', async () => {
    const [a, b] = await freeStays(2, 180);
    const held = await checkout(await world.orderOf([a as StayToBook]));
    await checkout(await world.orderOf([b as StayToBook]), { email: 'grace@example.com' });
    expect((await world.app.inject({ method: 'POST', url: await confirmLink('grace@example.com'), headers: sameSiteHeaders })).statusCode).toBe(303);
    const rows = async () => ownerBookings(world.database.db, { unitEid: null, from: null, to: null }, world.today, new Date(clock));
    const byCode = async (code: string) => (await rows()).find((row) => row.code === code);
    expect(statusText((await byCode(held.json().code))!)).toMatch(/^Held until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(not confirmed yet\)$|^Held until .+ \(not confirmed yet\)$/);
    expect((await rows()).map((row) => row.hold).sort()).toEqual(['confirmed', 'held']);
    passMinutes(HOLD_MINUTES + 1);
    const lapsed = (await byCode(held.json().code))!;
    expect(lapsed.hold).toBe('lapsed');
    expect(statusText(lapsed)).toBe('Lapsed: not confirmed in time, nights released');
    expect(lapsed.heldUntil).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
