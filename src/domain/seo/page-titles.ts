/**
 * Page titles and the words that tell pages of one kind apart (issue 22: every page of the
 * sitemap has a title and a description of its own). An event held every year keeps its name, so
 * its pages are told apart by their dates. Pure: the routes' titles and the page metadata use it.
 *
 *   eventPageTitle({ title: 'Holiday Boat Parade', begin: '2026-12-12', end: '2026-12-12' }) // 'Holiday Boat Parade, Dec 12, 2026'
 */
import type { EventSummary } from '../content';

let dayFormat: Intl.DateTimeFormat | null = null;
/** Made when first needed: nothing runs when the module is loaded (the browser's bundle can leave it out). */
const days = () => (dayFormat ??= new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** When a dated event is on ('Dec 12, 2026', 'Oct 24 – 25, 2027'); null for a thing to do that runs all year. */
export function eventWhen(event: Pick<EventSummary, 'begin' | 'end'>): string | null {
  if (!event.begin) return null;
  if (!event.end || event.end <= event.begin) return days().format(day(event.begin));
  // Intl puts thin spaces around the dash: plain ones, as in the rest of the title.
  return days().formatRange(day(event.begin), day(event.end)).replace(/\s+/g, ' ');
}

/** An event page's title: its name and, for a dated event, its dates (the same event of another year has its own page). */
export function eventPageTitle(event: Pick<EventSummary, 'title' | 'begin' | 'end'>): string {
  const when = eventWhen(event);
  return when ? `${event.title}, ${when}` : event.title;
}

/** What an event page is about in a sentence: when and where, then its summary. */
export function eventPageSummary(event: Pick<EventSummary, 'begin' | 'end' | 'place' | 'area' | 'summary'>): string {
  const when = eventWhen(event);
  return when ? `${when} at ${event.place}, ${event.area}. ${event.summary}` : event.summary;
}
