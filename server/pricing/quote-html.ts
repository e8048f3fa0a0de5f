/**
 * The detailed quote's HTML (spec §7: `{ content: html }`, shown in a tiny modal). Every text is
 * escaped here; the browser sanitises it again before showing it.
 */
import type { StayQuote } from '../../src/domain/content.ts';
import { formatCents } from '../../src/domain/money.ts';
import { formatStayDate } from '../../src/domain/pricing/dates.ts';
import { toQueryString, type QueryValue } from '../../src/domain/pricing/query.ts';
import type { PriceQueryParams } from '../../src/domain/pricing/types.ts';
import { escapeHtml } from '../html.ts';
import { guestsText, nightsText } from './engine.ts';

/** /rescms/item/{eid}/buy?{qp} (spec §2 Item routes). */
export function buyUrl(eid: number, qp: PriceQueryParams): string {
  return `/rescms/item/${eid}/buy?${toQueryString(qp as unknown as Record<string, QueryValue>)}`;
}

const SECTIONS: { kinds: StayQuote['lines'][number]['kind'][]; title: string }[] = [
  { kinds: ['rent'], title: 'Nights' },
  { kinds: ['discount'], title: 'Savings' },
  { kinds: ['activity'], title: 'Activities' },
  { kinds: ['cleaning', 'fee'], title: 'Fees' },
  { kinds: ['tax'], title: 'Taxes' },
];

/** The stay in one line: 'Tue, Dec 1, 2026 – Tue, Dec 8, 2026 · 7 nights · 2 Adults'. */
export function stayText(quote: StayQuote): string {
  const guests = guestsText({ adult: quote.adult, child: quote.child, senior: quote.senior });
  if (quote.offer === 'activity') return `${formatStayDate(quote.begin)} · ${guests}`;
  return `${formatStayDate(quote.begin)} – ${formatStayDate(quote.end)} · ${nightsText(quote.nights)} · ${guests}`;
}

/** The itemised quote, with the buy_text as the link to the buy page. */
export function quoteHtml(quote: StayQuote, buyText: string): string {
  const e = escapeHtml;
  const money = (cents: number) => e(formatCents(cents, quote.currency, 2));
  const rows: string[] = [];
  for (const section of SECTIONS) {
    const lines = quote.lines.filter((line) => section.kinds.includes(line.kind));
    if (lines.length === 0) continue;
    rows.push(`<tr class="rc-quote__section"><th scope="rowgroup" colspan="3">${e(section.title)}</th></tr>`);
    for (const line of lines) {
      rows.push(
        `<tr class="rc-quote__line rc-quote__line--${e(line.kind)}"><th scope="row">${e(line.label)}</th><td>${e(line.detail)}</td><td class="rc-quote__amount">${money(line.amount)}</td></tr>`,
      );
    }
  }
  const savings = quote.savings > 0 ? `<tr class="rc-quote__savings"><th scope="row" colspan="2">You save</th><td class="rc-quote__amount">${money(quote.savings)}</td></tr>` : '';
  const payments = quote.payments
    .map((p) => `<li><span>${e(p.label)}${p.due ? `, due ${e(formatStayDate(p.due))}` : ''}</span>: <strong>${money(p.amount)}</strong></li>`)
    .join('');
  // Optional fees of the listing: listed, never added to the total.
  const extras =
    quote.extras && quote.extras.length > 0
      ? `<h4>Optional extras</h4><p class="rc-quote__note">On request, not included in the total.</p><ul class="rc-quote__extras">${quote.extras
          .map((line) => `<li><span>${e(line.label)}</span> (${e(line.detail)}): <strong>${money(line.amount)}</strong></li>`)
          .join('')}</ul>`
      : '';
  const notes = quote.notes.map((note) => `<p class="rc-quote__note">${e(note)}</p>`).join('');
  return (
    `<div class="rc-quote" data-eid="${quote.eid}">` +
    `<h3 class="rc-quote__title">${e(quote.name)}</h3>` +
    `<p class="rc-quote__stay">${e(stayText(quote))}</p>` +
    `<p class="rc-quote__offer">${e(quote.offerName)}</p>` +
    notes +
    `<table class="rc-quote__lines"><caption>Detailed quote</caption>` +
    `<thead><tr><th scope="col">Item</th><th scope="col">Detail</th><th scope="col">Amount</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody>` +
    `<tfoot><tr class="rc-quote__total"><th scope="row" colspan="2">Total</th><td class="rc-quote__amount">${money(quote.total)}</td></tr>${savings}</tfoot>` +
    `</table>` +
    extras +
    `<h4>Payment schedule</h4><ul class="rc-quote__payments">${payments}</ul>` +
    `<h4>Cancellation policy</h4><p class="rc-quote__cancellation">${e(quote.cancellation)}</p>` +
    `<p class="rc-quote__actions"><a class="button button--primary rc-quote__buy" href="${e(buyUrl(quote.eid, quote.qp))}">${e(buyText)}</a></p>` +
    `</div>`
  );
}

/** The quote's answer when the stay cannot be had. */
export function unavailableHtml(name: string, problem: string): string {
  return (
    `<div class="rc-quote rc-quote--unavailable">` +
    `<h3 class="rc-quote__title">${escapeHtml(name)}</h3>` +
    `<p class="rc-quote__problem">Not available: ${escapeHtml(problem)}</p>` +
    `<p>Try other dates or guests in the search.</p>` +
    `</div>`
  );
}
