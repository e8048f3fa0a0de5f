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
  Label,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import { fieldId, useEditorField, useProblemsUnder } from '@/bindings/owner-editor-hooks';
import type { DateRate, FeeScope, ListingFee, ListingTax, SeasonRate, TaxBase } from '@/domain/owner/listing-content';
import { Button } from '../ui/button';
import { BooleanInput, NumberInput, SelectInput, TextInput, WeekdaysInput } from './owner-fields';

const FEE_SCOPES: Array<{ id: FeeScope; name: string }> = [
  { id: 'stay', name: 'Per stay' },
  { id: 'night', name: 'Per night' },
  { id: 'guest', name: 'Per guest' },
  { id: 'guest_night', name: 'Per guest per night' },
  { id: 'pet', name: 'Per pet' },
  { id: 'rent_percent', name: '% of the rent' },
];
const TAX_BASES: Array<{ id: TaxBase; name: string }> = [
  { id: 'rent', name: 'The rent' },
  { id: 'rent_and_fees', name: 'The rent and fees' },
];

const safeDate = (iso: string): CalendarDate | null => {
  try {
    return parseDate(iso);
  } catch {
    return null;
  }
};

/** A season's two days, picked on a range calendar or typed. */
function SeasonDates({ path, label }: { path: string; label: string }) {
  return <DateRangeInput beginPath={`${path}.begin`} endPath={`${path}.end`} groupPath={path} label={label} />;
}

/** Two days of a document (ISO dates at `beginPath` and `endPath`), picked on a range calendar or typed; `groupPath` names its focus target. */
export function DateRangeInput({ beginPath, endPath, groupPath, label }: { beginPath: string; endPath: string; groupPath: string; label: string }) {
  const begin = useEditorField<string>(beginPath);
  const end = useEditorField<string>(endPath);
  const beginDate = safeDate(begin.value);
  const endDate = safeDate(end.value);
  const problem = begin.problem ?? end.problem;
  return (
    <DateRangePicker
      className="owner-field"
      value={beginDate && endDate ? { start: beginDate, end: endDate } : null}
      onChange={(range) => {
        if (!range) return;
        begin.set(range.start.toString());
        end.set(range.end.toString());
      }}
      isInvalid={problem !== undefined}
      validationBehavior="aria"
    >
      <Label>{label}</Label>
      <Group className="owner-daterange" id={fieldId(groupPath)} tabIndex={-1}>
        <DateInput slot="start">
          {(segment) => <DateSegment segment={segment} />}
        </DateInput>
        <span aria-hidden="true">–</span>
        <DateInput slot="end">
          {(segment) => <DateSegment segment={segment} />}
        </DateInput>
        <AriaButton className="owner-calendar-button" aria-label="Open the calendar">
          ▦
        </AriaButton>
      </Group>
      <FieldError>{problem}</FieldError>
      <Popover className="owner-popover">
        <Dialog className="owner-calendar">
          <RangeCalendar>
            <header className="owner-calendar__header">
              <AriaButton slot="previous">◀</AriaButton>
              <Heading />
              <AriaButton slot="next">▶</AriaButton>
            </header>
            <CalendarGrid>{(date) => <CalendarCell date={date} className="owner-calendar__cell" />}</CalendarGrid>
          </RangeCalendar>
        </Dialog>
      </Popover>
    </DateRangePicker>
  );
}

/** A list of rows of the rate plan with Add and Remove. */
function useRows<T>(path: string) {
  const field = useEditorField<T[]>(path);
  const rows = field.value ?? [];
  return {
    rows,
    add: (row: T) => field.set([...rows, row]),
    remove: (index: number) => field.set(rows.filter((_, i) => i !== index)),
  };
}

const emptySeason = (baseNightlyCents: number): SeasonRate => ({ name: '', begin: '', end: '', nightlyCents: baseNightlyCents, weekendNightlyCents: null, minStay: 1, arrivalDays: [], departureDays: [] });

function Seasons({ currency }: { currency: string }) {
  const { rows, add, remove } = useRows<SeasonRate>('rates.seasons');
  const base = useEditorField<number>('rates.baseNightlyCents');
  const problems = useProblemsUnder('rates.seasons');
  return (
    <fieldset className="owner-rows">
      <legend>Seasons</legend>
      {rows.length === 0 ? <p className="owner-note">No seasons: every night is priced at the base rate (or its date’s own price).</p> : null}
      {rows.map((season, i) => (
        <fieldset key={i} className="owner-row" aria-label={`Season ${i + 1}${season.name ? `: ${season.name}` : ''}`}>
          <TextInput path={`rates.seasons.${i}.name`} label="Season name" isRequired />
          <SeasonDates path={`rates.seasons.${i}`} label="Dates (first and last night)" />
          <NumberInput path={`rates.seasons.${i}.nightlyCents`} label="Nightly rate" currency={currency} minValue={0} isRequired />
          <NumberInput path={`rates.seasons.${i}.weekendNightlyCents`} label="Weekend nightly rate" currency={currency} minValue={0} nullable hint="Empty: the nightly rate." />
          <NumberInput path={`rates.seasons.${i}.minStay`} label="Minimum stay (nights)" minValue={1} maxValue={365} />
          <WeekdaysInput path={`rates.seasons.${i}.arrivalDays`} label="Arrival days" />
          <WeekdaysInput path={`rates.seasons.${i}.departureDays`} label="Departure days" />
          <Button variant="quiet" onPress={() => remove(i)}>
            Remove the season {season.name}
          </Button>
        </fieldset>
      ))}
      {problems.filter((p) => p.path === 'rates.seasons').map((p) => (
        <p key={p.message} className="owner-problem">
          {p.message}
        </p>
      ))}
      <Button onPress={() => add(emptySeason(base.value))}>Add a season</Button>
    </fieldset>
  );
}

