/**
 * The booking confirmation email: plain text and HTML (every value escaped), with the link to the
 * confirmation page on the site's public origin.
 *
 * Anyone can type any address at checkout, so the email never opens with what the guest typed:
 * it starts with the site's own words (who sends it and why), says what to do if you did not book,
 * and gives the guest's name only in the booking's details, where the guest expects it. Arrival
 * notes are not in it at all.
 */
import type { BookingConfirmation } from '../../src/domain/content.ts';
import { formatCents } from '../../src/domain/money.ts';
import { formatStayDate } from '../../src/domain/pricing/dates.ts';
import { escapeHtml } from '../html.ts';
import { formatHoldTime } from '../../src/domain/checkout/hold.ts';

export interface ConfirmationEmail {
  subject: string;
  text: string;
  html: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function guestsText(item: BookingConfirmation['items'][number]): string {
  const parts = [plural(item.adult, 'adult', 'adults')];
  if (item.child > 0) parts.push(plural(item.child, 'child', 'children'));
  if (item.senior > 0) parts.push(plural(item.senior, 'senior', 'seniors'));
  return parts.join(', ');
}

function datesText(item: BookingConfirmation['items'][number]): string {
  return item.nights > 0 ? `${formatStayDate(item.begin)} – ${formatStayDate(item.end)} (${plural(item.nights, 'night', 'nights')})` : formatStayDate(item.begin);
}

/**
 * The email of a booking; `url` is the absolute confirmation page URL, `confirmUrl` the hold's
 * confirm link (a pay-later booking the guest confirms; null otherwise).
 */
export function confirmationEmail(booking: BookingConfirmation, site: { name: string; phone: string; email: string }, url: string, confirmUrl: string | null = null): ConfirmationEmail {
  const money = (cents: number) => formatCents(cents, booking.currency, 2);
  const test = booking.payment.test ? ' (test payment: no money was taken)' : '';
  const hold = booking.hold && booking.hold.state === 'held' ? booking.hold : null;
  const until = hold ? formatHoldTime(hold.until) : '';
  const subject = hold
    ? hold.confirmBy === 'guest'
      ? `${site.name}: please confirm your booking by ${until}`
      : `${site.name}: your booking request is with us`
    : `Your booking with ${site.name} is confirmed`;
  const intro = hold
    ? hold.confirmBy === 'guest'
      ? [
          `${site.name} here. This email address was given for a booking on our website, to pay later.`,
          `The nights are held for you until ${until}. The booking is confirmed only when you confirm it:`,
        ]
      : [`${site.name} here. This email address was given for a booking request on our website, to pay later.`, `The nights are held for you until ${until} while we look at your request; we will email you when it is accepted.`]
    : [`${site.name} here: thank you for booking with us. Your booking is confirmed.`];
  const notYou = hold ? `Did not book with us? Then do nothing: the nights are released at ${until} and you will not hear from us about it again.` : '';
  const paymentLine =
    booking.paid > 0 ? `Paid now: ${money(booking.paid)} by ${booking.payment.optionLabel.toLowerCase()}${test}` : `Payment: ${booking.payment.optionLabel}; nothing has been charged yet`;
  const rest = booking.total - booking.deposit;
  const restText = rest > 0 ? `${money(rest)}${booking.balanceDue ? ` by ${formatStayDate(booking.balanceDue)}` : ''}` : '';
  // Pay later: the deposit is due now all the same, and we will be in touch for it.
  const balanceLine =
    booking.balance <= 0
      ? 'Nothing left to pay'
      : booking.paid === 0
        ? `Due now: ${money(booking.deposit)}; we will contact you to take it.${rest > 0 ? ` Then ${restText}.` : ''}`
        : `Still to pay: ${restText}`;
  const guestName = `${booking.guest.firstName} ${booking.guest.lastName}`;

  const text = [
    ...intro,
    ...(hold && confirmUrl ? ['', `Confirm your booking: ${confirmUrl}`] : []),
    '',
    ...booking.items.flatMap((item) => [
      `* ${item.name} — ${item.offerName}`,
      `  ${datesText(item)}, ${guestsText(item)}`,
      `  ${money(item.price)}`,
      ...item.protection.map((p) => `  ${p.name}: ${p.accepted ? money(p.amount) : 'declined'}`),
      '',
    ]),
    `Total: ${money(booking.total)}`,
    paymentLine,
    balanceLine,
    `Booked in the name of: ${guestName}`,
    '',
    `Your booking: ${url}`,
    ...(notYou ? ['', notYou] : []),
    '',
    `Questions? Call us on ${site.phone} or answer this email.`,
    site.name,
  ].join('\n');

  const rows = booking.items
    .map((item) => {
      const protection = item.protection
        .map((p) => `<br>${escapeHtml(p.name)}: ${p.accepted ? escapeHtml(money(p.amount)) : 'declined'}`)
        .join('');
      return `<tr><td style="padding:8px 0;border-bottom:1px solid #e2e8f0"><strong>${escapeHtml(item.name)}</strong> — ${escapeHtml(item.offerName)}<br>${escapeHtml(datesText(item))}, ${escapeHtml(guestsText(item))}${protection}</td><td style="padding:8px 0 8px 16px;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap">${escapeHtml(money(item.price))}</td></tr>`;
    })
    .join('');
  const heading = hold ? (hold.confirmBy === 'guest' ? 'Please confirm your booking' : 'Your booking request is with us') : 'Your booking is confirmed';
  const button =
    hold && confirmUrl
      ? `<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#0e7490;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Confirm my booking</a></p>`
      : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px">
<h1 style="font-size:22px">${escapeHtml(heading)}</h1>
${intro.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${button}
<table style="width:100%;border-collapse:collapse">${rows}
<tr><th style="padding:8px 0;text-align:left">Total</th><td style="padding:8px 0 8px 16px;text-align:right"><strong>${escapeHtml(money(booking.total))}</strong></td></tr></table>
<p>${escapeHtml(paymentLine)}<br>${escapeHtml(balanceLine)}<br>Booked in the name of: ${escapeHtml(guestName)}</p>
<p><a href="${escapeHtml(url)}" style="color:#0e7490">See your booking</a></p>
${notYou ? `<p>${escapeHtml(notYou)}</p>` : ''}
<p>Questions? Call us on <a href="tel:${escapeHtml(site.phone)}">${escapeHtml(site.phone)}</a> or answer this email.</p>
<p>${escapeHtml(site.name)}</p>
</body></html>`;
  return { subject, text, html };
}

/** The email a hold's guest gets when it is confirmed (by the owner on a request-to-book site, or late). */
export function holdConfirmedEmail(site: { name: string; phone: string }, code: string, url: string): ConfirmationEmail {
  const subject = `Your booking with ${site.name} is confirmed`;
  const text = `${site.name} here: your booking ${code} is confirmed and its nights are yours.\n\nYour booking: ${url}\n\nQuestions? Call us on ${site.phone} or answer this email.\n${site.name}\n`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px"><p>${escapeHtml(site.name)} here: your booking ${escapeHtml(code)} is confirmed and its nights are yours.</p><p><a href="${escapeHtml(url)}" style="color:#0e7490">See your booking</a></p><p>Questions? Call us on ${escapeHtml(site.phone)} or answer this email.<br>${escapeHtml(site.name)}</p></body></html>`;
  return { subject, text, html };
}
