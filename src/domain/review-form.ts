/**
 * The listing's review form (spec §2 Listing detail page: a user review form shown in a modal;
 * issue 15 item 7): its fields, limits and messages, and the validation the server applies (the
 * browser shows the server's messages, one per field). Shared by the form and the server route.
 *
 *   const checked = checkReview({ rating: '5', text: '…', name: 'Ann', stayMonth: '2026-03' }, new Date());
 *   if (!checked.ok) checked.errors.text // 'Please write at least 20 characters.'
 */

export const REVIEW_FIELDS = ['rating', 'text', 'name', 'stayMonth'] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];
export type ReviewErrors = Partial<Record<ReviewField, string>>;

/** What the visitor typed, as the form holds it. */
export interface ReviewEntries {
  rating: string;
  text: string;
  name: string;
  stayMonth: string;
}

export const EMPTY_REVIEW: ReviewEntries = { rating: '', text: '', name: '', stayMonth: '' };

/** A review as it is stored, pending moderation. */
export interface ReviewSubmission {
  rating: number;
  text: string;
  name: string;
  /** YYYY-MM */
  stayMonth: string;
}

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NAME_MAX = 60;
/** Stays of this many months (this one included) can be reviewed. */
export const REVIEW_STAY_MONTHS = 24;

/** The field bots fill in and people never see (a review with it is dropped). */
export const REVIEW_HONEYPOT_FIELD = 'website';

export const REVIEW_MESSAGES = {
  rating: 'Please choose a rating from 1 to 5 stars.',
  textMissing: 'Please write your review.',
  textShort: `Please write at least ${REVIEW_TEXT_MIN} characters.`,
  textLong: `Please keep your review to ${REVIEW_TEXT_MAX} characters.`,
  nameMissing: 'Please enter your name.',
  nameLong: `Please keep your name to ${REVIEW_NAME_MAX} characters.`,
  stayMissing: 'Please choose the month of your stay.',
  stayOutside: 'Please choose a month of the last two years.',
  /** After a review is sent (issue 15: reviews are stored pending moderation). */
  sent: 'Thank you! Your review awaits moderation: it appears here once the site owner has checked it.',
  /** The request failed (network, server): the entries stay. */
  failed: 'Your review could not be sent. Please try again.',
} as const;

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const monthKey = (year: number, monthIndex: number) => `${year}-${String(monthIndex + 1).padStart(2, '0')}`;

/**
 * The months a stay can be reviewed for, newest first: this month (in the visitor's time zone)
 * and the 23 before it, each as its value (YYYY-MM) and label ('March 2026').
 */
export function stayMonthOptions(now: Date, count = REVIEW_STAY_MONTHS): Array<{ value: string; label: string }> {
  const options: Array<{ value: string; label: string }> = [];
  for (let back = 0; back < count; back++) {
    const at = new Date(now.getFullYear(), now.getMonth() - back, 1);
    options.push({ value: monthKey(at.getFullYear(), at.getMonth()), label: `${MONTH_NAMES[at.getMonth()]} ${at.getFullYear()}` });
  }
  return options;
}

/** 'March 2026' for '2026-03' (the value as it is when it is not a month). */
export function stayMonthLabel(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : value;
}

/** Whether the server takes this stay month: a month of the last two years in some time zone on Earth (UTC−12 to UTC+14). */
export function isReviewableStayMonth(value: string, now: Date): boolean {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return false;
  const latest = new Date(now.getTime() + 14 * 3_600_000);
  const earliest = new Date(now.getTime() - 12 * 3_600_000);
  const newest = monthKey(latest.getUTCFullYear(), latest.getUTCMonth());
  const oldestAt = new Date(Date.UTC(earliest.getUTCFullYear(), earliest.getUTCMonth() - (REVIEW_STAY_MONTHS - 1), 1));
  const oldest = monthKey(oldestAt.getUTCFullYear(), oldestAt.getUTCMonth());
  return value >= oldest && value <= newest;
}

/** Text as it is kept: NUL and other control characters (but newlines and tabs) dropped, lines ended by \n, trimmed. Markup stays text. */
export function cleanReviewText(value: unknown): string {
  if (typeof value !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
}

/** Server-side validation (issue 15 item 7): a message per field, or the review to store. */
export function checkReview(input: Record<string, unknown>, now: Date): { ok: true; review: ReviewSubmission } | { ok: false; errors: ReviewErrors } {
  const errors: ReviewErrors = {};
  const ratingText = typeof input.rating === 'number' ? String(input.rating) : cleanReviewText(input.rating);
  const rating = /^[1-5]$/.test(ratingText) ? Number(ratingText) : null;
  if (rating === null) errors.rating = REVIEW_MESSAGES.rating;
  const text = cleanReviewText(input.text);
  // Characters as the visitor counts them (an emoji is one).
  const textLength = [...text].length;
  if (textLength === 0) errors.text = REVIEW_MESSAGES.textMissing;
  else if (textLength < REVIEW_TEXT_MIN) errors.text = REVIEW_MESSAGES.textShort;
  else if (textLength > REVIEW_TEXT_MAX) errors.text = REVIEW_MESSAGES.textLong;
  const name = cleanReviewText(input.name).replace(/\s+/g, ' ');
  if (name === '') errors.name = REVIEW_MESSAGES.nameMissing;
  else if ([...name].length > REVIEW_NAME_MAX) errors.name = REVIEW_MESSAGES.nameLong;
  const stayMonth = cleanReviewText(input.stayMonth);
  if (stayMonth === '') errors.stayMonth = REVIEW_MESSAGES.stayMissing;
  else if (!isReviewableStayMonth(stayMonth, now)) errors.stayMonth = REVIEW_MESSAGES.stayOutside;
  if (rating === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, review: { rating, text, name, stayMonth } };
}

/** The title a published review gets: its first sentence or line, cut at a word to 60 characters. */
export function reviewTitle(text: string): string {
  const first = (text.split(/\n|(?<=[.!?])\s/)[0] ?? '').trim();
  const chars = [...first];
  if (chars.length <= 60) return first.replace(/[.!?]+$/, '') || 'Review';
  const cut = chars.slice(0, 60).join('');
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), 30)).trim();
  return `${atWord}…`;
}
