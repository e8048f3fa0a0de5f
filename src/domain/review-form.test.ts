import { describe, expect, it } from 'vitest';
import { checkReview, cleanReviewText, isReviewableStayMonth, REVIEW_MESSAGES, reviewTitle, stayMonthLabel, stayMonthOptions } from './review-form';

// Dates are built from the clock (never a calendar date in a test): this month, and months around it.
const now = new Date();
const monthOf = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsFromNow = (count: number) => monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + count, 15)));

describe('stay months', () => {
  it('offers this month and the 23 before it, newest first, each labelled with its name and year', () => {
    const options = stayMonthOptions(now);
    expect(options).toHaveLength(24);
    const first = new Date(now.getFullYear(), now.getMonth(), 1);
    expect(options[0]?.value).toBe(`${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}`);
    expect(options[0]?.label).toBe(first.toLocaleString('en', { month: 'long', year: 'numeric' }));
    expect(options.map((option) => option.value)).toEqual([...options.map((option) => option.value)].sort().reverse());
    expect(stayMonthLabel(options[1]!.value)).toBe(options[1]!.label);
  });

  it('takes the months the form offers and refuses later ones and older ones', () => {
    for (const option of stayMonthOptions(now)) expect(isReviewableStayMonth(option.value, now), option.value).toBe(true);
    expect(isReviewableStayMonth(monthsFromNow(2), now)).toBe(false);
    expect(isReviewableStayMonth(monthsFromNow(-25), now)).toBe(false);
    expect(isReviewableStayMonth('2026-13', now)).toBe(false);
    expect(isReviewableStayMonth('soon', now)).toBe(false);
  });
});

describe('checkReview', () => {
  const good = { rating: '5', text: 'A quiet house with a view of the water from every room.', name: ' Ann   Lee ', stayMonth: monthsFromNow(0) };

  it('gives the review to store, trimmed', () => {
    expect(checkReview(good, now)).toEqual({ ok: true, review: { rating: 5, text: good.text, name: 'Ann Lee', stayMonth: good.stayMonth } });
  });

  it('counts characters as the visitor does (an emoji is one) at both ends of the text limits', () => {
    expect(checkReview({ ...good, text: '🌊'.repeat(20) }, now).ok).toBe(true);
    expect(checkReview({ ...good, text: '🌊'.repeat(19) }, now)).toEqual({ ok: false, errors: { text: REVIEW_MESSAGES.textShort } });
    expect(checkReview({ ...good, text: 'x'.repeat(2000) }, now).ok).toBe(true);
    expect(checkReview({ ...good, text: 'x'.repeat(2001) }, now)).toEqual({ ok: false, errors: { text: REVIEW_MESSAGES.textLong } });
  });

  it('refuses ratings that are not a whole number from 1 to 5, and values of the wrong type', () => {
    for (const rating of ['0', '6', '4.5', 'five', '', null, undefined, {}, 3.2]) {
      expect(checkReview({ ...good, rating }, now), String(rating)).toEqual({ ok: false, errors: { rating: REVIEW_MESSAGES.rating } });
    }
    expect(checkReview({ ...good, rating: 3 }, now).ok).toBe(true);
    expect(checkReview({ rating: ['5'], text: { a: 1 }, name: 42, stayMonth: [] }, now)).toEqual({
      ok: false,
      errors: { rating: REVIEW_MESSAGES.rating, text: REVIEW_MESSAGES.textMissing, name: REVIEW_MESSAGES.nameMissing, stayMonth: REVIEW_MESSAGES.stayMissing },
    });
  });

  it('keeps markup as text and drops control characters the database cannot hold', () => {
    expect(cleanReviewText('<b>hi</b>\u0000\u0007\r\nthere\t')).toBe('<b>hi</b>\nthere');
  });
});

describe('reviewTitle', () => {
  it('is the first sentence, or the first line cut at a word', () => {
    expect(reviewTitle('Loved it. We will be back next year.')).toBe('Loved it');
    expect(reviewTitle('Great place\nand more')).toBe('Great place');
    const long = 'The most wonderful week we have had on this coast in many years of coming here';
    expect(reviewTitle(long)).toBe('The most wonderful week we have had on this coast in many…');
  });
});
