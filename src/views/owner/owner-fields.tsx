/**
 * The editor's fields: react-aria fields bound to one path of the document each, with their label,
 * their problem next to them (FieldError, linked by aria-describedby) and an optional hint.
 */
import type { ReactNode } from 'react';
import {
  Checkbox,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  NumberField,
  Popover,
  Select,
  SelectValue,
  Text,
  TextArea,
  TextField,
  Button as AriaButton,
  Group,
} from 'react-aria-components';
import { useEditorField } from '@/bindings/owner-editor-hooks';
import type { Weekday } from '@/domain/owner/listing-content';

interface Common {
  path: string;
  label: string;
  hint?: ReactNode;
  isRequired?: boolean;
}

export function TextInput({ path, label, hint, isRequired, multiline, rows = 4, maxLength, inputMode }: Common & { multiline?: boolean; rows?: number; maxLength?: number; inputMode?: 'text' | 'decimal' | 'url' }) {
  const field = useEditorField<string | null>(path);
  return (
    <TextField
      className="owner-field"
      value={field.value ?? ''}
      onChange={field.set}
      isInvalid={field.problem !== undefined}
      isRequired={isRequired}
      validationBehavior="aria"
      maxLength={maxLength}
    >
      <Label>{label}</Label>
      {multiline ? <TextArea id={field.id} rows={rows} /> : <Input id={field.id} inputMode={inputMode} />}
      {hint ? <Text slot="description">{hint}</Text> : null}
      <FieldError>{field.problem}</FieldError>
    </TextField>
  );
}

/** An optional text (a URL): empty is null in the document. */
export function OptionalTextInput({ path, label, hint }: Common) {
  const field = useEditorField<string | null>(path);
  return (
    <TextField className="owner-field" value={field.value ?? ''} onChange={(value) => field.set(value === '' ? null : value)} isInvalid={field.problem !== undefined} validationBehavior="aria">
      <Label>{label}</Label>
      <Input id={field.id} inputMode="url" />
      {hint ? <Text slot="description">{hint}</Text> : null}
      <FieldError>{field.problem}</FieldError>
    </TextField>
  );
}

interface NumberProps extends Common {
  minValue?: number;
  maxValue?: number;
  step?: number;
  /** Empty is null in the document (an optional number). */
  nullable?: boolean;
  /** The document keeps cents; the owner types the currency's units. */
  currency?: string;
  /** The document keeps a factor (0.95); the owner types % off (5). */
  percentOff?: boolean;
  /** The document keeps basis points (1 150); the owner types % (11.5). */
  basisPoints?: boolean;
}

/** Cents ↔ units, basis points ↔ %, factor ↔ % off: the one place the editor converts numbers. */
export function shownNumber(value: number | null, props: Pick<NumberProps, 'currency' | 'percentOff' | 'basisPoints'>): number {
  if (value === null || value === undefined) return Number.NaN;
  if (props.currency) return value / 100;
  if (props.basisPoints) return value / 100;
  if (props.percentOff) return Math.round((1 - value) * 10_000) / 100;
  return value;
}

export function storedNumber(shown: number, props: Pick<NumberProps, 'currency' | 'percentOff' | 'basisPoints' | 'nullable'>): number | null {
  if (Number.isNaN(shown)) return props.nullable || props.percentOff ? null : 0;
  if (props.currency || props.basisPoints) return Math.round(shown * 100);
  if (props.percentOff) return shown === 0 ? null : Math.round((100 - shown) * 100) / 10_000;
  return shown;
}

export function NumberInput({ path, label, hint, isRequired, minValue, maxValue, step, nullable, currency, percentOff, basisPoints }: NumberProps) {
  const field = useEditorField<number | null>(path);
  const kinds = { currency, percentOff, basisPoints, nullable };
  const formatOptions: Intl.NumberFormatOptions | undefined = currency
    ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }
    : percentOff || basisPoints
      ? { maximumFractionDigits: 2 }
      : undefined;
  return (
    <NumberField
      className="owner-field"
      value={shownNumber(field.value, kinds)}
      onChange={(shown) => field.set(storedNumber(shown, kinds))}
      isInvalid={field.problem !== undefined}
      isRequired={isRequired}
      validationBehavior="aria"
      minValue={minValue}
      maxValue={maxValue}
      step={step}
      formatOptions={formatOptions}
    >
      <Label>{label}</Label>
      <Group className="owner-number">
        <Input id={field.id} />
        {percentOff ? <span aria-hidden="true">% off</span> : basisPoints ? <span aria-hidden="true">%</span> : null}
      </Group>
      {hint ? <Text slot="description">{hint}</Text> : null}
      <FieldError>{field.problem}</FieldError>
    </NumberField>
  );
}

