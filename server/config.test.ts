import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteSettings, publicOrigin, readServerConfig } from './config.ts';

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

  it('refuses a port that is not a number', () => {
    expect(() => readServerConfig({ PORT: 'http' })).toThrow('PORT must be a whole number from 0 to 65535, got "http"');
  });
});

describe('PUBLIC_ORIGIN: the origin of absolute links in email', () => {
  it('defaults to this machine on PORT and takes a configured origin without its trailing slash', () => {
    expect(publicOrigin({})).toBe('http://localhost:3000');
    expect(publicOrigin({ PORT: '4000' })).toBe('http://localhost:4000');
    expect(publicOrigin({ PUBLIC_ORIGIN: 'https://www.example.com/' })).toBe('https://www.example.com');
  });

  it.each(['www.example.com', 'ftp://example.com', 'https://example.com/shop', 'https://example.com/?a=1', 'https://user:pw@example.com'])('refuses %s', (origin) => {
    expect(() => publicOrigin({ PUBLIC_ORIGIN: origin })).toThrow(/PUBLIC_ORIGIN must be an http\(s\) origin/);
  });
});
