import { dateToMs } from './dates';

/** A calendar date read from pasted text. */
export interface PastedDate {
  year: number;
  month: number;
  day: number;
}

const DATE = /(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/g;
/** What may stand between and around the dates of a stay: spaces, dashes, 'to'. */
const BETWEEN = /^[\s\u2013\u2014-]*(?:to)?[\s\u2013\u2014-]*$/i;

const pad = (value: string) => value.padStart(2, '0');

/**
 * The dates in text pasted into a date field: one (05/19/2027, 5/19/2027, 2027-05-19) or two, a
 * stay ('05/19/2027 – 05/26/2027'). Null when the text is anything else or names a day that is
 * not in the calendar (02/30/2027) or a year the stay calendar does not have (dateToMs): the field
 * then takes nothing rather than another date.
 */
export function pastedDates(text: string): PastedDate[] | null {
  const dates: PastedDate[] = [];
  let last = 0;
  for (const match of text.matchAll(DATE)) {
    if (!BETWEEN.test(text.slice(last, match.index))) return null;
    last = match.index + match[0].length;
    const [year, month, day] = match[1] ? [match[1], match[2], match[3]] : [match[6], match[4], match[5]];
    // The one calendar check of the stay dates (dateToMs) decides, as for a typed date.
    if (dateToMs(`${year}-${pad(month ?? '')}-${pad(day ?? '')}`) === null) return null;
    dates.push({ year: Number(year), month: Number(month), day: Number(day) });
  }
  if (dates.length === 0 || dates.length > 2 || !BETWEEN.test(text.slice(last))) return null;
  return dates;
}
