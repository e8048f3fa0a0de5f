import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { ANALYTICS_COOKIE_NAME, readGaId } from './analytics-cookie';

describe('readGaId (spec §7 Ranking)', () => {
  afterEach(() => Cookies.remove(ANALYTICS_COOKIE_NAME, { path: '/' }));

  it('reads the third and fourth parts of the _ga cookie', () => {
    Cookies.set(ANALYTICS_COOKIE_NAME, 'GA1.2.1234567890.1700000000', { path: '/' });
    expect(readGaId()).toBe('1234567890.1700000000');
  });

  it('gives null without the cookie, with fewer than 4 parts, or with a tampered value', () => {
    expect(readGaId()).toBeNull();
    Cookies.set(ANALYTICS_COOKIE_NAME, 'GA1.2.1234567890', { path: '/' });
    expect(readGaId()).toBeNull();
    Cookies.set(ANALYTICS_COOKIE_NAME, 'GA1.2.<b>.1', { path: '/' });
    expect(readGaId()).toBeNull();
  });

  it('leaves the cookie as it is', () => {
    Cookies.set(ANALYTICS_COOKIE_NAME, 'GA1.2', { path: '/' });
    readGaId();
    expect(Cookies.get(ANALYTICS_COOKIE_NAME)).toBe('GA1.2');
  });
});
