import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_RESPONSE_FIELD } from '../../src/domain/lead-forms.ts';
import { REVIEW_MESSAGES, stayMonthOptions } from '../../src/domain/review-form.ts';
import { ADMIN_COOKIE } from '../admin/admin-session.ts';
import { buildServer } from '../app.ts';
import { CAPTCHA_REFUSED, type CaptchaVerifier } from '../captcha/verifier.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import { createContentVersion } from '../content/content-version.ts';
import type { OpenDatabase } from '../db/client.ts';
import { reviews, reviewSubmissions } from '../db/schema.ts';
import { insertFixture } from '../pricing/test-fixture.ts';
import { DEFAULT_RATE_LIMITS } from '../security/rate-limits.ts';
import { createEmbeddedEngine } from '../search/engine/engine.ts';
import { createSearchService, type SearchService } from '../search/search-service.ts';
import { testRenderer as renderer } from '../test-renderer.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { createReviewStore, followReviewDecisions } from './review-store.ts';
import { REVIEW_FORM_ID, REVIEW_PATH } from './routes.ts';

/** The listing review form's route and its moderation (issue 15 item 7). */
const settings = loadSiteSettings(path.resolve('config/site.json'));
const PASSWORD = 'correct horse battery staple';
const FORM_LIMIT = 3;
// Stay months come from the clock, as the form's do: never a calendar date.
const months = stayMonthOptions(new Date());
const thisMonth = months[0]!.value;
const EID = 1001;

let database: OpenDatabase;
let search: SearchService;
let app: FastifyInstance;
let captchaCalls: Array<{ token: string; formId: string }>;
let captcha: { required: boolean; answer: Awaited<ReturnType<CaptchaVerifier['verify']>> };

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  search = createSearchService({ db: database.db, settings, backend: createEmbeddedEngine() });
  await search.rebuild();
  const store = createReviewStore(database.db);
  const verifier: CaptchaVerifier = {
    get required() {
      return captcha.required;
    },
    async verify(token, context) {
      captchaCalls.push({ token, formId: context.formId });
      // As the real one: not required, every form passes.
      return captcha.required ? captcha.answer : { ok: true };
    },
  };
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'reviews-test-cookie-secret-reviews-test',
    publicOrigin: 'http://localhost:3000',
    search,
    reviews: { store, captcha: verifier },
    admin: { password: PASSWORD, db: database.db, reviews: { store, changed: followReviewDecisions({ contentVersion: createContentVersion(database.db), search }) } },
    security: { rateLimits: { ...DEFAULT_RATE_LIMITS, form: { max: FORM_LIMIT, windowMs: 600_000 } } },
  });
});

afterAll(async () => {
  await app?.close();
  await search?.close();
  await database?.close();
});

beforeEach(async () => {
  captchaCalls = [];
  captcha = { required: false, answer: { ok: true } };
  await database.db.delete(reviewSubmissions);
  await database.db.delete(reviews);
  // The index follows the emptied tables too, so each test starts from no published review.
  await search.refresh([EID]);
});

let address = 0;
/** A fresh client address per request, so the form limit counts only where a test means it to. */
const fresh = () => `203.0.113.${++address}`;

const goodReview = { eid: EID, rating: 4, text: 'Lovely house by the dunes, we slept well and the kitchen had all we needed.', name: 'Ann Lee', stayMonth: thisMonth };

const send = (payload: object, options: Partial<InjectOptions> = {}) =>
  app.inject({
    method: 'POST',
    url: REVIEW_PATH,
    remoteAddress: options.remoteAddress ?? fresh(),
    headers: { 'content-type': 'application/json', ...FROM_THIS_SITE, ...options.headers },
    payload: JSON.stringify(payload),
  });

const stored = () => database.db.select().from(reviewSubmissions);

async function sessionCookie(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/admin/analytics/login',
    remoteAddress: fresh(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE },
    payload: new URLSearchParams({ password: PASSWORD }).toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  return response.cookies.find((c) => c.name === ADMIN_COOKIE)!.value;
}

const decide = (id: number, decision: 'approve' | 'reject', cookie: string | null, headers: Record<string, string> = { ...FROM_THIS_SITE }) =>
  app.inject({ method: 'POST', url: `/admin/reviews/${id}/${decision}`, remoteAddress: fresh(), headers: { ...headers, ...(cookie ? { cookie: `${ADMIN_COOKIE}=${cookie}` } : {}) } });

