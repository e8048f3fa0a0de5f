import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentPage, ContentSource } from '../src/domain/content.ts';
// @ts-expect-error: a plain ES module of the build (scripts/), without type declarations
import { moveSourceMaps, precompress } from '../scripts/precompress.mjs';
import { buildServer } from './app.ts';
import { loadSiteSettings } from './config.ts';
import { testRenderer } from './test-renderer.ts';

/**
 * What goes over the wire (issue 10, Production mode and the wire): compressed pages and JSON,
 * precompressed hashed assets with a year's immutable caching, and no public source maps, on a
 * server built by buildServer over a small client folder made the way the build makes it.
 */
const settings = loadSiteSettings(path.resolve('config/site.json'));
const SCRIPT = `export const greeting = ${JSON.stringify('Welcome to the coast. '.repeat(400))};\n//# sourceMappingURL=app-1a2b3c4d.js.map\n`;
const longBody = `<p>${'Sand, sea and a long walk on the beach. '.repeat(200)}</p>`;
const content = {
  page: async (slug: string): Promise<ContentPage | null> => (slug === 'about' ? { slug, title: 'About us', body: longBody } : null),
} as unknown as ContentSource;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wire-'));
  const assets = path.join(dir, 'client', 'assets');
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(path.join(assets, 'app-1a2b3c4d.js'), SCRIPT);
  fs.writeFileSync(path.join(assets, 'app-1a2b3c4d.js.map'), '{"version":3,"sources":["secret/server/path.ts"],"mappings":""}');
  moveSourceMaps(path.join(dir, 'client'), path.join(dir, 'sourcemaps'));
  // A map left in the public folder by some other tool is refused all the same.
  fs.writeFileSync(path.join(assets, 'stray-9f8e7d6c.js.map'), '{"version":3}');
  await precompress(assets);
  app = await buildServer({
    settings,
    content,
    renderer: { ...testRenderer, clientDir: path.join(dir, 'client') },
    mediaDir: path.join(dir, 'media'),
    cookieSecret: 'wire-test-secret-wire-test-secret',
  });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('pages and JSON are compressed as the browser accepts', () => {
  it('sends a page brotli-compressed to a browser that accepts br, and says it varies on Accept-Encoding', async () => {
    const response = await app.inject({ url: '/mytrip', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('id="page-settings"');
    // Compressed, not passed through: a 12 KB page with little repetition comes to about a third.
    expect(response.rawPayload.length).toBeLessThan(html.length / 2);
  });

  it('sends gzip to a client that accepts only gzip, and the page as it is to one that accepts nothing', async () => {
    const gzipped = await app.inject({ url: '/mytrip', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toMatch(/^<!doctype html>/);
    const plain = await app.inject({ url: '/mytrip', headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^<!doctype html>/);
  });

  it('compresses JSON above 1 KiB and leaves small answers as they are', async () => {
    const large = await app.inject({ url: '/api/content/page?slug=about', headers: { 'accept-encoding': 'br' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString())).toMatchObject({ title: 'About us', body: longBody });
    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ ok: true });
  });
});

describe('hashed assets', () => {
  it('serves the build-time brotli and gzip files, cached for a year as immutable', async () => {
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await app.inject({ url: '/assets/app-1a2b3c4d.js', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toContain('javascript');
      expect(decode(response.rawPayload).toString()).toBe(SCRIPT);
    }
    const plain = await app.inject({ url: '/assets/app-1a2b3c4d.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps source maps off the public site: moved out of the client folder, and any left there refused', async () => {
    expect(fs.existsSync(path.join(dir, 'sourcemaps', 'assets', 'app-1a2b3c4d.js.map'))).toBe(true);
    expect((await app.inject({ url: '/assets/app-1a2b3c4d.js.map' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/stray-9f8e7d6c.js.map' })).statusCode).toBe(404);
  });
});
