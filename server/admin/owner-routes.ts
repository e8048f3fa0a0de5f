/**
 * The owner's bookings and calendars (issue 26), behind the admin login (registered inside the
 * admin scope of routes.ts, so the session check, form bodies and cross-site refusal apply):
 *
 *   GET  /admin/bookings?listing=&from=&to=   → the bookings page | 400 with the form and a message
 *   GET  /admin/bookings.csv?listing=&from=&to= → the same rows as CSV
 *   GET  /admin/bookings/{code}/cancel         → the confirmation page | 404
 *   POST /admin/bookings/{code}/cancel         → 303 to /admin/bookings?done=cancelled|already|unknown
 *   POST /admin/bookings/{code}/accept         → 303 to /admin/bookings?done=accepted|taken|not_held|unknown (a pay-later hold)
 *   GET  /admin/calendars?listing=             → the calendars page
 *   POST /admin/calendars/{eid}/feeds  channel=&url= → 303 back (the feed read once) | 400 with the form and a message
 *   POST /admin/calendars/feeds/{id}/sync|remove     → 303 back
 *   POST /admin/calendars/{eid}/rotate               → 303 back (the export has a new token)
 *
 * Pages are private (no-store); a request without a session is sent to the login (GET) or 401 (POST).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { tripBookings, units } from '../db/schema.ts';
import { confirmationPath } from '../checkout/checkout-service.ts';
import { holdConfirmedEmail } from '../checkout/emails.ts';
import { confirmHold } from '../checkout/holds.ts';
import { sendProblem } from '../security/error-page.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { CalendarInputError, type CalendarService } from '../calendar/calendar-service.ts';
import { csvTable } from './csv.ts';
import { cancelBooking, ownerBookings, parseBookingFilter, PAYMENT_OPTIONS } from './owner-bookings.ts';
import { BOOKINGS_PATH, bookingsPage, calendarsPage, CALENDARS_PATH, cancelPage, type Listing } from './owner-pages.ts';
import { LOGIN_PATH } from './pages.ts';
import { askToCancel, confirmCancel } from './cancel-flow.ts';

export interface OwnerRouteOptions {
  db: Database;
  calendar?: CalendarService | undefined;
  mail?: Pick<MailQueue, 'enqueue' | 'kick'> | undefined;
  /** After a cancellation freed nights (the pricing model reloads). */
  changed?: (() => void) | undefined;
  /** For the email that tells a guest the owner accepted their hold: the confirmation page's origin and the site's phone. */
  publicOrigin?: string | undefined;
  sitePhone?: string | undefined;
}

