/**
 * A pay-later hold's time, as the confirmation page and the email say it. Written in UTC and
 * saying so: the page is rendered on the server and hydrated in any time zone, and an email is
 * read anywhere.
 */
import { formatStayDate } from '@/domain/pricing/dates';

/** '21:45 UTC on Tue, Dec 1, 2026' for '2026-12-01T21:45:10.000Z'. */
export function formatHoldTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = date.toISOString();
  return `${text.slice(11, 16)} UTC on ${formatStayDate(text.slice(0, 10))}`;
}
