import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteSettings, readServerConfig } from './config.ts';

// A parsed JSON document is edited freely here, to break one setting at a time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function writeConfig(change: (config: Json) => void): string {
  const config = JSON.parse(fs.readFileSync('config/site.json', 'utf8'));
  change(config);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'config-')), 'site.json');
  fs.writeFileSync(file, JSON.stringify(config));
  return file;
}

describe('site configuration', () => {
  it('accepts the shipped configuration', () => {
    const settings = loadSiteSettings('config/site.json');
    expect(settings.flag.text).toEqual({ flag: 'Flag', unflag: 'Unflag' });
    expect(Object.keys(settings.insurance.states)).toContain('CA');
  });

  it.each([
    ['search.max_rows', (c: Json) => (c.search.max_rows = 'ten')],
    ['order.currency', (c: Json) => (c.order.currency = 'dollars')],
    ['flag.path', (c: Json) => (c.flag.path = 'favourites')],
    ['site.email', (c: Json) => (c.site.email = 'not-an-email')],
    ['bt_virtual_tours.options.bt.breakpointCenterArea', (c: Json) => (c.bt_virtual_tours.options['bt.breakpointCenterArea'] = 3)],
  ])('stops with a message naming %s when it is bad', (name, change) => {
    const file = writeConfig(change);
    expect(() => loadSiteSettings(file)).toThrow(name);
  });

  it('names an unknown setting instead of ignoring it', () => {
    const file = writeConfig((c) => (c.site.colour = 'teal'));
    expect(() => loadSiteSettings(file)).toThrow(/site/);
  });

  it('says so when the file is not JSON or is missing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-'));
    fs.writeFileSync(path.join(dir, 'bad.json'), '{ "site": ');
    expect(() => loadSiteSettings(path.join(dir, 'bad.json'))).toThrow(/not valid JSON/);
    expect(() => loadSiteSettings(path.join(dir, 'missing.json'))).toThrow(/Cannot read/);
  });
});

describe('server settings from the environment', () => {
  it('defaults to port 3000 and ./data', () => {
    const config = readServerConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it('takes LEADS_TO as the address leads are mailed to, and refuses one that is not an address', () => {
    expect(readServerConfig({ LEADS_TO: ' owner@example.com ' }).leadsTo).toBe('owner@example.com');
    expect(readServerConfig({}).leadsTo).toBeUndefined();
    expect(() => readServerConfig({ LEADS_TO: 'owner at example' })).toThrow('LEADS_TO must be an email address, got "owner at example"');
  });

  it('reads SEARCH_MEMORY_MB (unset: the default limit) and refuses one that is not a size', () => {
    expect(readServerConfig({}).searchMemoryMiB).toBeUndefined();
    expect(readServerConfig({ SEARCH_MEMORY_MB: '3000' }).searchMemoryMiB).toBe(3000);
    expect(() => readServerConfig({ SEARCH_MEMORY_MB: '2GB' })).toThrow('SEARCH_MEMORY_MB must be a whole number from 16 to 1048576, got "2GB"');
  });

  it('refuses a port that is not a number', () => {
    expect(() => readServerConfig({ PORT: 'http' })).toThrow('PORT must be a whole number from 0 to 65535, got "http"');
  });

  it('takes PUBLIC_ORIGIN and TRUSTED_ORIGINS as origins, normalised, and refuses anything else', () => {
    const config = readServerConfig({ PUBLIC_ORIGIN: 'https://WWW.Example.com:443/', TRUSTED_ORIGINS: 'https://blog.example.com, http://localhost:3001' });
    expect(config.publicOrigin).toBe('https://www.example.com');
    expect(config.trustedOrigins).toEqual(['https://blog.example.com', 'http://localhost:3001']);
    expect(readServerConfig({}).publicOrigin).toBeUndefined();
    for (const bad of ['www.example.com', 'https://example.com/shop', 'https://example.com/?a=1', 'ftp://example.com', 'https://user@example.com']) {
      expect(() => readServerConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN must be/);
    }
  });

  it('reads GA4_MEASUREMENT_ID (off when empty) and refuses one that is not a GA4 id', () => {
    expect(readServerConfig({}).ga4MeasurementId).toBe('');
    expect(readServerConfig({ GA4_MEASUREMENT_ID: ' G-ABC123XYZ9 ' }).ga4MeasurementId).toBe('G-ABC123XYZ9');
    expect(() => readServerConfig({ GA4_MEASUREMENT_ID: 'UA-1234-5' })).toThrow(/GA4_MEASUREMENT_ID must look like G-/);
    expect(() => readServerConfig({ GA4_MEASUREMENT_ID: 'G-1"><script>' })).toThrow(/GA4_MEASUREMENT_ID must look like G-/);
    expect(readServerConfig({}).testRoutes).toBe(false);
  });

  it('reads TRUST_PROXY as none, a hop count or addresses, and refuses true (it would believe any X-Forwarded-For)', () => {
    expect(readServerConfig({}).trustProxy).toBe(false);
    expect(readServerConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(readServerConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,fd00::/8' }).trustProxy).toEqual({ addresses: ['10.0.0.5', '10.1.0.0/16', 'loopback', 'fd00::/8'] });
    expect(() => readServerConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe any X-Forwarded-For/);
    expect(() => readServerConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY must be/);
    expect(() => readServerConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY must be/);
  });

  it('reads RATE_LIMITS over the defaults, RATE_LIMIT_EXEMPT and the share settings, naming a bad value', () => {
    const config = readServerConfig({ RATE_LIMITS: 'share=20/1m, form=30/10m', RATE_LIMIT_EXEMPT: '127.0.0.1,::1,10.0.0.0/8', SHARE_DAYS: '30', SHARE_QUOTA: '5', SHARE_MAX_TOTAL: '1000' });
    expect(config.rateLimits.share).toEqual({ max: 20, windowMs: 60_000 });
    expect(config.rateLimits.form).toEqual({ max: 30, windowMs: 600_000 });
    expect(config.rateLimits.search).toEqual({ max: 1200, windowMs: 60_000 });
    expect(config.rateLimitExempt).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
    expect(config.shares).toEqual({ days: 30, quotaPerDay: 5, maxTotal: 1000 });
    expect(readServerConfig({}).shares).toEqual({ days: 90, quotaPerDay: 100, maxTotal: 200_000 });
    expect(() => readServerConfig({ RATE_LIMITS: 'shares=1/1m' })).toThrow(/unknown limit "shares"/);
    expect(() => readServerConfig({ RATE_LIMITS: 'share=ten' })).toThrow(/RATE_LIMITS entries look like share=20\/1m/);
    expect(() => readServerConfig({ RATE_LIMIT_EXEMPT: 'localhost' })).toThrow(/RATE_LIMIT_EXEMPT must be/);
    expect(() => readServerConfig({ SHARE_DAYS: '0' })).toThrow(/SHARE_DAYS must be a whole number from 1/);
  });
});
