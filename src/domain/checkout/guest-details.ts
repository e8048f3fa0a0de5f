/**
 * The guest's details at checkout (issue 22): which phone numbers are accepted, and the card-number
 * guard of the fields where a guest types free text. Both are built so that a guest who should be
 * able to book is never refused: a phone number is checked with libphonenumber-js, which knows every
 * country's numbering plan, and a card number is only found where no phone number could be.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** The most digits of an international phone number (ITU-T E.164). */
const MAX_PHONE_DIGITS = 15;

export type PhoneCheck = { ok: true; e164: string | null } | { ok: false; message: string };

const PHONE_CHARACTERS = /^\+?[\d\s().\-/]+$/u;

/** The fewest digits of a number accepted without libphonenumber-js recognising it (the rule before issue 22). */
const MIN_PLAIN_DIGITS = 7;

/**
 * Whether `text` is a phone number a guest can be called on. Written with or without the
 * international prefix (+ or 00), spaces, dashes, dots, slashes and brackets, and an extension
 * (`ext. 12`, `x12`). It passes when libphonenumber-js, which knows every country's numbering
 * plan, finds it a possible number: as written with its country code, else read as a number of the
 * guest's country, then of the site's. A number of 7 to 15 digits that it does not recognise still
 * passes (a range opened after the library's data was made, an internal line): the site must be
 * able to reach the guest, and refusing a guest who should be able to book is worse than keeping
 * a number that cannot be checked. `e164` is the number in international form when it is known.
 *
 * @example checkPhone('+86 138 0013 8002', 'US') // { ok: true, e164: '+8613800138002' }
 * @example checkPhone('138 0013 8002', 'CN') // { ok: true, e164: '+8613800138002' }
 * @example checkPhone('12', 'US').ok // false
 */
