import { getCookie, setCookie } from './cookies';

/** The guest's insurance state (spec §5 Insurance state check, §9 Storage: cookie rcstate, path /). */
export const INSURANCE_STATE_COOKIE = 'rcstate';

/**
 * The saved insurance state: a state code or 'none'; null when none was saved, it is not one the
 * site lists (a tampered or outdated cookie), or the site lists no states (nothing to check).
 */
export function readInsuranceState(states: Record<string, string>): string | null {
  if (Object.keys(states).length === 0) return null;
  const raw = getCookie(INSURANCE_STATE_COOKIE)?.trim() ?? '';
  if (raw === 'none') return raw;
  const code = raw.toUpperCase();
  return Object.hasOwn(states, code) ? code : null;
}

export function saveInsuranceState(province: string): void {
  setCookie(INSURANCE_STATE_COOKIE, province, 365);
}
