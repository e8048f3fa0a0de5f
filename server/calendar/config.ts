/**
 * Settings of the calendar sync (docs/configuration.md):
 *
 *   CALENDAR_POLL_MINUTES        how often each imported feed is polled (default 15; each poll is
 *                                moved by up to a tenth of it either way at random, so feeds do not poll together)
 *   CALENDAR_FEED_TIMEOUT_MS     the longest a feed's whole answer may take, redirects and body included (default 15 000)
 *   CALENDAR_FEED_MAX_KB         the largest feed read, after decompression (default 2048)
 *   CALENDAR_FEED_PARSE_MS       the longest reading one feed may take in the feed worker, recurring
 *                                events expanded (default 5 000); over it the worker is ended and the feed refused
 *   CALENDAR_FEED_PARSE_MB       the feed worker's heap limit (default 128); over it the feed is refused
 *   CALENDAR_FEED_TEST_LOOPBACK  TESTS ONLY: loopback host:port pairs a feed may be fetched from
 *                                (the tests' fixture servers); every other loopback, private or
 *                                link-local address stays refused
 */
import { isIP } from 'node:net';

export interface CalendarSettings {
  pollMinutes: number;
  timeoutMs: number;
  maxBytes: number;
  /** The feed worker's time budget for one read, in ms (CALENDAR_FEED_PARSE_MS, default 5 000). */
  parseBudgetMs: number;
  /** The feed worker's heap limit, in MB (CALENDAR_FEED_PARSE_MB, default 128). */
  parseMemoryMb: number;
  /** Loopback `host:port` pairs a feed may be fetched from (tests only). */
  testLoopback: string[];
}

function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return value;
}

/** `127.0.0.1:4531` or `[::1]:4531`: a loopback address with its port. */
function loopbackPairs(raw: string | undefined): string[] {
  const entries = (raw ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(entry);
    const host = match?.[1] ?? match?.[2] ?? '';
    const loopback = (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';
    if (!match || !loopback || Number(match[3]) < 1 || Number(match[3]) > 65535) {
      throw new Error(`CALENDAR_FEED_TEST_LOOPBACK must be a comma-separated list of loopback address:port pairs (tests only), e.g. 127.0.0.1:4531, got ${JSON.stringify(entry)}`);
    }
  }
  return entries.map((entry) => entry.replace(/^\[|\](?=:)/g, ''));
}

export function parseCalendarSettings(env: NodeJS.ProcessEnv): CalendarSettings {
  return {
    pollMinutes: whole('CALENDAR_POLL_MINUTES', env.CALENDAR_POLL_MINUTES, 15, 1, 1440),
    timeoutMs: whole('CALENDAR_FEED_TIMEOUT_MS', env.CALENDAR_FEED_TIMEOUT_MS, 15_000, 500, 120_000),
    maxBytes: whole('CALENDAR_FEED_MAX_KB', env.CALENDAR_FEED_MAX_KB, 2048, 16, 65_536) * 1024,
    parseBudgetMs: whole('CALENDAR_FEED_PARSE_MS', env.CALENDAR_FEED_PARSE_MS, 5000, 100, 120_000),
    parseMemoryMb: whole('CALENDAR_FEED_PARSE_MB', env.CALENDAR_FEED_PARSE_MB, 128, 32, 4096),
    testLoopback: loopbackPairs(env.CALENDAR_FEED_TEST_LOOPBACK),
  };
}
