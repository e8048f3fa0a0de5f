/**
 * The checkout form's fields (POST /rescms/order/checkout): what each may hold, how a guest's
 * details are checked (a message per field, under the form's field names), and what is refused
 * outright (a card or bank number sent to this site).
 */
import { checkPhone, containsCardNumber, nameProblem } from '../../src/domain/checkout/guest-details.ts';
import type { ProtectionKind } from '../../src/domain/checkout/checkout.ts';
import { EMAIL } from '../../src/domain/lead-forms.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import { domainToASCII } from 'node:url';
import { hasLineBreak, oneLineMessage } from '../security/text-input.ts';
import { isCountryCode } from './countries.ts';

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
export const TOKEN = /^[A-Za-z0-9_.:-]{4,200}$/;
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,19}$/;
export const LINE_FIELD = /^(ti|dp)\[(ind-\d{1,4})\]$/;
/** Field names that only a card or bank form would have: refused whatever their value. */
const CARD_FIELD = /(card|cc)[_-]?(num|number|no)\b|cvv|cvc|security[_-]?code|\bpan\b|exp(iry|iration)?[_-]?(date|month|year)|account[_-]?number|routing/i;
export const MAX_FIELDS = 200;
export const MAX_FIELD_TEXT = 4000;

export interface TextField {
  label: string;
  max: number;
  required: string | null;
  /** Keeps line breaks (arrival notes); every other field is one line (server/security/text-input.ts). */
  multiLine?: true;
  /** A person's name: letters and the punctuation names have (guest-details.ts nameProblem). */
  name?: true;
}

/** The guest fields of the checkout form, by the form's field names. */
export const GUEST_FIELDS = {
  first_name: { label: 'First name', max: 60, required: 'Please enter your first name.', name: true },
  last_name: { label: 'Last name', max: 60, required: 'Please enter your last name.', name: true },
  email: { label: 'Email', max: 254, required: 'Please enter your email address.' },
  phone: { label: 'Phone', max: 30, required: 'Please enter a phone number.' },
  address: { label: 'Address', max: 200, required: 'Please enter your street address.' },
  city: { label: 'City', max: 100, required: 'Please enter your town or city.' },
  postal_code: { label: 'Postal code', max: 20, required: 'Please enter your postal code.' },
  country: { label: 'Country', max: 2, required: 'Please choose your country.' },
  state: { label: 'State or province', max: 100, required: null },
  notes: { label: 'Arrival notes', max: 2000, required: null, multiLine: true },
} as const satisfies Record<string, TextField>;
export type GuestField = keyof typeof GUEST_FIELDS;

export const PROTECTION_NAMES: Record<ProtectionKind, string> = { ti: 'trip insurance', dp: 'damage protection' };

/**
 * A canonical JSON text (keys sorted), for the request hash. By recursion: a body reaches it only
 * through the JSON parser, which refuses one nested more than JSON_MAX_DEPTH levels
 * (server/security/json-body.ts).
 *
 * @example canonical({ b: [1, { d: 2, c: null }], a: 'x' }) // '{"a":"x","b":[1,{"c":null,"d":2}]}'
 */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fields a card number could be put into by mistake: those where a guest types free text, and
 * the payment token (a provider's token is never a card number; a payment form wired wrongly could
 * send one). The order, its dates (`bt`, `et` in ms) and figures (`wk`), and the phone (checked as a
 * phone) are never searched: a derived number is not typed, and 1 date in 10 passes the Luhn check.
 */
const FREE_TEXT_FIELDS = ['first_name', 'last_name', 'address', 'city', 'postal_code', 'notes', 'payment[token]'] as const;

/** The first field that holds a card number, or is named as only a card or bank form's field would be; else null. */
export function cardField(fields: Record<string, unknown>): string | null {
  for (const name of Object.keys(fields)) if (CARD_FIELD.test(name)) return name;
  for (const name of FREE_TEXT_FIELDS) {
    const value = fields[name];
    if (typeof value === 'string' && containsCardNumber(value)) return name;
  }
  return null;
}

export const text = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null);

/**
 * Checks the guest's details, adding a message per field to `errors`: each text field's length
 * and line breaks, the email (a domain in its own script kept as punycode), the postal code, the
 * country, the phone (read in the guest's country) and the state (required, and one of the list,
 * for a country with provinces). Returns the fields as they are kept.
 */
export async function checkGuest(
  fields: Record<string, unknown>,
  { settings, provincesOf }: { settings: SiteSettings; provincesOf: (country: string) => Promise<Record<string, string>> },
  errors: Record<string, string>,
): Promise<Record<GuestField, string>> {
  const guest = {} as Record<GuestField, string>;
  for (const [name, field] of Object.entries(GUEST_FIELDS) as [GuestField, TextField][]) {
    const raw = fields[name];
    const value = raw === undefined || raw === null ? '' : text(raw);
    if (value === null) {
      errors[name] = `${field.label} must be text.`;
      continue;
    }
    if (value.length > field.max) errors[name] = `${field.label} must be at most ${field.max} characters.`;
    else if (value === '' && field.required) errors[name] = field.required;
    else if (!field.multiLine && hasLineBreak(value)) errors[name] = oneLineMessage(field.label);
    guest[name] = value;
  }
  // A name is a name: the email's words are the site's, and a name is all of the guest's it shows.
  for (const [name, field] of Object.entries(GUEST_FIELDS) as [GuestField, TextField][]) {
    const problem = field.name && !errors[name] && guest[name] ? nameProblem(guest[name], field.label) : null;
    if (problem) errors[name] = problem;
  }
  if (!errors.email && guest.email && !EMAIL.test(guest.email)) {
    // A domain in its own script (用户@例子.广告, jürgen@müller.de) is kept as mail servers take it (punycode).
    const at = guest.email.lastIndexOf('@');
    const ascii = at > 0 ? `${guest.email.slice(0, at)}@${domainToASCII(guest.email.slice(at + 1))}` : '';
    if (EMAIL.test(ascii)) guest.email = ascii;
    else errors.email = 'Please enter a valid email address, such as name@example.com.';
  }
  if (!errors.postal_code && guest.postal_code && !POSTAL_CODE.test(guest.postal_code)) errors.postal_code = 'Please enter a postal code of letters, digits, spaces and dashes.';
  if (!errors.country && guest.country) {
    guest.country = guest.country.toUpperCase();
    if (!isCountryCode(guest.country)) errors.country = 'Please choose a country from the list.';
  }
  if (!errors.phone && guest.phone) {
    // Read in the guest's country when it has no country code (+44…), as they would dial it.
    const phone = checkPhone(guest.phone, !errors.country && isCountryCode(guest.country) ? guest.country : null, settings.site.country);
    if (!phone.ok) errors.phone = phone.message;
  }
  if (!errors.country && guest.country && !errors.state) {
    const known = await provincesOf(guest.country);
    if (Object.keys(known).length > 0) {
      if (!guest.state) errors.state = 'Please choose your state or province.';
      else if (!(guest.state.toUpperCase() in known)) errors.state = 'Please choose a state or province from the list.';
      else guest.state = guest.state.toUpperCase();
    }
  }
  return guest;
}
