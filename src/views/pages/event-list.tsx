import type { EventSummary } from '@/domain/content';
import { DeferredLazyBackground } from '@/views/ui/lazy-background-area';
import { LazyImage } from '@/views/ui/lazy-image';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
let dateFormatter: Intl.DateTimeFormat | null = null;
/**
 * 'Nov 27, 2026', as Intl's 'en' medium date in UTC writes it, without building a DateTimeFormat
 * for the common years (issue 24: the first one loads the locale's data, up to 130 ms of a slowed
 * phone's start on the home page); Intl's own (made on first use) for anything else.
 */
const dateFormat = {
  format: (date: Date): string => {
    const year = date.getUTCFullYear();
    if (year >= 1000 && year <= 9999) return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`;
    return (dateFormatter ??= new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })).format(date);
  },
};

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
 * cards' pictures are in the page's HTML; the others are lazy background images (spec §4). Each
 * card's title is a heading one level below the list's own (`level`): h2 straight under a page's
 * h1, h3 under a section's h2 (no level skipped: issue 22).
 */
export function EventList({
  events,
  eager = 0,
  level,
}: {
  events: EventSummary[];
  /** The first cards, in view as the page opens: their images come at once. */
  eager?: number;
  /** The heading level of the cards' titles. */
  level: 2 | 3;
}) {
  const Title = level === 2 ? 'h2' : 'h3';
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
            <Title className="event-card__title">
              <a href={eventHref(event)}>{event.title}</a>
            </Title>
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
