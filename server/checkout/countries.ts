/**
 * The countries of the checkout's country select: every ISO 3166-1 alpha-2 code, named in
 * English by Intl (Node's full ICU). The countries whose states or provinces are in the database
 * (the demo's United States and Canada) come first, then the rest by name.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

export interface Country {
  code: string;
  name: string;
  /** Its states or provinces are listed (GET /rescms/order/provinces/{code}); the state is then required. */
  provinces: boolean;
}

const names = new Intl.DisplayNames(['en'], { type: 'region' });
const collator = new Intl.Collator('en');
const ALL = CODES.map((code) => ({ code, name: names.of(code) ?? code }));
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
  const byCode = new Map(ALL.map((c) => [c.code, c]));
  return [
    ...first.map((code) => ({ ...(byCode.get(code) as { code: string; name: string }), provinces: true })),
    ...ALL.filter((c) => !firstSet.has(c.code))
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((c) => ({ ...c, provinces: false })),
  ];
}
