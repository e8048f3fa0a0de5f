import type { EventSummary } from '@/domain/content';
import { DeferredLazyBackground } from '@/views/ui/lazy-background-area';
import { LazyImage } from '@/views/ui/lazy-image';

const dateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function eventDates(event: Pick<EventSummary, 'begin' | 'end'>): string {
  if (!event.begin) return 'All year';
  const begin = dateFormat.format(new Date(`${event.begin}T00:00:00Z`));
  if (!event.end || event.end === event.begin) return begin;
  return `${begin} – ${dateFormat.format(new Date(`${event.end}T00:00:00Z`))}`;
}

export function eventHref(event: Pick<EventSummary, 'kind' | 'slug'>): string {
  return `/${event.kind === 'event' ? 'events' : 'things-to-do'}/${event.slug}`;
}

/**
 * Event and things-to-do articles in columns of equal height (spec §2 Events). The first `eager`
 * cards' pictures are in the page's HTML; the others are lazy background images (spec §4).
 */
export function EventList({ events, eager = 0 }: { events: EventSummary[]; /** The first cards, in view as the page opens: their images come at once. */ eager?: number }) {
  return (
    <div className="event-list">
      {events.map((event, index) => (
        <article key={event.slug} className="event-card">
          {index < eager ? (
            <LazyImage photo={event.photo} alt="" eager priority={index === 0} />
          ) : (
            <DeferredLazyBackground photo={event.photo} className="event-card__image" />
          )}
          <div className="event-card__body">
            <h3>
              <a href={eventHref(event)}>{event.title}</a>
            </h3>
            <p className="event-card__when">
              {eventDates(event)} · {event.place}, {event.area}
            </p>
            <p>{event.summary}</p>
          </div>
        </article>
      ))}
    </div>
  );
}
