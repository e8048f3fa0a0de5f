/**
 * The site owner's review moderation page (issue 15 item 7) at /admin/reviews: every review
 * waiting for moderation, oldest first, each with Approve and Reject (plain HTML forms that
 * post to this site; no script). Written on the server like the analytics dashboard.
 */
import { escapeHtml } from '../html.ts';
import { stayMonthLabel } from '../../src/domain/review-form.ts';
import type { PendingReview } from '../reviews/review-store.ts';
import { adminDocument, logoutBar, REVIEWS_PATH } from './pages.ts';

export type ModerationNotice = 'approved' | 'rejected' | 'gone';

const NOTICES: Record<ModerationNotice, string> = {
  approved: 'The review is published: the listing page and search show the new rating and count.',
  rejected: 'The review is rejected: it is not shown anywhere.',
  gone: 'That review was already approved or rejected.',
};

export function isModerationNotice(value: unknown): value is ModerationNotice {
  return typeof value === 'string' && Object.hasOwn(NOTICES, value);
}

function reviewCard(review: PendingReview): string {
  const stars = `${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)}`;
  const heading = `review-${review.id}-title`;
  return (
    `<section class="review" aria-labelledby="${heading}">` +
    `<h2 id="${heading}"><a href="/listing/${encodeURIComponent(review.listingSlug)}">${escapeHtml(review.listingName)}</a></h2>` +
    `<p><span aria-label="${review.rating} out of 5">${stars}</span> · by <strong>${escapeHtml(review.name)}</strong> · stayed ${escapeHtml(stayMonthLabel(review.stayMonth))}</p>` +
    `<p class="text">${escapeHtml(review.text).replace(/\n/g, '<br>')}</p>` +
    `<p class="note">Sent ${escapeHtml(review.submittedAt.toISOString().slice(0, 16).replace('T', ' '))} UTC</p>` +
    '<div class="actions">' +
    `<form method="post" action="${REVIEWS_PATH}/${review.id}/approve"><button type="submit" aria-describedby="${heading}">Approve</button></form>` +
    `<form method="post" action="${REVIEWS_PATH}/${review.id}/reject"><button type="submit" class="secondary" aria-describedby="${heading}">Reject</button></form>` +
    '</div></section>'
  );
}

const STYLE = '<style>.actions{display:flex;gap:.75rem;flex-wrap:wrap}.text{white-space:normal;overflow-wrap:anywhere}button.secondary{background:#fff;color:#991b1b;border:2px solid #991b1b}.done{color:#065f46;background:#ecfdf5;border-left:4px solid #047857;padding:.5rem .75rem;border-radius:4px}</style>';

export function reviewsPage(siteName: string, pending: readonly PendingReview[], notice: ModerationNotice | null): string {
  const message = notice ? `<p class="${notice === 'gone' ? 'error' : 'done'}" role="status">${escapeHtml(NOTICES[notice])}</p>` : '';
  const list =
    pending.length === 0
      ? '<p class="note">No review is waiting for moderation.</p>'
      : `<p class="note">${pending.length} review${pending.length === 1 ? '' : 's'} waiting, oldest first. An approved review shows on its listing at once and counts in its rating; a rejected one is never shown.</p>${pending.map(reviewCard).join('')}`;
  return adminDocument('Reviews', siteName, `${STYLE}<h1>Reviews to moderate</h1>${message}${list}`, logoutBar);
}
