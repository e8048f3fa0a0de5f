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

export interface HoldOfBooking {
  state: 'held' | 'confirmed' | 'lapsed';
  until: string;
  confirmBy: 'guest' | 'owner';
}

/**
 * What the confirmation page says of a hold that is not confirmed (null for a confirmed one). A
 * guest's hold is confirmed from the email's link, also after it lapsed; an owner's hold has no
 * link (the owner accepts it, also late), so its words never send the guest to one.
 */
export function holdNotice(hold: HoldOfBooking, email: string): string | null {
  const until = formatHoldTime(hold.until);
  if (hold.state === 'held') {
    return hold.confirmBy === 'guest'
      ? `Your booking is held until ${until} and is not confirmed yet. We have sent an email to ${email}: open the link in it and press Confirm my booking before then, or the nights are released.`
      : `Your booking is held until ${until} while we look at your request; it is not confirmed yet. We will email ${email} when it is accepted. If it is not accepted by then, the nights are released.`;
  }
  if (hold.state === 'lapsed') {
    return hold.confirmBy === 'guest'
      ? `This booking was held until ${until} and was not confirmed in time, so its nights were released. You can still confirm it from the link in your email: if its nights are still free, it is yours.`
      : `This booking was held until ${until} and was not accepted in time, so its nights were released. We may still accept it while its nights are free, and will email ${email} if we do.`;
  }
  return null;
}
