/**
 * The feed fetcher's guard (feed-fetch.ts): only public addresses, every redirect hop checked,
 * one deadline, a size limit on the decompressed body, conditional requests. Feeds come from a
 * loopback fixture server, allowed by its exact address:port only (CALENDAR_FEED_TEST_LOOPBACK).
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed, FeedFetchError, isPublicAddress, type FeedFetchLimits } from './feed-fetch.ts';
import { serveCalendar, startFeedFixtureServer, type FeedFixtureServer } from './feed-fixture-server.ts';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n';
let fixture: FeedFixtureServer;
let limits: FeedFetchLimits;

beforeAll(async () => {
  fixture = await startFeedFixtureServer();
  limits = { timeoutMs: 1500, maxBytes: 64 * 1024, testLoopback: [fixture.hostPort] };
  fixture.routes.set('/feed.ics', serveCalendar(() => ICS, () => '"v1"'));
  fixture.routes.set('/moved', (_req, res) => res.writeHead(302, { location: '/feed.ics' }).end());
  fixture.routes.set('/to-loopback', (_req, res) => res.writeHead(302, { location: 'http://127.0.0.1:9/feed.ics' }).end());
  fixture.routes.set('/to-localhost', (_req, res) => res.writeHead(301, { location: 'http://localhost:9/feed.ics' }).end());
  fixture.routes.set('/to-metadata', (_req, res) => res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
  fixture.routes.set('/to-private', (_req, res) => res.writeHead(302, { location: 'http://10.0.0.8/feed.ics' }).end());
  fixture.routes.set('/to-file', (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
  fixture.routes.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
  fixture.routes.set('/huge', (_req, res) => res.writeHead(200, { 'content-type': 'text/calendar', 'content-length': String(10 * 1024 * 1024) }).end());
  fixture.routes.set('/huge-chunked', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    const chunk = Buffer.alloc(16 * 1024, 'A');
    let sent = 0;
    const more = () => {
      while (sent < 200 && res.write(chunk)) sent++;
      if (sent < 200) res.once('drain', more);
      else res.end();
    };
    more();
  });
  fixture.routes.set('/gzip-bomb', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024, 'A')));
  });
  fixture.routes.set('/slow', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.write('BEGIN:VCALENDAR\r\n');
    const timer = setInterval(() => res.write('X'), 200);
    res.on('close', () => clearInterval(timer));
  });
  fixture.routes.set('/gone', (_req, res) => res.writeHead(410).end());
});

afterAll(async () => {
  await fixture?.close();
});

async function refusal(url: string, given: FeedFetchLimits = limits): Promise<string> {
  try {
    await fetchFeed(url, {}, given);
  } catch (error) {
    expect(error).toBeInstanceOf(FeedFetchError);
    return (error as Error).message;
  }
  throw new Error(`${url} was read`);
}

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.5.6.7', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['fc00::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['2002:7f00:1::', false],
    ['2001:db8::1', false],
    ['not an address', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('fetchFeed', () => {
  it('reads a feed from the allowed fixture server, and a redirect within it', async () => {
    const first = await fetchFeed(`${fixture.origin}/feed.ics`, {}, limits);
    expect(first).toMatchObject({ status: 'ok', etag: '"v1"' });
    expect(first.status === 'ok' && Buffer.from(first.bytes).toString()).toBe(ICS);
    const moved = await fetchFeed(`${fixture.origin}/moved`, {}, limits);
    expect(moved.status === 'ok' && Buffer.from(moved.bytes).toString()).toBe(ICS);
  });

  it('sends If-None-Match and takes 304 as not modified', async () => {
    expect(await fetchFeed(`${fixture.origin}/feed.ics`, { etag: '"v1"', lastModified: 'Tue, 01 Jan 2030 00:00:00 GMT' }, limits)).toEqual({ status: 'not-modified' });
    expect(fixture.seen.at(-1)).toMatchObject({ ifNoneMatch: '"v1"', ifModifiedSince: 'Tue, 01 Jan 2030 00:00:00 GMT' });
  });

  it('refuses loopback without the test setting', async () => {
    expect(await refusal(`${fixture.origin}/feed.ics`, { ...limits, testLoopback: [] })).toMatch(/not a public address/);
  });

  it('refuses other schemes and credentials', async () => {
    expect(await refusal('file:///etc/passwd')).toMatch(/Only http and https/);
    expect(await refusal('ftp://example.com/a.ics')).toMatch(/Only http and https/);
    expect(await refusal('https://user:secret@example.com/a.ics')).toMatch(/user name or password/);
    expect(await refusal('not a url')).toMatch(/not a URL/);
  });

  it.each([
    ['/to-loopback', /127\.0\.0\.1:9 is not a public address/],
    ['/to-localhost', /localhost leads to .*not a public address/],
    ['/to-metadata', /169\.254\.169\.254 is not a public address/],
    ['/to-private', /10\.0\.0\.8 is not a public address/],
    ['/to-file', /Only http and https/],
    ['/loop', /redirected more than 5 times/],
  ])('refuses the redirect %s', async (path, message) => {
    expect(await refusal(`${fixture.origin}${path}`)).toMatch(message);
  });

  it('refuses a body over the size limit, announced or not, and a gzip bomb', async () => {
    expect(await refusal(`${fixture.origin}/huge`)).toMatch(/larger than 64 KB/);
    expect(await refusal(`${fixture.origin}/huge-chunked`)).toMatch(/larger than 64 KB/);
    expect(await refusal(`${fixture.origin}/gzip-bomb`)).toMatch(/larger than 64 KB/);
  });

  it('gives up on a body that trickles past the deadline', async () => {
    const started = Date.now();
    expect(await refusal(`${fixture.origin}/slow`)).toMatch(/did not answer within 1\.5 s/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('says what an error status means', async () => {
    expect(await refusal(`${fixture.origin}/gone`)).toMatch(/HTTP 410 \(not found/);
    expect(await refusal(`${fixture.origin}/nothing-here`)).toMatch(/HTTP 404/);
  });
});
