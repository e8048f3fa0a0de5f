/**
 * The booking confirmation email: plain text and HTML (every value escaped), with the link to the
 * confirmation page on the site's public origin.
 */
import type { BookingConfirmation } from '../../src/domain/content.ts';
import { formatCents } from '../../src/domain/money.ts';
import { formatStayDate } from '../../src/domain/pricing/dates.ts';
import { escapeHtml } from '../html.ts';

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

/** The confirmation email of a booking; `url` is the absolute confirmation page URL. */
export function confirmationEmail(booking: BookingConfirmation, site: { name: string; phone: string; email: string }, url: string): ConfirmationEmail {
  const money = (cents: number) => formatCents(cents, booking.currency, 2);
  const test = booking.payment.test ? ' (test payment: no money was taken)' : '';
  const subject = `Your booking with ${site.name} is confirmed`;
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

  const text = [
    `Dear ${booking.guest.firstName} ${booking.guest.lastName},`,
    '',
    `thank you for booking with ${site.name}. Your booking is confirmed:`,
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
    '',
    `Your booking: ${url}`,
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
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px">
<h1 style="font-size:22px">Your booking is confirmed</h1>
<p>Dear ${escapeHtml(booking.guest.firstName)} ${escapeHtml(booking.guest.lastName)},</p>
<p>thank you for booking with ${escapeHtml(site.name)}.</p>
<table style="width:100%;border-collapse:collapse">${rows}
<tr><th style="padding:8px 0;text-align:left">Total</th><td style="padding:8px 0 8px 16px;text-align:right"><strong>${escapeHtml(money(booking.total))}</strong></td></tr></table>
<p>${escapeHtml(paymentLine)}<br>${escapeHtml(balanceLine)}</p>
<p><a href="${escapeHtml(url)}" style="color:#0e7490">See your booking</a></p>
<p>Questions? Call us on <a href="tel:${escapeHtml(site.phone)}">${escapeHtml(site.phone)}</a> or answer this email.</p>
<p>${escapeHtml(site.name)}</p>
</body></html>`;
  return { subject, text, html };
}
