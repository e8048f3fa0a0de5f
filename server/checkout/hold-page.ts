/**
 * The page a pay-later hold's email links to (/rescms/order/confirm/{code}/{token}): what is held
 * and until when, and the one button that confirms it. Confirming is a POST from this page, never
 * the link itself: mail scanners and link previews open links, and must not book for the guest.
 * Plain HTML without script (its CSP allows none), like the owner's pages.
 */
import type { BookingConfirmation } from '../../src/domain/content.ts';
import { formatHoldTime } from '../../src/domain/checkout/hold.ts';
import { formatStayDate } from '../../src/domain/pricing/dates.ts';
import { escapeHtml } from '../html.ts';
import { ADMIN_CSP } from '../admin/pages.ts';

/** The owner's pages' policy: no script, styles inline, forms to this site only. */
export const HOLD_PAGE_CSP = ADMIN_CSP;

const STYLE =
  'body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}' +
  'button{font:inherit;background:#0e7490;color:#fff;border:0;border-radius:6px;padding:.7rem 1.2rem;min-height:44px;cursor:pointer}button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}' +
  '.error{color:#991b1b}.note{color:#334155}';

function page(siteName: string, title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head><body><main id="main">${body}</main></body></html>`
  );
}

function staysList(booking: BookingConfirmation): string {
  return `<ul>${booking.items.map((item) => `<li>${escapeHtml(item.name)}: ${escapeHtml(formatStayDate(item.begin))}${item.nights > 0 ? ` – ${escapeHtml(formatStayDate(item.end))}` : ''}</li>`).join('')}</ul>`;
}

/** The hold with its confirm button (a lapsed one can still be confirmed if its nights are free). */
export function holdPage(siteName: string, booking: BookingConfirmation, action: string): string {
  const until = booking.hold ? formatHoldTime(booking.hold.until) : '';
  const lapsed = booking.hold?.state === 'lapsed';
  const text = lapsed
    ? `<p id="hold-state">This booking was held until ${escapeHtml(until)} and that time has passed. You can still confirm it: if its nights are still free, the booking is yours; if someone else has booked them since, nothing is booked.</p>`
    : `<p id="hold-state">Your booking is held until ${escapeHtml(until)}. It is confirmed only when you press the button below; if you do not, the nights are released then.</p>`;
  return page(
    siteName,
    'Confirm your booking',
    `<h1>Confirm your booking</h1>${text}${staysList(booking)}` +
      `<form method="post" action="${escapeHtml(action)}"><button type="submit" aria-describedby="hold-state">Confirm my booking</button></form>` +
      `<p class="note">Did not book with ${escapeHtml(siteName)}? Then do nothing.</p>`,
  );
}

/** A message page: the link is not valid, the nights were taken, the booking was cancelled. */
export function holdMessagePage(siteName: string, title: string, message: string): string {
  return page(siteName, title, `<h1>${escapeHtml(title)}</h1><p class="error" role="alert">${escapeHtml(message)}</p><p><a href="/">Go to ${escapeHtml(siteName)}</a></p>`);
}