/** The listing's rating and review count as the search index has them. */
async function indexed(eid: number): Promise<{ rating: unknown; count: unknown }> {
  const answer = await search.backend.select(new Map([['q', ['*:*']], ['fq', [`entity_id:${eid}`]], ['rows', ['1']]]));
  const doc = answer.response.docs[0] as Record<string, unknown>;
  return { rating: doc.fs_rating, count: doc.is_review_count };
}

async function pendingId(): Promise<number> {
  const [row] = await stored();
  return row!.id;
}

describe('sending a review', () => {
  it('stores a valid review pending moderation, committed before the answer, and shows nothing yet', async () => {
    const response = await send(goodReview);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: REVIEW_MESSAGES.sent });
    const rows = await stored();
    expect(rows).toMatchObject([{ unitEid: EID, rating: 4, author: 'Ann Lee', stayMonth: thisMonth, status: 'pending' }]);
    const listing = await createContentService(database.db, settings).listing(`unit-${EID}`);
    expect(listing?.reviews).toEqual([]);
    expect(await indexed(EID)).toEqual({ rating: undefined, count: 0 });
  });

  it('answers a message per field and stores nothing', async () => {
    const empty = await send({ eid: EID, rating: '', text: '', name: '', stayMonth: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      rating: REVIEW_MESSAGES.rating,
      text: REVIEW_MESSAGES.textMissing,
      name: REVIEW_MESSAGES.nameMissing,
      stayMonth: REVIEW_MESSAGES.stayMissing,
    });
    const outOfRange = await send({ ...goodReview, rating: 6, text: 'Too short', name: 'N'.repeat(61), stayMonth: '1999-01' });
    expect(outOfRange.json().errors).toEqual({
      rating: REVIEW_MESSAGES.rating,
      text: REVIEW_MESSAGES.textShort,
      name: REVIEW_MESSAGES.nameLong,
      stayMonth: REVIEW_MESSAGES.stayOutside,
    });
    const tooLong = await send({ ...goodReview, text: 'x'.repeat(2001), stayMonth: 'soon' });
    expect(tooLong.json().errors).toEqual({ text: REVIEW_MESSAGES.textLong, stayMonth: REVIEW_MESSAGES.stayOutside });
    expect(await stored()).toEqual([]);
  });

  it('refuses a stay month after this one and takes the oldest month the form offers', async () => {
    const next = new Date();
    next.setMonth(next.getMonth() + 2, 1);
    const future = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}`;
    expect((await send({ ...goodReview, stayMonth: future })).json().errors).toEqual({ stayMonth: REVIEW_MESSAGES.stayOutside });
    expect((await send({ ...goodReview, stayMonth: months.at(-1)!.value })).statusCode).toBe(201);
  });

  it('keeps hostile input as text, without control characters', async () => {
    const text = '<script>alert("x")</script> <img src=x onerror=alert(1)> \u0001 great stay, would come back';
    const response = await send({ ...goodReview, text, name: '<b>Robert\u0007</b>"); DROP TABLE reviews;--' });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await stored();
    expect(row?.body).toBe('<script>alert("x")</script> <img src=x onerror=alert(1)>  great stay, would come back');
    expect(row?.author).toBe('<b>Robert</b>"); DROP TABLE reviews;--');
  });

  it('refuses what is not text (NUL, an unpaired surrogate) with 400 naming the field, as every route does (server/security/text-input.ts)', async () => {
    for (const [field, value] of [['text', `${goodReview.text} \u0000`], ['name', 'Ann \ud800']] as const) {
      const response = await send({ ...goodReview, [field]: value });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^The field ${field} holds a character that is not text`));
    }
    expect(await stored()).toEqual([]);
  });

  it('refuses a line break in the name with the field\'s message; the review\'s text keeps its line breaks', async () => {
    const refused = await send({ ...goodReview, name: 'Ann\r\nLee' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ name: 'Your name must be on one line.' });
    const kept = await send({ ...goodReview, text: `${goodReview.text}\nSecond paragraph.` });
    expect(kept.statusCode, kept.body).toBe(201);
    expect((await stored())[0]?.body).toBe(`${goodReview.text}\nSecond paragraph.`);
  });

  it('answers a filled honeypot as if stored, and stores nothing', async () => {
    const response = await send({ ...goodReview, website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(await stored()).toEqual([]);
  });

  it('refuses a post from another site', async () => {
    const response = await send(goodReview, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it('limits each client to the form limit', async () => {
    const client = fresh();
    for (let i = 0; i < FORM_LIMIT; i++) expect((await send(goodReview, { remoteAddress: client })).statusCode).toBe(201);
    const over = await send(goodReview, { remoteAddress: client });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await send(goodReview, { remoteAddress: fresh() })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(FORM_LIMIT + 1);
  });

  it('refuses a review whose captcha token the verifier refuses, and takes one it accepts', async () => {
    captcha = { required: true, answer: { ok: false, reason: 'invalid' } };
    const refused = await send({ ...goodReview, [CAPTCHA_RESPONSE_FIELD]: 'forged' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: CAPTCHA_REFUSED, captcha: true });
    expect(await stored()).toEqual([]);
    captcha = { required: true, answer: { ok: true } };
    expect((await send({ ...goodReview, [CAPTCHA_RESPONSE_FIELD]: 'solved' })).statusCode).toBe(201);
    expect(captchaCalls).toEqual([
      { token: 'forged', formId: REVIEW_FORM_ID },
      { token: 'solved', formId: REVIEW_FORM_ID },
    ]);
  });

  it('answers 404 for a listing that is not there, and 415 for a body that is not JSON', async () => {
    expect((await send({ ...goodReview, eid: 4999 })).statusCode).toBe(404);
    const form = await app.inject({ method: 'POST', url: REVIEW_PATH, remoteAddress: fresh(), headers: { 'content-type': 'text/plain', ...FROM_THIS_SITE }, payload: 'rating=5' });
    expect(form.statusCode).toBe(415);
    expect(await stored()).toEqual([]);
  });
});

describe('moderation at /admin/reviews', () => {
  it('without a session the page sends the owner to the login, and a decision is refused', async () => {
    await send(goodReview);
    const page = await app.inject({ url: '/admin/reviews', remoteAddress: fresh() });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/admin/analytics/login');
    expect((await decide(await pendingId(), 'approve', null)).statusCode).toBe(401);
    expect((await decide(await pendingId(), 'approve', 'forged.cookie')).statusCode).toBe(401);
    expect(await database.db.select().from(reviews)).toEqual([]);
  });

  it('lists pending reviews with their text escaped and Approve / Reject forms', async () => {
    await send({ ...goodReview, text: '<script>alert(1)</script> and the view was wonderful' });
    const cookie = await sessionCookie();
    const page = await app.inject({ url: '/admin/reviews', remoteAddress: fresh(), headers: { cookie: `${ADMIN_COOKIE}=${cookie}` } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; and the view was wonderful');
    expect(page.body).not.toContain('<script>');
    const id = await pendingId();
    expect(page.body).toContain(`action="/admin/reviews/${id}/approve"`);
    expect(page.body).toContain(`action="/admin/reviews/${id}/reject"`);
  });

  it('refuses a decision posted from another site', async () => {
    await send(goodReview);
    const response = await decide(await pendingId(), 'approve', await sessionCookie(), { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(await database.db.select().from(reviews)).toEqual([]);
  });

  it('approving publishes the review and changes the rating and count in the search index at once', async () => {
    await send({ ...goodReview, rating: 4 });
    await send({ ...goodReview, rating: 1, name: 'Bo' });
    const cookie = await sessionCookie();
    const [first, second] = (await stored()).map((row) => row.id);
    const approved = await decide(first!, 'approve', cookie);
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe('/admin/reviews?done=approved');
    expect(await indexed(EID)).toEqual({ rating: 4, count: 1 });
    await decide(second!, 'approve', cookie);
    expect(await indexed(EID)).toEqual({ rating: 2.5, count: 2 });
    const listing = await createContentService(database.db, settings).listing(`unit-${EID}`);
    expect(listing).toMatchObject({ rating: 2.5, reviewCount: 2 });
    expect(listing?.reviews.map((review) => review.author).sort()).toEqual(['Ann Lee', 'Bo']);
    // Decided once: a second approval changes nothing.
    const again = await decide(first!, 'approve', cookie);
    expect(again.headers.location).toBe('/admin/reviews?done=gone');
    expect(await indexed(EID)).toEqual({ rating: 2.5, count: 2 });
  });

  it('rejecting shows nothing and leaves the rating and count as they were', async () => {
    await send({ ...goodReview, text: 'Rejected words that must never be shown anywhere at all.' });
    const id = await pendingId();
    const response = await decide(id, 'reject', await sessionCookie());
    expect(response.headers.location).toBe('/admin/reviews?done=rejected');
    const [row] = await database.db.select().from(reviewSubmissions).where(eq(reviewSubmissions.id, id));
    expect(row?.status).toBe('rejected');
    expect(await database.db.select().from(reviews)).toEqual([]);
    expect(await indexed(EID)).toEqual({ rating: undefined, count: 0 });
    const listing = await createContentService(database.db, settings).listing(`unit-${EID}`);
    expect(listing?.reviews).toEqual([]);
  });
});
