/**
 * The related events of an event or thing-to-do page, as the HTML its lazy placeholder is replaced
 * by (spec §2 Lazy placeholder blocks, §7 GET {data-bto-jump-select url}):
 *
 *   GET /events/{slug}/related, GET /things-to-do/{slug}/related → text/html: up to RELATED_EVENTS
 *     others of the same kind, those in the same area first, then by date; 404 for an unknown page.
 *
 * Below the fold and not needed to read the page, so it is fetched when the visitor scrolls to it.
 */
import type { FastifyInstance } from 'fastify';
import type { ContentSource, EventSummary } from '../../src/domain/content.ts';
import { escapeHtml } from '../html.ts';
import { sendProblem } from '../security/error-page.ts';

export const RELATED_EVENTS = 3;

const dateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const day = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));
const when = (event: EventSummary) => (!event.begin ? 'All year' : !event.end || event.end === event.begin ? day(event.begin) : `${day(event.begin)} – ${day(event.end)}`);
const hrefOf = (event: EventSummary) => `/${event.kind === 'event' ? 'events' : 'things-to-do'}/${encodeURIComponent(event.slug)}`;

/** Others of the same kind: the same area first, then in the order of the list (soonest first). */
export function relatedEvents(current: EventSummary, all: readonly EventSummary[]): EventSummary[] {
  const others = all.filter((event) => event.slug !== current.slug);
  return [...others.filter((event) => event.area === current.area), ...others.filter((event) => event.area !== current.area)].slice(0, RELATED_EVENTS);
}

export function relatedEventsHtml(current: EventSummary, related: readonly EventSummary[]): string {
  const e = escapeHtml;
  const heading = current.kind === 'event' ? 'More events on the coast' : 'More things to do';
  if (related.length === 0) return `<section class="related-events"><h2 class="h3">${heading}</h2><p>Nothing else is on just now.</p></section>`;
  const items = related
    .map(
      (event) =>
        `<li class="related-events__item"><a href="${e(hrefOf(event))}">${e(event.title)}</a><span class="related-events__when">${e(when(event))} · ${e(event.place)}, ${e(event.area)}</span></li>`,
    )
    .join('');
  return `<section class="related-events"><h2 class="h3">${heading}</h2><ul class="related-events__list">${items}</ul></section>`;
}

export function registerRelatedEvents(app: FastifyInstance, content: Pick<ContentSource, 'event' | 'events'>): void {
  for (const prefix of ['events', 'things-to-do'] as const) {
    app.get<{ Params: { slug: string } }>(`/${prefix}/:slug/related`, { config: { limit: 'content' } }, async (request, reply) => {
      const current = await content.event(request.params.slug);
      const kind = prefix === 'events' ? 'event' : 'thing-to-do';
      if (!current || current.kind !== kind) return sendProblem(request, reply, 404, 'There is no such page.');
      const { events } = await content.events(kind);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(relatedEventsHtml(current, relatedEvents(current, events)));
    });
  }
}
