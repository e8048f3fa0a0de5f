import { useId, useState, type JSX } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button as AriaButton,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Input,
  Label,
  NumberField,
  Popover,
  RangeCalendar,
  type DateSegmentRenderProps,
  type DateValue,
  type RangeValue,
} from 'react-aria-components';
import { useDatePaste } from '@/bindings/date-paste-hooks';
import { useStayToday } from '@/bindings/pricing-hooks';
import { stayDates } from '@/domain/pricing/item-links';
import type { Rcav } from '@/domain/pricing/types';
import { Button } from '@/views/ui/button';
import { describedBy } from '@/views/ui/described-by';

import type { StaySearchFormLiveProps } from './stay-search-form';

function GuestField({ label, value, min, onChange }: { label: string; value: number; min: number; onChange: (value: number) => void }) {
  return (
    <NumberField className="guest-field" value={value} minValue={min} maxValue={20} step={1} onChange={(next) => onChange(Number.isFinite(next) ? next : min)}>
      <Label className="stay-form__label">{label}</Label>
      <Group className="guest-field__group">
        <AriaButton slot="decrement" className="guest-field__step">
          −
        </AriaButton>
        <Input className="guest-field__input" render={describedBy('input')} />
        <AriaButton slot="increment" className="guest-field__step">
          +
        </AriaButton>
      </Group>
    </NumberField>
  );
}

const DATES_LABEL = 'Arrival and departure';
const SEGMENT_NAMES: Record<string, string> = { month: 'month', day: 'day', year: 'year' };

/**
 * A date segment named for what it is, 'month, Arrival, Arrival and departure', on the server as
 * in the browser. react-aria names it by aria-labelledby: itself (its aria-label 'month, Start
 * Date, ') and the field's label; but the server renders the self-reference with another id than
 * the segment's own (react-aria's useLabels without the segment's id, mended only in the browser
 * after rendering), so until the part's code comes every segment is called 'Arrival and departure'.
 * Its aria-describedby follows describedBy (src/views/ui/described-by.tsx).
 */
function segmentNamed(part: 'Arrival' | 'Departure', invalid: boolean) {
  const described = describedBy('span', invalid);
  return (props: JSX.IntrinsicElements['span'], segment: DateSegmentRenderProps) =>
    described(segment.type === 'literal' ? props : { ...props, 'aria-label': `${SEGMENT_NAMES[segment.type] ?? segment.type}, ${part}, ${DATES_LABEL}`, 'aria-labelledby': undefined });
}

/** The stay's dates for the picker, in either date form (an item link may carry MM/DD/YYYY). */
const toRange = (rcav: Rcav | null): RangeValue<CalendarDate> | null => {
  const dates = rcav && stayDates(rcav);
  return dates ? { start: parseDate(dates.begin), end: parseDate(dates.end) } : null;
};

/**
 * Dates and guests that run the availability search (spec §4): a date range picker (booked nights
 * disabled when `booked` is given) and adults (at least 1), children and seniors.
 */
function StaySearchFields({ initial, eid, booked = [], onSearch, onClear, compact = false, searching }: StaySearchFormLiveProps) {
  // The engine's day (UTC), not the visitor's local one: no arrival the engine calls past, none it offers refused.
  const firstArrival = parseDate(useStayToday());
  const [dates, setDates] = useState<RangeValue<CalendarDate> | null>(() => toRange(initial));
  const [adult, setAdult] = useState(Math.max(1, initial?.adult ?? 2));
  const [child, setChild] = useState(initial?.child ?? 0);
  const [senior, setSenior] = useState(initial?.senior ?? 0);
  const [missingDates, setMissingDates] = useState(false);
  const headingId = useId();
  const pasteDates = useDatePaste('.date-range__input');
  const isBooked = (date: DateValue) => {
    const day = date.toString();
    return booked.some((range) => day >= range.begin && day < range.end);
  };
  return (
    <form
      className={`stay-form${compact ? ' stay-form--compact' : ''}`}
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!dates) {
          setMissingDates(true);
          return;
        }
        const rcav: Rcav = { begin: dates.start.toString(), end: dates.end.toString(), adult, child };
        if (senior > 0) rcav.senior = senior;
        if (eid !== undefined) rcav.IDs = [eid];
        onSearch(rcav);
      }}
    >
      <p id={headingId} className="stay-form__title">
        Dates and guests
      </p>
      <DateRangePicker
        className="stay-form__dates"
        value={dates}
        onChange={(value) => {
          setDates(value);
          setMissingDates(false);
        }}
        minValue={firstArrival}
        isDateUnavailable={booked.length > 0 ? isBooked : undefined}
        isInvalid={missingDates}
        validationBehavior="aria"
      >
        <Label className="stay-form__label">{DATES_LABEL}</Label>
        <Group className="date-range" render={describedBy('div', missingDates)} onPaste={pasteDates}>
          <DateInput slot="start" className="date-range__input">
            {(segment) => <DateSegment segment={segment} className="date-range__segment" render={segmentNamed('Arrival', missingDates)} />}
          </DateInput>
          <span aria-hidden="true" className="date-range__dash">
            –
          </span>
          <DateInput slot="end" className="date-range__input">
            {(segment) => <DateSegment segment={segment} className="date-range__segment" render={segmentNamed('Departure', missingDates)} />}
          </DateInput>
          <AriaButton className="date-range__open" aria-label="Open calendar" render={describedBy('button', missingDates)}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zm-2 8h14v10H5z" />
            </svg>
          </AriaButton>
        </Group>
        {missingDates && <FieldError className="stay-form__error">Choose your arrival and departure dates.</FieldError>}
        <Popover className="date-popover" placement="bottom start">
          <Dialog className="date-popover__dialog" aria-label="Choose dates">
            <RangeCalendar className="range-calendar">
              <header className="range-calendar__head">
                <AriaButton slot="previous" className="range-calendar__nav" aria-label="Previous month">
                  ‹
                </AriaButton>
                <Heading className="range-calendar__title" />
                <AriaButton slot="next" className="range-calendar__nav" aria-label="Next month">
                  ›
                </AriaButton>
              </header>
              <CalendarGrid className="range-calendar__grid">{(date) => <CalendarCell date={date} className="range-calendar__cell" />}</CalendarGrid>
            </RangeCalendar>
          </Dialog>
        </Popover>
      </DateRangePicker>
      <div className="stay-form__guests">
        <GuestField label="Adults" value={adult} min={1} onChange={setAdult} />
        <GuestField label="Children" value={child} min={0} onChange={setChild} />
        <GuestField label="Seniors" value={senior} min={0} onChange={setSenior} />
      </div>
      <div className="stay-form__actions">
        {/* Not disabled while searching: a newer search replaces the running one. */}
        <Button type="submit" variant="primary" data-searching={searching || undefined}>
          Check availability
        </Button>
        <Button
          type="button"
          variant="quiet"
          onPress={() => {
            setDates(null);
            setAdult(2);
            setChild(0);
            setSenior(0);
            setMissingDates(false);
            onClear();
          }}
        >
          Clear dates
        </Button>
      </div>
      <p className="visually-hidden" role="status">
        {searching ? 'Checking availability…' : ''}
      </p>
    </form>
  );
}

/** The form, started again from `initial` whenever that changes (a new last search, the #rcav hash). */
export function StaySearchFormLive(props: StaySearchFormLiveProps) {
  return <StaySearchFields key={JSON.stringify(props.initial)} {...props} />;
}
