import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pastedDates } from './pasted-dates';

const pad = (n: number) => String(n).padStart(2, '0');

describe('pastedDates', () => {
  it('reads every calendar day in the US and ISO forms, alone or as a stay', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }), fc.integer({ min: 1, max: 60 }), (start, nights) => {
        const end = new Date(start.getTime() + nights * 86_400_000);
        const parts = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
        const us = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
        const iso = (d: Date) => d.toISOString().slice(0, 10);
        expect(pastedDates(us(start))).toEqual([parts(start)]);
        expect(pastedDates(` ${iso(start)}\n`)).toEqual([parts(start)]);
        expect(pastedDates(`${us(start)} – ${us(end)}`)).toEqual([parts(start), parts(end)]);
        expect(pastedDates(`${iso(start)} to ${iso(end)}`)).toEqual([parts(start), parts(end)]);
      }),
    );
  });

  it('takes nothing from text that is not a date, or a day that is not in the calendar', () => {
    for (const text of ['', 'May 19', '05192027', '02/30/2027', '13/01/2027', '2027-02-29', 'from 05/19/2027', '05/19/2027, 05/20/2027, 05/21/2027', '05/19/2027 and more'])
      expect(pastedDates(text), text).toBeNull();
    expect(pastedDates('02/29/2028')).toEqual([{ year: 2028, month: 2, day: 29 }]);
  });

  it('takes nothing from a year the stay calendar does not have, as a typed date (dateToMs)', () => {
    for (const text of ['12/31/1969', '0001-01-01', '01/01/2201', '9999-12-31']) expect(pastedDates(text), text).toBeNull();
    expect(pastedDates('1/1/1970')).toEqual([{ year: 1970, month: 1, day: 1 }]);
  });
});
