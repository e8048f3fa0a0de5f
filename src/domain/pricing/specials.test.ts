import { describe, expect, it } from 'vitest';
import { firstSpecial, specialApplies, specialCheck, type SpecialRejection, type SpecialStay } from './specials';
import type { Special } from './types';

const DAY = 86_400;
/** 2026-12-01 00:00 UTC. */
const DEC_1 = Date.UTC(2026, 11, 1) / 1000;

const special: Special = {
  nid: 7,
  units: ['1001', '1002'],
  special_type: '1',
  stay_begin: DEC_1,
  stay_end: DEC_1 + 30 * DAY,
  book_begin: DEC_1 - 10 * DAY,
  book_end: DEC_1 - 1,
  max_guests: 6,
  min_guests: 2,
  max_nights: 7,
  min_nights: 3,
};

/** A stay that meets every clause: 2 adults, Dec 1–5, booked on Nov 25. */
const stay: SpecialStay = { eid: 1001, begin: '2026-12-01', end: '2026-12-05', adult: 2, child: 0, nowSeconds: DEC_1 - 6 * DAY };

type Row = [string, Partial<Special> | null, Partial<SpecialStay>, true | SpecialRejection];

const rows: Row[] = [
  ['the base stay applies', {}, {}, true],
  // specials settings exist
  ['no special', null, {}, 'no-special'],
  // eid in units (units are strings)
  ['an eid not in the units', {}, { eid: 1003 }, 'unit'],
  ['the eid given as a string', {}, { eid: '1002' }, true],
  ['units holding numbers do not match (they are strings)', { units: [1001] as unknown as string[] }, {}, 'unit'],
  ['units missing', { units: undefined as unknown as string[] }, {}, 'unit'],
  // special_type '2' on a detailed quote
  ["type '2' on a detailed quote", { special_type: '2' }, { detailedQuote: true }, 'detailed-quote'],
  ["type '2' on a search", { special_type: '2' }, { detailedQuote: false }, true],
  ["type '1' on a detailed quote", { special_type: '1' }, { detailedQuote: true }, true],
  // stay begin >= stay_begin, stay end <= stay_end (seconds)
  ['begin exactly at stay_begin', {}, { begin: DEC_1 }, true],
  ['begin one second before stay_begin', { stay_begin: DEC_1 + 1 }, {}, 'stay-begin'],
  ['end exactly at stay_end', { stay_end: DEC_1 + 4 * DAY }, {}, true],
  ['end one second after stay_end', { stay_end: DEC_1 + 4 * DAY - 1 }, {}, 'stay-end'],
  ['dates in MM/DD/YYYY', {}, { begin: '12/01/2026', end: '12/05/2026' }, true],
  ['an impossible date', {}, { begin: '2026-02-30' }, 'dates'],
  // now between book_begin and book_end
  ['now exactly at book_begin', {}, { nowSeconds: DEC_1 - 10 * DAY }, true],
  ['now before book_begin', {}, { nowSeconds: DEC_1 - 10 * DAY - 1 }, 'book-window'],
  ['now exactly at book_end', {}, { nowSeconds: DEC_1 - 1 }, true],
  ['now after book_end', {}, { nowSeconds: DEC_1 }, 'book-window'],
  // guests: adult (default 1) + child (default 0) against max and min, 0 meaning no limit
  ['guests exactly max_guests', {}, { adult: 4, child: 2 }, true],
  ['guests one above max_guests', {}, { adult: 4, child: 3 }, 'max-guests'],
  ['max_guests 0 is no limit', { max_guests: 0 }, { adult: 40 }, true],
  ['guests exactly min_guests', {}, { adult: 1, child: 1 }, true],
  ['guests one below min_guests', {}, { adult: 1, child: 0 }, 'min-guests'],
  ['min_guests 0 is no limit', { min_guests: 0 }, { adult: 1 }, true],
  ['adult missing counts as 1', { min_guests: 1, max_guests: 1 }, { adult: undefined, child: undefined }, true],
  ['adult missing counts as 1, not 0', { min_guests: 2 }, { adult: undefined, child: 1 }, true],
  ['adult 0 takes the default 1', { min_guests: 1, max_guests: 1 }, { adult: 0, child: 0 }, true],
  ['child missing counts as 0', { max_guests: 2 }, { adult: 2, child: undefined }, true],
  ['counts given as strings', {}, { adult: '3', child: '4' }, 'max-guests'],
  ['seniors are not counted (spec §5: adult plus child)', { max_guests: 2 }, { adult: 2, child: 0 }, true],
  // nights against max and min, 0 meaning no limit
  ['nights exactly max_nights', {}, { end: '2026-12-08' }, true],
  ['nights one above max_nights', {}, { end: '2026-12-09' }, 'max-nights'],
  ['max_nights 0 is no limit', { max_nights: 0 }, { end: '2026-12-30' }, true],
  ['nights exactly min_nights', {}, { end: '2026-12-04' }, true],
  ['nights one below min_nights', {}, { end: '2026-12-03' }, 'min-nights'],
  ['min_nights 0 is no limit', { min_nights: 0 }, { end: '2026-12-02' }, true],
  ['limits missing from the settings are no limits', { max_guests: undefined, min_nights: undefined } as unknown as Partial<Special>, { adult: 9, end: '2026-12-02' }, true],
];

describe('specialCheck (spec §5 Specials applicability)', () => {
  it.each(rows)('%s', (_title, specialChanges, stayChanges, expected) => {
    const subject = specialChanges === null ? null : { ...special, ...specialChanges };
    const check = specialCheck(subject, { ...stay, ...stayChanges });
    expect(check).toEqual(expected === true ? { applies: true } : { applies: false, reason: expected });
    expect(specialApplies(subject, { ...stay, ...stayChanges })).toBe(expected === true);
  });

  it('never applies without specials settings', () => {
    expect(specialApplies(undefined, stay)).toBe(false);
    expect(specialApplies(firstSpecial(undefined), stay)).toBe(false);
  });

  it('compares stays given in seconds as well as dates', () => {
    expect(specialApplies(special, { ...stay, begin: DEC_1, end: DEC_1 + 4 * DAY })).toBe(true);
    expect(specialApplies(special, { ...stay, begin: DEC_1, end: DEC_1 + 2 * DAY })).toBe(false);
  });
});

describe('firstSpecial (spec §3: the first entry is used)', () => {
  it('takes the first entry of the list', () => {
    const second = { ...special, nid: 8 };
    expect(firstSpecial([special, second])).toBe(special);
  });

  it('is null for an empty or missing list', () => {
    expect(firstSpecial([])).toBeNull();
    expect(firstSpecial(null)).toBeNull();
    expect(firstSpecial(undefined)).toBeNull();
  });
});
