import fc from 'fast-check';
import { getCountries, getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import mobile from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { checkPhone, containsCardNumber } from './guest-details';

/** Phone numbers as guests of these countries write them (issue 22): with and without + and spaces. */
export const REAL_PHONE_FORMATS: readonly { country: string; text: string }[] = [
  { country: 'CN', text: '+86 138 0013 8002' },
  { country: 'CN', text: '+8613800138002' },
  { country: 'CN', text: '138 0013 8002' },
  { country: 'CN', text: '13800138002' },
  { country: 'CN', text: '010 6552 9988' },
  { country: 'CN', text: '0086 138 0013 8002' },
  { country: 'IN', text: '+91 98765 43210' },
  { country: 'IN', text: '+919876543210' },
  { country: 'IN', text: '098765 43210' },
  { country: 'IN', text: '9876543210' },
  { country: 'IN', text: '022 2282 1234' },
  { country: 'BR', text: '+55 11 91234-5678' },
  { country: 'BR', text: '+5511912345678' },
  { country: 'BR', text: '(11) 91234-5678' },
  { country: 'BR', text: '11912345678' },
  { country: 'BR', text: '(21) 2555-1234' },
  { country: 'DE', text: '+49 1512 3456789' },
  { country: 'DE', text: '+4915123456789' },
  { country: 'DE', text: '01512 3456789' },
  { country: 'DE', text: '030 12345678' },
  { country: 'DE', text: '+49 (0)30 12345678' },
  { country: 'DE', text: '089/1234567' },
  { country: 'GB', text: '+44 7700 900123' },
  { country: 'GB', text: '+447700900123' },
  { country: 'GB', text: '07700 900123' },
  { country: 'GB', text: '020 7946 0958' },
  { country: 'GB', text: '(020) 7946 0958' },
  { country: 'US', text: '+1 415 555 0142' },
  { country: 'US', text: '+14155550142' },
  { country: 'US', text: '(415) 555-0142' },
  { country: 'US', text: '415.555.0142' },
  { country: 'US', text: '4155550142' },
  { country: 'US', text: '1-415-555-0142' },
  { country: 'US', text: '415-555-0142 ext. 12' },
  { country: 'JP', text: '+81 90-1234-5678' },
  { country: 'JP', text: '+819012345678' },
  { country: 'JP', text: '090-1234-5678' },
  { country: 'JP', text: '09012345678' },
  { country: 'JP', text: '03-1234-5678' },
  // A guest abroad who gives a home number with its country code, whatever country they chose.
  { country: 'FR', text: '+86 138 0013 8002' },
  { country: 'US', text: '+91 98765 43210' },
];

/** Every country's example mobile number, in each way people write it (landlines: REAL_PHONE_FORMATS). */
function everyCountryFormat(): { country: string; text: string }[] {
  const out: { country: string; text: string }[] = [];
  for (const country of getCountries()) {
    const example = getExampleNumber(country, mobile);
    if (!example) continue;
    const international = example.formatInternational();
    out.push(
      { country, text: example.number },
      { country, text: international },
      { country, text: international.replace('+', '00') },
      { country, text: example.formatNational() },
      { country, text: example.formatNational().replace(/\D/g, '') },
      // Chose another country in the form: the number with its country code still passes.
      { country: country === 'US' ? 'GB' : 'US', text: international },
    );
  }
  return out;
}

describe('checkPhone', () => {
  it.each(REAL_PHONE_FORMATS)('accepts $text from $country', ({ country, text }) => {
    expect(checkPhone(text, country)).toMatchObject({ ok: true });
  });

  it("accepts every country's numbers as its people write them (libphonenumber-js examples, every country)", () => {
    const refused = everyCountryFormat().filter(({ country, text }) => !checkPhone(text, country).ok);
    expect(refused).toEqual([]);
  });

  it('accepts any subscriber number of every country (fast-check: the example with other digits)', () => {
    const countries = getCountries().filter((country) => getExampleNumber(country, mobile));
    fc.assert(
      fc.property(fc.constantFrom(...countries), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 }), fc.boolean(), (country: CountryCode, tail, international) => {
        const example = getExampleNumber(country, mobile)!;
        // Other subscriber digits: the last four, or all but the first two of a short plan's.
        const kept = Math.max(example.nationalNumber.length - 4, 2);
        const national = example.nationalNumber.slice(0, kept) + tail.join('').slice(0, example.nationalNumber.length - kept);
        const text = international ? `+${example.countryCallingCode} ${national}` : national;
        expect(checkPhone(text, country)).toMatchObject({ ok: true });
        expect(containsCardNumber(`Please call ${text}`)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['12', 'too short'],
    ['call me', 'using digits'],
    ['+44 12', 'too short'],
    ['4242 4242 4242 4242 4242', 'too long'],
    ['+1 (0) 12', 'too short'],
  ])('refuses %j, saying what to do', (text, message) => {
    const check = checkPhone(text, 'US');
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.message).toContain(message);
  });
});

/** A number of `length` digits starting `prefix` that passes the Luhn check. */
function cardNumber(prefix: string, length: number, body: readonly number[]): string {
  const digits = (prefix + body.join('')).slice(0, length - 1).padEnd(length - 1, '0');
  for (let check = 0; check <= 9; check++) {
    const candidate = digits + check;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let d = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

describe('containsCardNumber', () => {
  it.each([
    '4242424242424242',
    '4242 4242 4242 4242',
    'card: 4000-0566-5566-5556 exp 12/30',
    '378282246310005',
    '3782 822463 10005',
    '6011111111111117',
    '5555 5555 5555 4444',
    '2223 0031 2200 3222',
    '3566 0020 2036 0505',
    '6200 0000 0000 0005',
    'Mi tarjeta es 4111111111111111, gracias',
    '我的卡号4242424242424242',
  ])('finds %s', (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it.each([
    '+1 555 0142',
    '4242 4242 4242 4241',
    '2030-03-01 to 2030-03-08',
    'tok_test_success',
    'Room 12, gate code 4455',
    '1234567890123',
    'key-4242424242424242a',
    'f4242424242424242',
    'Call +86 138 0013 8002 on arrival',
    'my number: 0086 138 0013 8002',
    '+49 1512 3456789',
    // A millisecond time and a weeks figure are not typed by anyone, but never look like a card either.
    '1790208000000',
    '1.1428571428571428',
  ])('leaves %s', (text) => {
    expect(containsCardNumber(text)).toBe(false);
  });

  it('finds every card number written in one run, in fours or 4-6-5, inside any text, unless its digits could be a phone number (fast-check)', () => {
    const networks: [string, number, number[][]][] = [
      ['4', 16, [[4, 4, 4, 4]]],
      ['51', 16, [[4, 4, 4, 4]]],
      ['2221', 16, [[4, 4, 4, 4]]],
      ['34', 15, [[4, 6, 5]]],
      ['37', 15, [[4, 6, 5]]],
      ['6011', 16, [[4, 4, 4, 4]]],
      ['3528', 16, [[4, 4, 4, 4]]],
      ['62', 19, [[4, 4, 4, 4, 3]]],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...networks), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 19, maxLength: 19 }), fc.boolean(), fc.string({ maxLength: 20 }), ([prefix, length, groupings], body, grouped, words) => {
        const digits = cardNumber(prefix, length, body);
        let text = digits;
        if (grouped) {
          let at = 0;
          text = (groupings[0] as number[]).map((size) => digits.slice(at, (at += size))).join(' ');
        }
        // 15 digits or fewer can be an international number (an Amex 375… is a possible Belarus
        // number): such a run is never taken for a card, so no guest's phone is ever refused.
        const couldBePhone = digits.length <= 15 && parsePhoneNumberFromString(`+${digits}`)?.isPossible() === true;
        expect(containsCardNumber(`${words.replace(/[A-Za-z0-9+]+$/u, '')} ${text}. ${words}`)).toBe(!couldBePhone);
      }),
      { numRuns: 1000 },
    );
  });
});
