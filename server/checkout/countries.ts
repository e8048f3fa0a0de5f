/**
 * The countries of the checkout's country select: every ISO 3166-1 alpha-2 code, named in
 * English by Intl (Node's full ICU). The countries whose states or provinces are in the database
 * (the demo's United States and Canada) come first, then the rest by name.
 */
import { COUNTRY_CODES as CODES, namedCountries } from '../../src/domain/country-codes.ts';

export interface Country {
  code: string;
  name: string;
  /** Its states or provinces are listed (GET /rescms/order/provinces/{code}); the state is then required. */
  provinces: boolean;
}

/** Every country named in English, by name (the lead forms' list too). */
const BY_NAME = namedCountries();
const KNOWN = new Set(CODES);

/** Whether a code is an ISO 3166-1 alpha-2 country this site knows. */
export const isCountryCode = (code: string): boolean => KNOWN.has(code);

/**
 * The country select's options: those with provinces first (in `withProvinces` order), then
 * every other country by name.
 */
export function countryList(withProvinces: readonly string[]): Country[] {
  const first = withProvinces.filter(isCountryCode);
  const firstSet = new Set(first);
  const byCode = new Map(BY_NAME.map((c) => [c.code, c]));
  return [
    ...first.map((code) => ({ ...(byCode.get(code) as { code: string; name: string }), provinces: true })),
    ...BY_NAME.filter((c) => !firstSet.has(c.code)).map((c) => ({ ...c, provinces: false })),
  ];
}
