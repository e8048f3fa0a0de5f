import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/domain/content.ts';
import { mapTileLayer, parseSiteSettings, tileImageSource, type SiteSettings } from '../../src/domain/settings.ts';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { AREAS } from '../demo/catalog.ts';
import type { PageRenderer } from '../renderer.ts';
import { drawTile, isValidTile, shoreLatitude } from './demo-tiles.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
const renderer: PageRenderer = {
  render: async () => ({ kind: 'page', status: 200, title: 'Map search', html: '<h1>Map search</h1>', failures: [] }),
  assets: () => ({ scripts: [], styles: [] }),
  close: async () => {},
};

async function serverWith(site: Partial<SiteSettings['site']> = {}): Promise<FastifyInstance> {
  return buildServer({
    settings: { ...settings, site: { ...settings.site, ...site } },
    content: {} as ContentSource,
    renderer,
    mediaDir: os.tmpdir(),
    cookieSecret: 'test-secret-test-secret',
  });
}

/** The tile (x, y) holding a point at zoom z. */
function tileOf(z: number, lat: number, lng: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await serverWith();
});
afterAll(async () => {
  await app.close();
});

describe('GET /tiles/{z}/{x}/{y}.svg', () => {
  it('draws a valid tile as an SVG image that browsers may cache for good', async () => {
    const [x, y] = tileOf(10, AREAS[0]!.latitude, AREAS[0]!.longitude);
    const response = await app.inject({ url: `/tiles/10/${x}/${y}.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="256" height="256"/);
    expect(response.body).not.toMatch(/<text|<script|href=/);
  });

  it('draws the same tile every time', async () => {
    const first = await app.inject({ url: '/tiles/12/1068/1692.svg' });
    const second = await app.inject({ url: '/tiles/12/1068/1692.svg' });
    expect(first.body).toBe(second.body);
  });

  it.each([
    '/tiles/19/0/0.svg',
    '/tiles/-1/0/0.svg',
    '/tiles/2/4/0.svg',
    '/tiles/2/0/4.svg',
    '/tiles/a/0/0.svg',
    '/tiles/1/0/0.png',
    '/tiles/1/0/0',
    '/tiles/1/0.5/0.svg',
    '/tiles/01/0/0.svg',
    '/tiles/1/0/1e0.svg',
  ])('refuses %s with 400 and a message', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/No such tile/);
    expect(response.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('accepts the corners of the zoom grid', async () => {
    expect((await app.inject({ url: '/tiles/0/0/0.svg' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/tiles/18/262143/262143.svg' })).statusCode).toBe(200);
  });
});

describe('demo coastline', () => {
  it('keeps every town on land, with the gulf to the south', () => {
    for (const area of AREAS) {
      for (const dx of [-0.038, 0, 0.038]) {
        // The generator puts oceanfront rentals up to 0.0055° south of their town.
        expect(shoreLatitude(area.longitude + dx)).toBeLessThan(area.latitude - 0.0055);
        expect(shoreLatitude(area.longitude + dx)).toBeGreaterThan(area.latitude - 0.02);
      }
    }
  });

  it('draws land on a tile north of the shore and only sea on a tile far south of it', () => {
    const [x, y] = tileOf(12, AREAS[0]!.latitude + 0.05, AREAS[0]!.longitude);
    const [seaX, seaY] = tileOf(12, AREAS[0]!.latitude - 0.2, AREAS[0]!.longitude);
    const landTile = drawTile(12, x, y);
    const seaTile = drawTile(12, seaX, seaY);
    // Land is a polygon from the shore line (below the tile on a land tile) up past the top edge.
    expect(landTile).toContain('L264 -64L-8 -64Z');
    expect(landTile).toMatch(/<path d="M-8 320[^"]*Z" fill="#e4eedb"/);
    expect(seaTile).toMatch(/<path d="M-8 -64[^"]*Z" fill="#e4eedb"/);
    // The shore's beach and shallows strokes (at most 30 px either side) stay off a tile far from the shore.
    for (const [, width] of seaTile.matchAll(/stroke-width="([\d.]+)"/g)) expect(Number(width) / 2).toBeLessThan(64);
  });

  it('knows which tiles exist', () => {
    expect(isValidTile(0, 0, 0)).toBe(true);
    expect(isValidTile(3, 7, 7)).toBe(true);
    expect(isValidTile(3, 8, 0)).toBe(false);
    expect(isValidTile(1.5, 0, 0)).toBe(false);
    expect(isValidTile(NaN, 0, 0)).toBe(false);
  });
});

describe('map tile settings', () => {
  it('uses the demo tiles while map_tile_url is empty, and the owner’s template when set', () => {
    expect(mapTileLayer({ map_tile_url: '' })).toMatchObject({ url: '/tiles/{z}/{x}/{y}.svg', demo: true });
    expect(mapTileLayer({ map_tile_url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', map_tile_attribution: '© Example' })).toEqual({
      url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Example',
      demo: false,
    });
  });

  it('refuses a tile URL that is not a site path or http(s) template with {z}, {x} and {y}', () => {
    const withTiles = (map_tile_url: string) => () =>
      parseSiteSettings({ ...settings, site: { ...settings.site, map_tile_url } });
    expect(withTiles('javascript:alert(1)//{z}/{x}/{y}')).toThrow(/site\.map_tile_url/);
    expect(withTiles('https://tiles.example.org/{z}/{x}.png')).toThrow(/must contain \{z\}, \{x\} and \{y\}/);
    expect(withTiles('//tiles.example.org/{z}/{x}/{y}.png')).toThrow(/site\.map_tile_url/);
    expect(withTiles('https://tiles.example.org/{z}/{x}/{y}.png')).not.toThrow();
    expect(withTiles('/my-tiles/{z}/{x}/{y}.png')).not.toThrow();
  });

  it('lets the page load images from an http(s) tile server, and from no other', async () => {
    expect(tileImageSource('https://{s}.Tiles.example.org/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.org');
    expect(tileImageSource('/tiles/{z}/{x}/{y}.svg')).toBeNull();

    const demoPage = await app.inject({ url: '/search/map', headers: { accept: 'text/html' } });
    expect(demoPage.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");

    const owned = await serverWith({ map_tile_url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
    try {
      const page = await owned.inject({ url: '/search/map', headers: { accept: 'text/html' } });
      expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://*.tiles.example.org;");
    } finally {
      await owned.close();
    }
  });
});
