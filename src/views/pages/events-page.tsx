import { useLoaderData, useLocation } from 'react-router';
import type { EventsPage as EventsPageData } from '@/domain/content';
import { EventList } from './event-list';

/** Events and things-to-do listing views (spec §2 Events). */
export function EventsPage() {
  const page = useLoaderData() as EventsPageData;
  const thingsToDo = useLocation().pathname.startsWith('/things-to-do');
  return (
    <div className="page page--events">
      <h1>{page.title}</h1>
      <p className="lead">
        {thingsToDo
          ? 'Beaches, trails, boat trips and rainy-day ideas around the Coral Haven Coast.'
          : 'Festivals, markets, concerts and races on the coast in the months ahead.'}
      </p>
      {page.events.length === 0 ? <p>Nothing is planned just now. Please check back soon.</p> : <EventList events={page.events} eager={3} />}
    </div>
  );
}
