import { describe, expect, it } from 'vitest';
import { parseCalendarSettings } from './config.ts';

describe('parseCalendarSettings', () => {
  it('has defaults: 15 minutes, 15 s, 2 MiB, a 5 s and 128 MB feed worker, no loopback', () => {
    expect(parseCalendarSettings({})).toEqual({ pollMinutes: 15, timeoutMs: 15_000, maxBytes: 2048 * 1024, parseBudgetMs: 5000, parseMemoryMb: 128, testLoopback: [] });
  });

  it('reads the settings and the tests\' loopback pairs', () => {
    expect(parseCalendarSettings({ CALENDAR_POLL_MINUTES: '5', CALENDAR_FEED_TIMEOUT_MS: '3000', CALENDAR_FEED_MAX_KB: '64', CALENDAR_FEED_PARSE_MS: '800', CALENDAR_FEED_PARSE_MB: '64', CALENDAR_FEED_TEST_LOOPBACK: '127.0.0.1:4532, [::1]:4533' })).toEqual({
      pollMinutes: 5,
      timeoutMs: 3000,
      maxBytes: 64 * 1024,
      parseBudgetMs: 800,
      parseMemoryMb: 64,
      testLoopback: ['127.0.0.1:4532', '::1:4533'],
    });
  });

  it.each([
    [{ CALENDAR_POLL_MINUTES: '0' }, 'CALENDAR_POLL_MINUTES must be a whole number from 1 to 1440, got "0"'],
    [{ CALENDAR_FEED_MAX_KB: 'lots' }, 'CALENDAR_FEED_MAX_KB must be a whole number from 16 to 65536, got "lots"'],
    [{ CALENDAR_FEED_PARSE_MS: '50' }, 'CALENDAR_FEED_PARSE_MS must be a whole number from 100 to 120000, got "50"'],
    [{ CALENDAR_FEED_TEST_LOOPBACK: '10.0.0.1:80' }, /loopback address:port pairs \(tests only\).*got "10\.0\.0\.1:80"/],
    [{ CALENDAR_FEED_TEST_LOOPBACK: '127.0.0.1' }, /got "127\.0\.0\.1"/],
    [{ CALENDAR_FEED_TEST_LOOPBACK: 'localhost:80' }, /got "localhost:80"/],
  ])('refuses %j', (env, message) => {
    expect(() => parseCalendarSettings(env)).toThrow(message);
  });
});
