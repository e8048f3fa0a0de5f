/**
 * The owner's bookings and calendars pages (issue 26), written on the server like the other
 * owner's pages: plain HTML forms, no script (their CSP allows none), tables with captions and
 * column headers, every message in a status or alert region, every button named by what it acts on.
 *
 *   /admin/bookings                     the bookings (filter by listing and dates; CSV)
 *   /admin/bookings/{code}/cancel       what cancelling does, and the button that does it
 *   /admin/calendars?listing=           per listing: its export URL, its feeds with their last sync and errors, conflicts
 */
import { escapeHtml } from '../html.ts';
import type { ConflictRow, FeedStatus } from '../calendar/calendar-service.ts';
import { feedStatusText, storedState, utcMinute } from '../calendar/feed-status.ts';
import { adminDocument, logoutBar } from './pages.ts';
import { amountText, PAYMENT_OPTIONS, type OwnerBooking } from './owner-bookings.ts';

export const BOOKINGS_PATH = '/admin/bookings';
export const CALENDARS_PATH = '/admin/calendars';

/** The owner's bar (pages.ts logoutBar links these pages too). */

const STYLE =
  '<style>.done{color:#065f46;background:#ecfdf5;border-left:4px solid #047857;padding:.5rem .75rem;border-radius:4px}' +
  '.actions{display:flex;gap:.75rem;flex-wrap:wrap;align-items:center}button.danger{background:#991b1b}button.secondary{background:#fff;color:#155e75;border:2px solid #155e75}' +
  'select{font:inherit;padding:.5rem .6rem;border:1px solid #64748b;border-radius:6px;min-height:44px}.url{width:100%;font-family:ui-monospace,monospace}' +
  'td form{display:inline}.today{font-weight:600}.failing{color:#991b1b;font-weight:600}</style>';

export type Listing = { eid: number; name: string };

/** A row's state for the owner: a pay-later hold says until when it holds, or that it lapsed. */
export function statusText(row: OwnerBooking): string {
  if (row.status === 'imported') return 'Blocked by feed';
  if (row.status === 'cancelled') return 'Cancelled';
  if (row.hold === 'held') return `Held until ${row.heldUntil ? utcMinute(new Date(row.heldUntil)) : '–'} (not confirmed yet)`;
  if (row.hold === 'lapsed') return 'Lapsed: not confirmed in time, nights released';
  return 'Confirmed';
}

const when = (date: Date | null) => (date ? utcMinute(date) : '–');

function listingSelect(listings: readonly Listing[], selected: number | null, id: string): string {
  const options = listings.map((l) => `<option value="${l.eid}"${l.eid === selected ? ' selected' : ''}>${escapeHtml(l.name)} (${l.eid})</option>`).join('');
  return `<select id="${id}" name="listing"><option value="">All listings</option>${options}</select>`;
}

const NOTICES: Record<string, string> = {
  cancelled: 'The booking is cancelled: its nights are free again and the guest has been emailed. The record stays in the list.',
  already: 'That booking was cancelled already.',
  unknown: 'There is no such booking.',
  accepted: 'The booking request is accepted: its nights are taken for good and the guest has been emailed.',
  taken: 'That hold lapsed and some of its nights have been booked since: nothing was accepted.',
  not_held: 'That booking is not waiting for you: it was confirmed or cancelled already.'
};