function DateOverrides({ currency }: { currency: string }) {
  const { rows, add, remove } = useRows<DateRate>('rates.dates');
  return (
    <fieldset className="owner-rows">
      <legend>Single dates</legend>
      <p className="owner-note">A date’s own price beats its season’s; an empty price closes the night.</p>
      {rows.map((row, i) => (
        <fieldset key={i} className="owner-row owner-row--inline" aria-label={`Date ${i + 1}`}>
          <TextInput path={`rates.dates.${i}.date`} label="Date (YYYY-MM-DD)" isRequired />
          <NumberInput path={`rates.dates.${i}.nightlyCents`} label="Nightly rate" currency={currency} nullable hint="Empty: closed." />
          <NumberInput path={`rates.dates.${i}.minStay`} label="Minimum stay from this date" nullable minValue={1} maxValue={365} />
          <Button variant="quiet" onPress={() => remove(i)}>
            Remove {row.date || `date ${i + 1}`}
          </Button>
        </fieldset>
      ))}
      <Button onPress={() => add({ date: '', nightlyCents: null, minStay: null })}>Add a date</Button>
    </fieldset>
  );
}

function Fees({ currency }: { currency: string }) {
  const { rows, add, remove } = useRows<ListingFee>('rates.fees');
  return (
    <fieldset className="owner-rows">
      <legend>Fees</legend>
      {rows.map((fee, i) => (
        <fieldset key={i} className="owner-row owner-row--inline" aria-label={`Fee ${i + 1}${fee.name ? `: ${fee.name}` : ''}`}>
          <TextInput path={`rates.fees.${i}.name`} label="Fee name" isRequired />
          <TextInput path={`rates.fees.${i}.code`} label="Code" hint="Letters, digits, - and _." isRequired />
          <SelectInput path={`rates.fees.${i}.scope`} label="Counted" options={FEE_SCOPES} />
          {fee.scope === 'rent_percent' ? (
            <NumberInput path={`rates.fees.${i}.amount`} label="Share of the rent" basisPoints minValue={0} maxValue={100} />
          ) : (
            <NumberInput path={`rates.fees.${i}.amount`} label="Amount" currency={currency} minValue={0} />
          )}
          <BooleanInput path={`rates.fees.${i}.mandatory`} label="Mandatory (in every price)" />
          <Button variant="quiet" onPress={() => remove(i)}>
            Remove the fee {fee.name}
          </Button>
        </fieldset>
      ))}
      <Button onPress={() => add({ code: `fee-${rows.length + 1}`, name: '', scope: 'stay', amount: 0, mandatory: true, description: '' })}>Add a fee</Button>
    </fieldset>
  );
}

function Taxes() {
  const { rows, add, remove } = useRows<ListingTax>('rates.taxes');
  return (
    <fieldset className="owner-rows">
      <legend>Taxes</legend>
      {rows.map((tax, i) => (
        <fieldset key={i} className="owner-row owner-row--inline" aria-label={`Tax ${i + 1}${tax.name ? `: ${tax.name}` : ''}`}>
          <TextInput path={`rates.taxes.${i}.name`} label="Authority and tax" hint="e.g. State sales tax" isRequired />
          <TextInput path={`rates.taxes.${i}.code`} label="Code" isRequired />
          <NumberInput path={`rates.taxes.${i}.basisPoints`} label="Rate" basisPoints minValue={0} maxValue={100} />
          <SelectInput path={`rates.taxes.${i}.base`} label="A share of" options={TAX_BASES} />
          <NumberInput path={`rates.taxes.${i}.staysUnderNights`} label="Only stays under (nights)" nullable minValue={1} hint="Empty: every stay." />
          <Button variant="quiet" onPress={() => remove(i)}>
            Remove the tax {tax.name}
          </Button>
        </fieldset>
      ))}
      <Button onPress={() => add({ code: `tax-${rows.length + 1}`, name: '', basisPoints: 0, base: 'rent', staysUnderNights: null })}>Add a tax</Button>
    </fieldset>
  );
}

/** Rates & fees: the base rates and rules, seasons, single dates, fees and taxes, money in the site's currency. */
export function RatesSection({ currency }: { currency: string }) {
  return (
    <>
      <div className="owner-grid">
        <NumberInput path="rates.baseNightlyCents" label="Nightly rate" currency={currency} minValue={0} isRequired />
        <NumberInput path="rates.weekendNightlyCents" label="Weekend nightly rate" currency={currency} minValue={0} nullable hint="Friday and Saturday nights; empty: the nightly rate." />
        <NumberInput path="rates.minStay" label="Minimum stay (nights)" minValue={1} maxValue={365} />
        <NumberInput path="rates.weeklyFactor" label="Weekly discount (7–27 nights)" percentOff minValue={0} maxValue={50} />
        <NumberInput path="rates.monthlyFactor" label="Monthly discount (28 nights or more)" percentOff minValue={0} maxValue={50} />
        <NumberInput path="rates.guestsIncluded" label="Guests included" minValue={1} />
        <NumberInput path="rates.extraGuestNightlyCents" label="Each extra guest, per night" currency={currency} minValue={0} />
      </div>
      <Seasons currency={currency} />
      <DateOverrides currency={currency} />
      <Fees currency={currency} />
      <Taxes />
    </>
  );
}