export function checkPhone(text: string, guestCountry: string | null, siteCountry: string = 'US'): PhoneCheck {
  const trimmed = text.trim();
  const extension = /\s*(?:ext\.?|extension|x|#)\s*\d{1,7}$/iu.exec(trimmed);
  const number = (extension ? trimmed.slice(0, extension.index) : trimmed).replace(/^00(?=[1-9])/u, '+');
  if (!PHONE_CHARACTERS.test(number)) return { ok: false, message: 'Please enter a phone number using digits, with spaces, dashes or brackets if you like (such as +44 20 7946 0958).' };
  const digitCount = number.replace(/\D/gu, '').length;
  const countries = [guestCountry, siteCountry].filter((code, index, all): code is string => typeof code === 'string' && /^[A-Z]{2}$/u.test(code) && all.indexOf(code) === index);
  for (const country of number.startsWith('+') ? [undefined] : countries) {
    const parsed = parsePhoneNumberFromString(number, country as CountryCode | undefined);
    if (parsed?.isPossible()) return { ok: true, e164: parsed.number };
  }
  if (digitCount >= MIN_PLAIN_DIGITS && digitCount <= MAX_PHONE_DIGITS) return { ok: true, e164: null };
  return {
    ok: false,
    message:
      digitCount < MIN_PLAIN_DIGITS
        ? 'This phone number looks too short. Please enter the whole number, with its country code (such as +44 20 7946 0958).'
        : 'This phone number looks too long. Please enter one number, with its country code (such as +44 20 7946 0958).',
  };
}

/**
 * Card networks by the first digits of their numbers (ISO/IEC 7812 issuer identification) and the
 * lengths they issue: Visa, Mastercard, American Express, Discover, Diners Club, JCB, UnionPay,
 * Maestro, Mir, RuPay, Troy, Verve and UATP.
 */
const NETWORKS: readonly { prefix: RegExp; lengths: readonly number[] }[] = [
  { prefix: /^4/u, lengths: [13, 16, 19] },
  { prefix: /^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/u, lengths: [16] },
  { prefix: /^3[47]/u, lengths: [15] },
  { prefix: /^(6011|64[4-9]|65|62|81|82|60|508|9792)/u, lengths: [16, 17, 18, 19] },
  { prefix: /^(30[0-5]|3095|36|3[89])/u, lengths: [14, 15, 16, 17, 18, 19] },
  { prefix: /^35(2[89]|[3-8]\d)/u, lengths: [16, 17, 18, 19] },
  { prefix: /^(5[06-9]|6\d)/u, lengths: [13, 14, 15, 16, 17, 18, 19] },
  { prefix: /^220[0-4]/u, lengths: [16, 17, 18, 19] },
  { prefix: /^1/u, lengths: [15] },
];

/**
 * 13 to 19 digits, single spaces or dashes between them, not part of a longer number or of a Latin
 * word (a key, a token); beside letters of scripts written without spaces (我的卡号4242…) it is found.
 */
const DIGIT_RUN = /(?<![A-Za-z0-9+])\d(?:[ -]?\d){12,18}(?![A-Za-z0-9])/gu;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** How card numbers are written: in one run, in fours (the last group shorter), or 4-6-5 and 4-6-4 (American Express, Diners Club). */
function groupedAsCard(run: string): boolean {
  const groups = run.split(/[ -]/u).map((group) => group.length);
  if (groups.length === 1) return true;
  const last = groups[groups.length - 1] as number;
  if (groups.slice(0, -1).every((length) => length === 4) && last >= 1 && last <= 4) return true;
  return groups.join('-') === '4-6-5' || groups.join('-') === '4-6-4';
}

/**
 * Whether a text a guest typed holds a payment card number: 13 to 19 digits written as cards are
 * (see groupedAsCard), with the first digits and length of a card network, that pass the Luhn check.
 * It never matches a phone number: not after a + or 00, and never digits that could be an
 * international number (15 digits or fewer that some country's numbering plan allows). Card
 * numbers never reach this site; payments travel as a provider's token.
 *
 * @example containsCardNumber('Card 4242 4242 4242 4242, exp 12/30') // true
 * @example containsCardNumber('Call me on +86 138 0013 8002') // false
 */
export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    const run = match[0];
    const digits = run.replace(/[ -]/gu, '');
    const before = text.slice(Math.max(0, (match.index ?? 0) - 3), match.index ?? 0);
    if (/(\+|\b00)\s?$/u.test(before) || digits.startsWith('00')) continue;
    if (!groupedAsCard(run) || !luhnValid(digits)) continue;
    if (!NETWORKS.some((network) => network.prefix.test(digits) && network.lengths.includes(digits.length))) continue;
    if (digits.length <= MAX_PHONE_DIGITS && parsePhoneNumberFromString(`+${digits}`)?.isPossible()) continue;
    return true;
  }
  return false;
}

/**
 * Letters and marks of any script, with the joiners some scripts write names with (ZWJ, ZWNJ),
 * spaces, apostrophes (' ’ ʼ), hyphens, dots of initials, commas and middle dots (阿沛·阿旺晋美).
 */
// The joiners are written as alternatives: inside a class they read as joined sequences to a linter.
const NAME = /^[\p{L}\p{M}](?:(?:[\p{L}\p{M} '’ʼ.,·・-]|\u200c|\u200d)*[\p{L}\p{M}.'’ʼ])?$/u;
/** A web address: a scheme, www., or letters.letters with no space after the dot (J. R. R. and St. John pass). */
const WEB_ADDRESS = /:\/\/|\bwww\.|\p{L}{2,}\.\p{L}{2,}/iu;

/**
 * A first or last name is a name: letters of any script with the punctuation names have; no
 * digits, web addresses or other symbols (an email's name is read by whoever gets it). Null when
 * it passes, else the message for the field. Its length is the field's (checkout-fields.ts
 * GUEST_FIELDS), checked with every other field's.
 */
export function nameProblem(value: string, label: string): string | null {
  const name = value.trim();
  if (name === '') return null;
  if (WEB_ADDRESS.test(name)) return `${label} cannot hold a web address. Please enter your name as it is written.`;
  if (/\p{N}/u.test(name)) return `${label} cannot hold digits. Please enter your name as it is written.`;
  if (!NAME.test(name)) return `${label} can hold letters, spaces, apostrophes, hyphens and dots only. Please enter your name as it is written.`;
  return null;
}