export function bookingsPage(
  siteName: string,
  rows: readonly OwnerBooking[],
  context: { listings: readonly Listing[]; asked: { listing: string; from: string; to: string }; today: string; error: string | null; notice: string | null },
): string {
  const { asked, error } = context;
  const invalid = error ? ' aria-invalid="true" aria-describedby="filter-error"' : '';
  const filter =
    `<form class="range" method="get" action="${BOOKINGS_PATH}" aria-label="Filter bookings">` +
    `<div><label for="filter-listing">Listing</label>${listingSelect(context.listings, asked.listing === '' ? null : Number(asked.listing), 'filter-listing')}</div>` +
    `<div><label for="filter-from">From</label><input id="filter-from" name="from" type="date" value="${escapeHtml(asked.from)}"${invalid}></div>` +
    `<div><label for="filter-to">To</label><input id="filter-to" name="to" type="date" value="${escapeHtml(asked.to)}"${invalid}></div>` +
    '<div><button type="submit">Show</button></div></form>' +
    (error ? `<p id="filter-error" class="error" role="alert">${escapeHtml(error)}</p>` : '');
  const notice = context.notice && NOTICES[context.notice] ? `<p class="${context.notice === 'cancelled' || context.notice === 'accepted' ? 'done' : 'error'}" role="status">${escapeHtml(NOTICES[context.notice]!)}</p>` : '';
  const query = new URLSearchParams(Object.entries(asked).filter(([, v]) => v !== '')).toString();
  const csv = `<a class="csv" href="${BOOKINGS_PATH}.csv${query ? `?${escapeHtml(query)}` : ''}" download>Download these bookings as CSV</a>`;
  const head = ['Guest', 'Listing', 'Arrival', 'Departure', 'Amount', 'Payment', 'Status', 'Channel', 'Action'].map((label) => `<th scope="col"${label === 'Amount' ? ' class="n"' : ''}>${label}</th>`).join('');
  const body = rows
    .map((row) => {
      const marks = [row.begin === context.today ? 'arrives today' : '', row.end === context.today ? 'leaves today' : ''].filter(Boolean).join(', ');
      const accept =
        row.code && row.status === 'confirmed' && (row.hold === 'held' || row.hold === 'lapsed')
          ? `<form method="post" action="${BOOKINGS_PATH}/${encodeURIComponent(row.code)}/accept"><button type="submit" class="secondary" aria-label="Accept the booking of ${escapeHtml(row.guest)} at ${escapeHtml(row.listing)}, ${row.begin} to ${row.end}">Accept</button></form> `
          : '';
      const action =
        accept +
        (row.code && row.status === 'confirmed'
          ? `<a href="${BOOKINGS_PATH}/${encodeURIComponent(row.code)}/cancel" aria-label="Cancel the booking of ${escapeHtml(row.guest)} at ${escapeHtml(row.listing)}, ${row.begin} to ${row.end}">Cancel…</a>`
          : '');
      return (
        `<tr${marks ? ' class="today"' : ''}><td class="text">${escapeHtml(row.guest || '–')}${marks ? ` <span class="note">(${marks})</span>` : ''}</td>` +
        `<td class="text">${escapeHtml(row.listing)}</td><td>${row.begin}</td><td>${row.end}</td><td class="n">${escapeHtml(amountText(row) || '–')}</td>` +
        `<td>${escapeHtml(PAYMENT_OPTIONS[row.paymentOption] ?? '–')}</td><td>${escapeHtml(statusText(row))}</td>` +
        `<td>${escapeHtml(row.channel)}</td><td>${action}</td></tr>`
      );
    })
    .join('');
  const table =
    rows.length === 0
      ? '<p class="note">No booking matches.</p>'
      : `<div class="table"><table><caption>${rows.length} stay${rows.length === 1 ? '' : 's'}: today's arrivals and departures first, then by arrival</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
  return adminDocument('Bookings', siteName, `${STYLE}<h1>Bookings</h1>${notice}${filter}${csv}${table}`, logoutBar);
}

export function cancelPage(siteName: string, row: OwnerBooking & { code: string }, stays: readonly OwnerBooking[]): string {
  const list = stays.map((stay) => `<li>${escapeHtml(stay.listing)}: ${stay.begin} to ${stay.end}</li>`).join('');
  return adminDocument(
    'Cancel a booking',
    siteName,
    `${STYLE}<div class="card"><h1 id="cancel-title">Cancel this booking?</h1>` +
      `<p>Booking of <strong>${escapeHtml(row.guest)}</strong>:</p><ul>${list}</ul>` +
      '<p id="cancel-effect">Cancelling frees these nights on this site and in its calendar export, and emails the guest. The booking stays in the list as cancelled. Refunds are made with the payment provider.</p>' +
      `<div class="actions"><form method="post" action="${BOOKINGS_PATH}/${encodeURIComponent(row.code)}/cancel"><button type="submit" class="danger" aria-describedby="cancel-effect">Cancel the booking</button></form>` +
      `<a href="${BOOKINGS_PATH}">Keep it</a></div></div>`,
    logoutBar,
  );
}

const CALENDAR_NOTICES: Record<string, string> = {
  added: 'The feed is added and was read once; it is read again every few minutes.',
  removed: 'The feed is removed: the nights it blocked are free again.',
  synced: 'The feed was read again.',
  rotated: 'The export has a new address: give it to every channel again; the old one no longer answers.',
};

export function calendarsPage(
  siteName: string,
  context: {
    listings: readonly Listing[];
    listing: Listing | null;
    exportUrl: string | null;
    feeds: readonly FeedStatus[];
    conflicts: readonly ConflictRow[];
    error: string | null;
    notice: string | null;
    asked?: { channel: string; url: string };
  },
): string {
  const chooser =
    `<form class="range" method="get" action="${CALENDARS_PATH}" aria-label="Choose a listing">` +
    `<div><label for="calendar-listing">Listing</label>${listingSelect(context.listings, context.listing?.eid ?? null, 'calendar-listing')}</div>` +
    '<div><button type="submit">Show</button></div></form>';
  const notice = context.notice && CALENDAR_NOTICES[context.notice] ? `<p class="done" role="status">${escapeHtml(CALENDAR_NOTICES[context.notice]!)}</p>` : '';
  const error = context.error ? `<p id="feed-error" class="error" role="alert">${escapeHtml(context.error)}</p>` : '';
  const listingOf = new Map(context.listings.map((l) => [l.eid, l.name]));
  const feedRows = context.feeds
    .map((feed) => {
      const name = `${feed.channel} feed of ${listingOf.get(feed.unitEid) ?? feed.unitEid}`;
      // The words are the feed status machine's (server/calendar/feed-status.ts).
      const state = storedState(feed);
      const text = escapeHtml(feedStatusText(state, feed));
      const status = state === 'failing' ? `<span class="failing">${text.replace(/: /, '</span>: ')}` : text;
      return (
        `<tr><td>${escapeHtml(feed.channel)}</td><td class="text">${escapeHtml(listingOf.get(feed.unitEid) ?? String(feed.unitEid))}</td><td class="text">${escapeHtml(feed.url)}</td>` +
        `<td class="n">${feed.events}</td><td>${when(feed.lastSuccessAt)}</td><td class="text">${status}</td>` +
        `<td><div class="actions"><form method="post" action="${CALENDARS_PATH}/feeds/${feed.id}/sync"><button type="submit" class="secondary" aria-label="Read the ${escapeHtml(name)} now">Sync now</button></form>` +
        `<form method="post" action="${CALENDARS_PATH}/feeds/${feed.id}/remove"><button type="submit" class="danger" aria-label="Remove the ${escapeHtml(name)}">Remove</button></form></div></td></tr>`
      );
    })
    .join('');
  const feedsTable =
    context.feeds.length === 0
      ? '<p class="note">No feed is imported here yet.</p>'
      : '<div class="table"><table><caption>Imported feeds</caption><thead><tr><th scope="col">Channel</th><th scope="col">Listing</th><th scope="col">Address</th><th scope="col" class="n">Stays</th><th scope="col">Last good read</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>' +
        `<tbody>${feedRows}</tbody></table></div>`;
  const conflictRows = context.conflicts
    .map((c) => `<tr><td>${escapeHtml(c.channel)}</td><td class="text">${escapeHtml(listingOf.get(c.unitEid) ?? String(c.unitEid))}</td><td>${c.beginDate}</td><td>${c.endDate}</td><td>#${c.bookingId}</td><td>${when(c.detectedAt)}</td></tr>`)
    .join('');
  const conflicts =
    context.conflicts.length === 0
      ? ''
      : '<section aria-labelledby="conflicts-title"><h2 id="conflicts-title">Double bookings</h2><p class="note">These stays of other channels overlap bookings made here. Both stand until you cancel one.</p>' +
        '<div class="table"><table><caption>Conflicts with bookings made here</caption><thead><tr><th scope="col">Channel</th><th scope="col">Listing</th><th scope="col">Arrival</th><th scope="col">Departure</th><th scope="col">Booking here</th><th scope="col">Found</th></tr></thead>' +
        `<tbody>${conflictRows}</tbody></table></div></section>`;
  let listingPart = '';
  if (context.listing) {
    const eid = context.listing.eid;
    const invalid = context.error ? ' aria-invalid="true" aria-describedby="feed-error"' : '';
    listingPart =
      `<section aria-labelledby="export-title"><h2 id="export-title">Export of ${escapeHtml(context.listing.name)}</h2>` +
      '<p class="note">Give this address to Airbnb, Vrbo and the other channels (their "import calendar" setting). It lists the nights booked and blocked here, without any guest detail. Select it and copy it.</p>' +
      `<label for="export-url">Calendar address</label><input id="export-url" class="url" type="text" readonly value="${escapeHtml(context.exportUrl ?? '')}">` +
      `<form method="post" action="${CALENDARS_PATH}/${eid}/rotate"><p><button type="submit" class="secondary" aria-describedby="rotate-note">Make a new address</button></p><p id="rotate-note" class="note">The old address stops working at once; give the new one to every channel.</p></form></section>` +
      `<section aria-labelledby="add-title"><h2 id="add-title">Import a channel's calendar</h2>${error}` +
      `<form method="post" action="${CALENDARS_PATH}/${eid}/feeds">` +
      `<label for="feed-channel">Channel</label><input id="feed-channel" name="channel" required maxlength="60" placeholder="Airbnb" value="${escapeHtml(context.asked?.channel ?? '')}"${invalid}>` +
      `<label for="feed-url">Calendar address (.ics) given by the channel</label><input id="feed-url" class="url" name="url" type="url" required maxlength="2048" value="${escapeHtml(context.asked?.url ?? '')}"${invalid}>` +
      '<p><button type="submit">Add the feed</button></p></form></section>';
  }
  return adminDocument(
    'Calendars',
    siteName,
    `${STYLE}<h1>Calendars</h1>${notice}${chooser}${context.listing ? '' : error}${listingPart}${conflicts}<section aria-labelledby="feeds-title"><h2 id="feeds-title">${context.listing ? `Feeds of ${escapeHtml(context.listing.name)}` : 'Every imported feed'}</h2>${feedsTable}</section>`,
    logoutBar,
  );
}