export function SelectInput({ path, label, hint, isRequired, options }: Common & { options: Array<{ id: string; name: string }> }) {
  const field = useEditorField<string>(path);
  return (
    <Select
      className="owner-field"
      selectedKey={field.value || null}
      onSelectionChange={(key) => field.set(String(key))}
      isInvalid={field.problem !== undefined}
      isRequired={isRequired}
      validationBehavior="aria"
      placeholder="Choose…"
    >
      <Label>{label}</Label>
      <AriaButton id={field.id} className="owner-select">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      {hint ? <Text slot="description">{hint}</Text> : null}
      <FieldError>{field.problem}</FieldError>
      <Popover className="owner-popover">
        <ListBox items={options}>{(option) => <ListBoxItem id={option.id}>{option.name}</ListBoxItem>}</ListBox>
      </Popover>
    </Select>
  );
}

export function CheckboxesInput({ path, label, options }: Common & { options: Array<{ id: string; name: string }> }) {
  const field = useEditorField<string[]>(path);
  return (
    <CheckboxGroup className="owner-field owner-checkboxes" value={field.value ?? []} onChange={field.set} isInvalid={field.problem !== undefined} validationBehavior="aria" id={field.id}>
      <Label>{label}</Label>
      <div className="owner-checkboxes__list">
        {options.map((option) => (
          <Checkbox key={option.id} value={option.id} className="owner-checkbox">
            <span className="owner-checkbox__box" aria-hidden="true" />
            {option.name}
          </Checkbox>
        ))}
      </div>
      <FieldError>{field.problem}</FieldError>
    </CheckboxGroup>
  );
}

export const WEEKDAYS: Array<{ id: Weekday; short: string; name: string }> = [
  { id: 0, short: 'Sun', name: 'Sunday' },
  { id: 1, short: 'Mon', name: 'Monday' },
  { id: 2, short: 'Tue', name: 'Tuesday' },
  { id: 3, short: 'Wed', name: 'Wednesday' },
  { id: 4, short: 'Thu', name: 'Thursday' },
  { id: 5, short: 'Fri', name: 'Friday' },
  { id: 6, short: 'Sat', name: 'Saturday' },
];

/** Weekday checkboxes; none checked means any day. */
export function WeekdaysInput({ path, label }: Common) {
  const field = useEditorField<Weekday[]>(path);
  return (
    <CheckboxGroup
      className="owner-field owner-weekdays"
      value={(field.value ?? []).map(String)}
      onChange={(values) => field.set(values.map(Number).sort() as Weekday[])}
      isInvalid={field.problem !== undefined}
      validationBehavior="aria"
      id={field.id}
    >
      <Label>{label}</Label>
      <div className="owner-checkboxes__list">
        {WEEKDAYS.map((day) => (
          <Checkbox key={day.id} value={String(day.id)} className="owner-checkbox" aria-label={day.name}>
            <span className="owner-checkbox__box" aria-hidden="true" />
            <span aria-hidden="true">{day.short}</span>
          </Checkbox>
        ))}
      </div>
      <Text slot="description">None checked: any day.</Text>
      <FieldError>{field.problem}</FieldError>
    </CheckboxGroup>
  );
}

export function BooleanInput({ path, label }: Common) {
  const field = useEditorField<boolean>(path);
  return (
    <Checkbox className="owner-checkbox" isSelected={field.value === true} onChange={field.set} id={field.id}>
      <span className="owner-checkbox__box" aria-hidden="true" />
      {label}
    </Checkbox>
  );
}
