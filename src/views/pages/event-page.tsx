import { useLoaderData } from 'react-router';
import type { EventDetail } from '@/domain/content';
import { FeaturedMapSlot } from '@/views/map/featured-map-slot';
import { LazyPlaceholder } from '@/views/ui/lazy-placeholder';
import { eventDates } from './event-list';

/** Event and things-to-do detail page (spec §2 Events): the location map sits in the featured area. */
export function EventPage() {
  const event = useLoaderData() as EventDetail;
  return (
    <article className="page page--event">
      <div className="event-featured">
        <img src={event.photo.src} alt={event.photo.caption} width={event.photo.width} height={event.photo.height} fetchPriority="high" />
        <div className="event-featured__location">
          <h2 className="h3">Where</h2>
          <p>
            {event.place}, {event.area}
          </p>
          <p className="muted">
            {event.latitude.toFixed(4)}, {event.longitude.toFixed(4)}
          </p>
          <FeaturedMapSlot place={{ latitude: event.latitude, longitude: event.longitude, label: event.place }} />
        </div>
      </div>
      <p className="eyebrow">{event.kind === 'event' ? 'Event' : 'Thing to do'}</p>
      <h1>{event.title}</h1>
      <p className="event-card__when">{eventDates(event)}</p>
      {event.description.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      {/* Below the fold: the related events come when the visitor scrolls to them (spec §2 Lazy placeholder blocks). */}
      <LazyPlaceholder url={`/${event.kind === 'event' ? 'events' : 'things-to-do'}/${event.slug}/related`} label={event.kind === 'event' ? 'More events on the coast' : 'More things to do'} />
      <p>
        <a href={event.kind === 'event' ? '/events' : '/things-to-do'}>
          ← All {event.kind === 'event' ? 'events' : 'things to do'}
        </a>
      </p>
    </article>
  );
}
