import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money';
import { FEES_INCLUDED, shownPriceNote, shownPriceWords, stayTotalNote } from './shown-prices';

describe('shownPriceNote (spec §9 price display modes)', () => {
  it('calls a stay total a total for its nights, and a per-night figure (display_type 8) only what it includes', () => {
    expect(shownPriceNote({ displayType: 0 }, 7)).toBe('total for 7 nights, incl. fees & taxes');
    expect(shownPriceNote({ displayType: 0 }, 1)).toBe('total for 1 night, incl. fees & taxes');
    // The figure beside it is per night: '$200/nt' is not the total for 7 nights.
    expect(formatMoney(1400, { displayType: 8, nights: 7 })).toMatch(/\/nt$/);
    expect(shownPriceNote({ displayType: 8 }, 7)).toBe(FEES_INCLUDED);
    expect(shownPriceNote({ displayType: 8 }, 7)).not.toMatch(/total/);
  });

  it('every other display type shows the total, as stayTotalNote says it', () => {
    for (const displayType of [0, 1, 2, 5, 9]) for (const nights of [0, 1, 3, 28]) expect(shownPriceNote({ displayType }, nights)).toBe(stayTotalNote(nights));
  });
});

describe('shownPriceWords', () => {
  it('says a total is for its nights, and a per-night figure (display_type 8) without them', () => {
    expect(shownPriceWords({ displayType: 0 }, '$2,407', 7)).toBe('$2,407 for 7 nights including fees and taxes');
    expect(shownPriceWords({ displayType: 8 }, '$344/nt', 7)).toBe('$344/nt including fees and taxes');
  });
});
