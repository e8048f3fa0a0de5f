import * as v from 'valibot';
import { map, type Observable } from 'rxjs';
import { dateToMs } from '@/domain/pricing/dates';
import type { BookedRange } from '@/machines/booked-ranges-machine';
import { HttpError, requestJson } from './http-client';

export type { BookedRange };

const date = v.pipe(v.string(), v.check((value) => dateToMs(value) !== null, 'must be a date'));
const CalendarSchema = v.object({
  eid: v.number(),
  booked: v.pipe(v.array(v.object({ begin: date, end: date })), v.maxLength(2000)),
});

/** GET /rcapi/item/{eid}/calendar: the unit's booked and blocked stays for the next 18 months. */
export function fetchBookedRanges(eid: number): Observable<BookedRange[]> {
  const url = `/rcapi/item/${encodeURIComponent(String(eid))}/calendar`;
  return requestJson<unknown>(url, { timeoutMs: 10_000 }).pipe(
    map((body) => {
      const parsed = v.safeParse(CalendarSchema, body);
      if (!parsed.success) throw new HttpError(200, url, 'Unexpected calendar answer');
      return parsed.output.booked;
    }),
  );
}
