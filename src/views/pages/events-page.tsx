import { useLoaderData } from 'react-router';
import type { EventsPage as EventsPageData } from '@/domain/content';
import { PagedList } from '@/views/ui/paged-list';
import { EventList } from './event-list';

/** Events and things to do per page of the paged list (spec §2 Other displays). */
const EVENTS_PER_PAGE = 6;

/** Events and things-to-do listing views (spec §2 Events). */
export function EventsPage() {
  const page = useLoaderData() as EventsPageData;
  return (
    <div className="page page--events">
      <h1>{page.title}</h1>
      <p className="lead">{page.intro}</p>
      {page.events.length === 0 ? <p>Nothing is planned just now. Please check back soon.</p> : (
        <PagedList items={page.events} pageSize={EVENTS_PER_PAGE} caption={(event) => event.title} label={page.title}>
          {(events, index) => <EventList events={events} eager={index === 0 ? 3 : 0} level={2} />}
        </PagedList>
      )}
    </div>
  );
}
