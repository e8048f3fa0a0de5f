/**
 * The checks of a listing's rate plan (RatePlan), the same on the server (a saved draft, a
 * publish) and in the owner's editor: types and ranges, real ISO dates, seasons that do not overlap
 * and that a stay can be booked in, one entry per date, unique fee and tax codes. Each problem is
 * one field's path ('rates.seasons.2.end') and a sentence for the owner. Pure: no clock, no I/O.
 */
import type { FieldProblem } from './listing-content.ts';

const MAX_CENTS = 10_000_000;
const MAX_NIGHTS = 365;
const CODE = /^[a-z0-9_-]{1,40}$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const SCOPES = ['stay', 'night', 'guest', 'guest_night', 'pet', 'rent_percent'];
const TAX_BASES = ['rent', 'rent_and_fees'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;

const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The day number of a real ISO date, else null. */
export function dayOfIso(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = ISO.exec(value);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? Math.round(ms / DAY_MS) : null;
}

const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/** 'Jul 1' of an ISO date. */
function shortDate(iso: string): string {
  const match = ISO.exec(iso);
  return match ? `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}` : iso;
}

/**
 * Problems of a rate plan, none when it is valid. `path` is where the plan sits in its document.
 *
 * @example validateRatePlan({ ...plan, minStay: 0 }) // [{ path: 'rates.minStay', message: 'Minimum stay must be a whole number of nights from 1 to 365.' }]
 */
export function validateRatePlan(plan: unknown, path = 'rates'): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ path: `${path}.${field}`, message });
  if (!isObject(plan)) return [{ path, message: 'The rates must be given (a base nightly rate at least).' }];

  const cents = (value: unknown, field: string, label: string, { nullable = false, min = 1 } = {}) => {
    if (nullable && value === null) return;
    if (!isInt(value) || value < min || value > MAX_CENTS) add(field, `${label} must be whole cents from ${min} to ${MAX_CENTS.toLocaleString('en-US')}${nullable ? ', or empty' : ''}.`);
  };
  const minStay = (value: unknown, field: string, nullable = false) => {
    if (nullable && value === null) return;
    if (!isInt(value) || value < 1 || value > MAX_NIGHTS) add(field, `Minimum stay must be a whole number of nights from 1 to ${MAX_NIGHTS}${nullable ? ', or empty' : ''}.`);
  };
  const weekdays = (value: unknown, field: string, label: string): number[] | null => {
    if (!Array.isArray(value) || !value.every((d) => isInt(d) && d >= 0 && d <= 6)) {
      add(field, `${label} must be weekdays from 0 (Sunday) to 6 (Saturday).`);
      return null;
    }
    if (new Set(value).size !== value.length) add(field, `${label} names a weekday twice.`);
    return value as number[];
  };
  const factor = (value: unknown, field: string, label: string) => {
    if (value === null) return;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0.5 || value > 1) add(field, `${label} must be from 0.5 to 1 (0.95 is 5 % off), or empty.`);
  };

  cents(plan.baseNightlyCents, 'baseNightlyCents', 'The base nightly rate');
  weekdays(plan.weekendNights, 'weekendNights', 'Weekend nights');
  cents(plan.weekendNightlyCents, 'weekendNightlyCents', 'The weekend nightly rate', { nullable: true });
  minStay(plan.minStay, 'minStay');
  factor(plan.weeklyFactor, 'weeklyFactor', 'The weekly factor');
  factor(plan.monthlyFactor, 'monthlyFactor', 'The monthly factor');
  if (!isInt(plan.guestsIncluded) || plan.guestsIncluded < 0 || plan.guestsIncluded > 100) add('guestsIncluded', 'Guests included must be a whole number from 0 to 100.');
  cents(plan.extraGuestNightlyCents, 'extraGuestNightlyCents', 'The extra guest fee', { min: 0 });

  // Seasons: each on its own, then against one another.
  const seasons: { index: number; name: string; begin: number; end: number; beginIso: string; endIso: string }[] = [];
  if (!Array.isArray(plan.seasons)) add('seasons', 'Seasons must be a list (empty for none).');
  else {
    plan.seasons.forEach((season: unknown, i) => {
      const at = `seasons.${i}`;
      if (!isObject(season)) return add(at, 'A season must have a name, dates and a nightly rate.');
      const name = typeof season.name === 'string' ? season.name.trim() : '';
      if (name === '' || name.length > 60) add(`${at}.name`, 'A season needs a name of up to 60 characters.');
      const begin = dayOfIso(season.begin);
      const end = dayOfIso(season.end);
      if (begin === null) add(`${at}.begin`, 'The first day must be a date (YYYY-MM-DD).');
      if (end === null) add(`${at}.end`, 'The last day must be a date (YYYY-MM-DD).');
      if (begin !== null && end !== null && end < begin) add(`${at}.end`, 'The last day must be on or after the first day.');
      cents(season.nightlyCents, `${at}.nightlyCents`, 'The nightly rate');
      cents(season.weekendNightlyCents, `${at}.weekendNightlyCents`, 'The weekend nightly rate', { nullable: true });
      minStay(season.minStay, `${at}.minStay`);
      const arrival = weekdays(season.arrivalDays, `${at}.arrivalDays`, 'Arrival days');
      const departure = weekdays(season.departureDays, `${at}.departureDays`, 'Departure days');
      if (begin === null || end === null || end < begin) return;
      seasons.push({ index: i, name, begin, end, beginIso: season.begin as string, endIso: season.end as string });
      if (arrival && departure) {
        const problem = bookableProblem(begin, end, arrival);
        if (problem) add(`${at}.${problem.field}`, problem.message);
      }
    });
    const ordered = [...seasons].sort((a, b) => a.begin - b.begin || a.index - b.index);
    for (let k = 1; k < ordered.length; k++) {
      const season = ordered[k]!;
      // The latest-ending earlier season is the one it runs into.
      const earlier = ordered.slice(0, k).reduce((a, b) => (b.end > a.end ? b : a));
      if (season.begin <= earlier.end) {
        add(`seasons.${season.index}.begin`, `Overlaps the season '${earlier.name}' (${shortDate(earlier.beginIso)} – ${shortDate(earlier.endIso)}).`);
      }
    }
  }

  if (!Array.isArray(plan.dates)) add('dates', 'Date prices must be a list (empty for none).');
  else {
    const seen = new Map<string, number>();
    plan.dates.forEach((entry: unknown, i) => {
      const at = `dates.${i}`;
      if (!isObject(entry)) return add(at, 'A date price must have a date and a nightly rate (or none, to close the night).');
      if (dayOfIso(entry.date) === null) add(`${at}.date`, 'The day must be a date (YYYY-MM-DD).');
      else if (seen.has(entry.date as string)) add(`${at}.date`, `${shortDate(entry.date as string)} already has its own price (entry ${(seen.get(entry.date as string) ?? 0) + 1}).`);
      else seen.set(entry.date as string, i);
      cents(entry.nightlyCents, `${at}.nightlyCents`, 'The nightly rate', { nullable: true });
      minStay(entry.minStay, `${at}.minStay`, true);
    });
  }

  const codes = new Map<string, string>();
  const code = (value: unknown, field: string) => {
    if (typeof value !== 'string' || !CODE.test(value)) return add(field, 'The code must be 1 to 40 lower-case letters, digits, - or _.');
    const other = codes.get(value);
    if (other) add(field, `The code '${value}' is already used by ${other}.`);
    else codes.set(value, field.startsWith('taxes') ? 'a tax' : 'a fee');
  };
  const named = (value: unknown, field: string, what: string) => {
    if (typeof value !== 'string' || value.trim() === '' || value.length > 80) add(field, `${what} needs a name of up to 80 characters.`);
  };
  if (!Array.isArray(plan.fees)) add('fees', 'Fees must be a list (empty for none).');
  else {
    plan.fees.forEach((fee: unknown, i) => {
      const at = `fees.${i}`;
      if (!isObject(fee)) return add(at, 'A fee must have a code, a name, a scope and an amount.');
      code(fee.code, `${at}.code`);
      named(fee.name, `${at}.name`, 'A fee');
      if (typeof fee.scope !== 'string' || !SCOPES.includes(fee.scope)) add(`${at}.scope`, `The scope must be one of ${SCOPES.join(', ')}.`);
      if (fee.scope === 'rent_percent') {
        if (!isInt(fee.amount) || fee.amount < 0 || fee.amount > 10_000) add(`${at}.amount`, 'A percentage of the rent must be basis points from 0 to 10,000 (1,150 is 11.5 %).');
      } else cents(fee.amount, `${at}.amount`, 'The amount', { min: 0 });
      if (typeof fee.mandatory !== 'boolean') add(`${at}.mandatory`, 'Say whether the fee is mandatory (true) or optional (false).');
      if (typeof fee.description !== 'string') add(`${at}.description`, 'The description must be text (empty for none).');
    });
  }
  if (!Array.isArray(plan.taxes)) add('taxes', 'Taxes must be a list (empty for none).');
  else {
    plan.taxes.forEach((tax: unknown, i) => {
      const at = `taxes.${i}`;
      if (!isObject(tax)) return add(at, 'A tax must have a code, a name, a rate and a base.');
      code(tax.code, `${at}.code`);
      named(tax.name, `${at}.name`, 'A tax');
      if (!isInt(tax.basisPoints) || tax.basisPoints < 0 || tax.basisPoints > 10_000) add(`${at}.basisPoints`, 'The rate must be basis points from 0 to 10,000 (700 is 7 %).');
      if (typeof tax.base !== 'string' || !TAX_BASES.includes(tax.base)) add(`${at}.base`, `The base must be one of ${TAX_BASES.join(', ')}.`);
      if (tax.staysUnderNights !== null && (!isInt(tax.staysUnderNights) || tax.staysUnderNights < 1 || tax.staysUnderNights > MAX_NIGHTS)) {
        add(`${at}.staysUnderNights`, `Stays under must be a whole number of nights from 1 to ${MAX_NIGHTS}, or empty for every stay.`);
      }
    });
  }
  return problems;
}

/**
 * Why no stay can be booked in a season, or null. The pricing engine takes the rules of a stay's
 * arrival day: it must arrive on an allowed arrival day of the season, stay at least its minimum,
 * and leave on an allowed departure weekday, however far past the season's end that is. So an
 * allowed departure weekday is always within a week of any arrival, and only a season without an
 * allowed arrival day leaves nothing to book.
 */
function bookableProblem(begin: number, end: number, arrival: readonly number[]): { field: string; message: string } | null {
  for (let day = begin; day <= Math.min(end, begin + 6); day++) if (arrival.length === 0 || arrival.includes(weekdayOf(day))) return null;
  const names = arrival.map((d) => WEEKDAYS[d]).join(', ');
  return { field: 'arrivalDays', message: `No day of this season is an allowed arrival day (${names}).` };
}
