/**
 * A listing's calendar for other channels (Airbnb, Vrbo, Booking.com, channel managers):
 *
 *   GET /calendar/{eid}/{token}.ics → 200 text/calendar | 304 (If-None-Match / If-Modified-Since) | 404
 *
 * The token is the listing's secret (rotated on the owner's calendars page); a wrong one is 404
 * like an unknown listing. `Cache-Control: no-cache` with an ETag and Last-Modified: a channel
 * asks every time and gets 304 until a night changes, so a booking made here is in the very next
 * answer. Nothing personal is in it: each stay is 'Reserved' or 'Not available'.
 */
import type { FastifyInstance } from 'fastify';
import type { CalendarService } from './calendar-service.ts';

const notFound = 'There is no such calendar (the link may have been renewed by the owner).';

export function registerCalendarExportRoute(app: FastifyInstance, calendar: Pick<CalendarService, 'exportCalendar'>): void {
  app.get<{ Params: { eid: string; file: string } }>('/calendar/:eid/:file', { config: { limit: 'calendar' } }, async (request, reply) => {
    const { eid, file } = request.params;
    const token = /^[A-Za-z0-9_-]{32,64}\.ics$/.test(file) ? file.slice(0, -4) : null;
    reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    if (!/^\d{1,9}$/.test(eid) || token === null) return reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(notFound);
    const found = await calendar.exportCalendar(Number(eid), token);
    if (!found) return reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(notFound);
    reply.header('cache-control', 'private, no-cache').header('etag', found.etag).header('last-modified', found.lastModified.toUTCString());
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const matches = typeof ifNoneMatch === 'string' ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === found.etag) : false;
    const since = typeof ifModifiedSince === 'string' && ifNoneMatch === undefined ? Date.parse(ifModifiedSince) : NaN;
    if (matches || (Number.isFinite(since) && found.lastModified.getTime() <= since)) return reply.status(304).send();
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `inline; filename="listing-${eid}.ics"`)
      .send(found.body());
  });
}