interface Context {
  siteName: string;
  now: () => Date;
  isLoggedIn: (request: FastifyRequest) => boolean;
  privateHtml: (reply: FastifyReply, status: number, html: string) => FastifyReply;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function registerOwnerRoutes(scope: FastifyInstance, options: OwnerRouteOptions, context: Context): void {
  const { db, calendar } = options;
  const { isLoggedIn, privateHtml, siteName } = context;
  const read = { config: { limit: 'content' as const } };
  const write = { config: { limit: 'moderation' as const } };
  const today = () => context.now().toISOString().slice(0, 10);
  const listings = async (): Promise<Listing[]> => db.select({ eid: units.eid, name: units.name }).from(units).orderBy(asc(units.name));
  const toLogin = (reply: FastifyReply) => reply.header('cache-control', 'no-store').redirect(LOGIN_PATH, 303);
  const back = (reply: FastifyReply, location: string) => reply.header('cache-control', 'no-store').redirect(location, 303);

  scope.get(BOOKINGS_PATH, read, async (request, reply) => {
    if (!isLoggedIn(request)) return toLogin(reply);
    const query = request.query as Record<string, unknown>;
    const parsed = parseBookingFilter(query);
    const done = text(query.done);
    if (!parsed.ok) return privateHtml(reply, 400, bookingsPage(siteName, [], { listings: await listings(), asked: parsed.asked, today: today(), error: parsed.message, notice: null }));
    const asked = { listing: parsed.filter.unitEid === null ? '' : String(parsed.filter.unitEid), from: parsed.filter.from ?? '', to: parsed.filter.to ?? '' };
    const rows = await ownerBookings(db, parsed.filter, today());
    return privateHtml(reply, 200, bookingsPage(siteName, rows, { listings: await listings(), asked, today: today(), error: null, notice: done || null }));
  });

  scope.get(`${BOOKINGS_PATH}.csv`, read, async (request, reply) => {
    if (!isLoggedIn(request)) return sendProblem(request, reply, 401, `Please log in at ${LOGIN_PATH} first.`);
    const parsed = parseBookingFilter(request.query as Record<string, unknown>);
    if (!parsed.ok) return sendProblem(request, reply, 400, parsed.message);
    const rows = await ownerBookings(db, parsed.filter, today(), context.now());
    const csv = csvTable(
      ['code', 'guest', 'listing_id', 'listing', 'arrival', 'departure', 'amount', 'currency', 'payment_option', 'status', 'hold', 'held_until', 'channel'],
      rows.map((row) => [row.code, row.guest, row.unitEid, row.listing, row.begin, row.end, row.amountCents === null ? null : row.amountCents / 100, row.currency, PAYMENT_OPTIONS[row.paymentOption] ?? '', row.status, row.hold ?? '', row.heldUntil ?? '', row.channel]),
    );
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-disposition', `attachment; filename="bookings-${today()}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });

  scope.get<{ Params: { code: string } }>(`${BOOKINGS_PATH}/:code/cancel`, read, async (request, reply) => {
    if (!isLoggedIn(request)) return toLogin(reply);
    const rows = await ownerBookings(db, { unitEid: null, from: null, to: null, code: request.params.code.slice(0, 100) }, today());
    const first = rows[0];
    if (!first || first.code === null) return sendProblem(request, reply, 404, 'There is no such booking.');
    // The booking cancel machine decides: a confirmed booking is asked about, a cancelled one is gone.
    const asked = askToCancel(first.status === 'cancelled' ? 'cancelled' : 'confirmed');
    if (asked.state !== 'asking') return back(reply, `${BOOKINGS_PATH}?done=${asked.notice ?? 'already'}`);
    return privateHtml(reply, 200, cancelPage(siteName, { ...first, code: first.code }, rows));
  });

  // Request to book (or a guest who phoned): the owner accepts a pay-later hold, and the guest is told.
  scope.post<{ Params: { code: string } }>(`${BOOKINGS_PATH}/:code/accept`, write, async (request, reply) => {
    if (!isLoggedIn(request)) return sendProblem(request, reply, 401, `Please log in at ${LOGIN_PATH} first.`);
    const code = request.params.code.slice(0, 100);
    const mail = options.mail;
    // The guest's email is queued in the transaction that accepts the hold.
    const tellGuest = mail
      ? async (tx: typeof db) => {
          const [trip] = await tx.select({ email: tripBookings.email }).from(tripBookings).where(eq(tripBookings.code, code)).limit(1);
          if (!trip) return;
          const email = holdConfirmedEmail({ name: siteName, phone: options.sitePhone ?? '' }, code, `${options.publicOrigin ?? ''}${confirmationPath(code)}`);
          await mail.enqueue(tx, { kind: 'booking-accepted', reference: code, to: trip.email, subject: email.subject, text: email.text, html: email.html });
        }
      : undefined;
    const result = await confirmHold(db, code, { owner: true }, context.now(), tellGuest);
    request.log.info({ status: result.status }, 'site owner accepted a pay-later hold');
    if (result.status === 'confirmed' || result.status === 'confirmed-late') {
      mail?.kick();
      options.changed?.();
    }
    const notice = result.status === 'confirmed' || result.status === 'confirmed-late' ? 'accepted' : result.status === 'taken' ? 'taken' : result.status === 'unknown' ? 'unknown' : 'not_held';
    return back(reply, `${BOOKINGS_PATH}?done=${notice}`);
  });

  scope.post<{ Params: { code: string } }>(`${BOOKINGS_PATH}/:code/cancel`, write, async (request, reply) => {
    if (!isLoggedIn(request)) return sendProblem(request, reply, 401, `Please log in at ${LOGIN_PATH} first.`);
    const code = request.params.code.slice(0, 100);
    const notice = await confirmCancel(async () => {
      const result = await cancelBooking(db, code, { mail: options.mail, siteName, calendar, changed: options.changed });
      request.log.info({ status: result.status, units: result.unitEids }, 'site owner cancelled a booking');
      return result;
    });
    return back(reply, `${BOOKINGS_PATH}?done=${notice}`);
  });

  if (!calendar) return;

  const calendarPage = async (listingRaw: string, extra: { error: string | null; notice: string | null; asked?: { channel: string; url: string } }) => {
    const all = await listings();
    const listing = /^\d{1,9}$/.test(listingRaw) ? (all.find((l) => l.eid === Number(listingRaw)) ?? null) : null;
    const token = listing ? await calendar.exportToken(listing.eid) : null;
    return calendarsPage(siteName, {
      listings: all,
      listing,
      exportUrl: listing && token ? calendar.exportUrl(listing.eid, token) : null,
      feeds: await calendar.feeds(listing?.eid),
      conflicts: await calendar.conflicts(listing?.eid),
      ...extra,
    });
  };

  scope.get(CALENDARS_PATH, read, async (request, reply) => {
    if (!isLoggedIn(request)) return toLogin(reply);
    const query = request.query as Record<string, unknown>;
    return privateHtml(reply, 200, await calendarPage(text(query.listing), { error: null, notice: text(query.done) || null }));
  });

  scope.post<{ Params: { eid: string } }>(`${CALENDARS_PATH}/:eid/feeds`, write, async (request, reply) => {
    if (!isLoggedIn(request)) return sendProblem(request, reply, 401, `Please log in at ${LOGIN_PATH} first.`);
    const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const asked = { channel: (body.get('channel') ?? '').slice(0, 100), url: (body.get('url') ?? '').slice(0, 2100) };
    const eid = /^\d{1,9}$/.test(request.params.eid) ? Number(request.params.eid) : NaN;
    try {
      if (!Number.isSafeInteger(eid)) throw new CalendarInputError('There is no such listing.');
      const id = await calendar.addFeed(eid, asked.channel, asked.url);
      // Read once at once: the owner sees the first result (or its error) on the page.
      await calendar.syncFeed(id);
      return back(reply, `${CALENDARS_PATH}?listing=${eid}&done=added`);
    } catch (error) {
      if (!(error instanceof CalendarInputError)) throw error;
      return privateHtml(reply, 400, await calendarPage(request.params.eid, { error: error.message, notice: null, asked }));
    }
  });

  scope.post<{ Params: { id: string; action: string } }>(`${CALENDARS_PATH}/feeds/:id/:action`, write, async (request, reply) => {
    if (!isLoggedIn(request)) return sendProblem(request, reply, 401, `Please log in at ${LOGIN_PATH} first.`);
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    const unitEid = Number.isSafeInteger(id) ? await calendar.feedUnit(id) : null;
    if (unitEid === null || (request.params.action !== 'sync' && request.params.action !== 'remove')) return sendProblem(request, reply, 404, 'There is no such feed action.');
    if (request.params.action === 'sync') await calendar.syncFeed(id);
    else await calendar.removeFeed(id);
    return back(reply, `${CALENDARS_PATH}?listing=${unitEid}&done=${request.params.action === 'sync' ? 'synced' : 'removed'}`);
  });

  scope.post<{ Params: { eid: string } }>(`${CALENDARS_PATH}/:eid/rotate`, write, async (request, reply) => {
    if (!isLoggedIn(request)) return sendProblem(request, reply, 401, `Please log in at ${LOGIN_PATH} first.`);
    const eid = /^\d{1,9}$/.test(request.params.eid) ? Number(request.params.eid) : NaN;
    if (!Number.isSafeInteger(eid) || (await calendar.rotateToken(eid)) === null) return sendProblem(request, reply, 404, 'There is no such listing.');
    return back(reply, `${CALENDARS_PATH}?listing=${eid}&done=rotated`);
  });
}

