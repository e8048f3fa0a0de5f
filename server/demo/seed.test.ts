import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/client.ts';
import { openTestDatabase } from '../test-support.ts';
import { countDemoContent, DEFAULT_SEED, generateDemoContent } from './generate.ts';
import { resolveMediaPath } from './media.ts';
import { registerDemoRoute } from './routes.ts';
import { ensureDemoContent, readDemoInfo, type EnsureDemoResult } from './seed.ts';

const TODAY = new Date('2026-11-22T12:00:00Z');

let database: OpenDatabase;
let mediaDir: string;
let first: EnsureDemoResult;
let firstMs: number;

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-media-'));
  const started = performance.now();
  // Two servers starting at once: only one of them seeds.
  const [a, b] = await Promise.all([
    ensureDemoContent(database.db, mediaDir, { today: TODAY }),
    ensureDemoContent(database.db, mediaDir, { today: TODAY }),
  ]);
  firstMs = performance.now() - started;
  expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
  first = a.created ? a : b;
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('ensureDemoContent', () => {
  it('creates the whole generated content on an empty database', () => {
    const expected = countDemoContent(generateDemoContent(undefined, TODAY));
    for (const [table, count] of Object.entries(first.counts)) {
      if (table === 'mediaFilesWritten') continue;
      expect(count, table).toBe(expected[table]);
    }
    expect(first.counts.units).toBeGreaterThanOrEqual(300);
    console.info(`demo content seeded in ${Math.round(firstMs)} ms`, first.counts);
  });

  it('is idempotent: a second start creates and writes nothing', async () => {
    const again = await ensureDemoContent(database.db, mediaDir, { today: new Date('2027-01-15T00:00:00Z') });
    expect(again.created).toBe(false);
    expect(again.counts.mediaFilesWritten).toBe(0);
    expect({ ...again.counts, mediaFilesWritten: 0 }).toEqual({ ...first.counts, mediaFilesWritten: 0 });
  });

  it('writes a real SVG file for every photo row, with its caption as title', async () => {
    const photos = rows<{ path: string; caption: string }>(await database.db.execute(sql`select path, caption from photos`));
    expect(photos.length).toBe(first.counts.photos);
    for (const p of photos) {
      const file = path.join(mediaDir, p.path);
      expect(fs.existsSync(file), p.path).toBe(true);
    }
    for (const p of photos.filter((_, i) => i % 97 === 0)) {
      const svg = fs.readFileSync(path.join(mediaDir, p.path), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('role="img"');
      expect(svg).toContain(`<title>${p.caption.replace(/&/g, '&amp;')}</title>`);
    }
    expect(fs.existsSync(path.join(mediaDir, 'placeholder.svg'))).toBe(true);
    expect(fs.readdirSync(path.join(mediaDir, 'community')).length).toBeGreaterThanOrEqual(8);
  });

  it('writes the local virtual tour and video pages', async () => {
    const units = rows<{ tour: string | null; video: string | null }>(
      await database.db.execute(sql`select virtual_tour_url as tour, video_url as video from units where virtual_tour_url is not null or video_url is not null`),
    );
    expect(units.length).toBeGreaterThan(0);
    for (const u of units) {
      for (const url of [u.tour, u.video]) {
        if (!url) continue;
        expect(url.startsWith('/media/')).toBe(true);
        expect(fs.existsSync(path.join(mediaDir, url.slice('/media/'.length)))).toBe(true);
      }
    }
  });

  it('rewrites missing media files when the media directory was deleted', async () => {
    fs.rmSync(mediaDir, { recursive: true, force: true });
    const again = await ensureDemoContent(database.db, mediaDir);
    expect(again.created).toBe(false);
    expect(again.counts.mediaFilesWritten).toBe(first.counts.mediaFilesWritten);
    expect(fs.existsSync(path.join(mediaDir, 'units', '1001', '1.svg'))).toBe(true);
    // A single lost file comes back alone.
    fs.rmSync(path.join(mediaDir, 'units', '1001', '2.svg'));
    expect((await ensureDemoContent(database.db, mediaDir)).counts.mediaFilesWritten).toBe(1);
  });

  it('stores bookings without overlaps and seasons without gaps', async () => {
    const overlaps = rows<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from bookings a join bookings b
          on a.unit_eid = b.unit_eid and a.id < b.id and a.begin_date < b.end_date and b.begin_date < a.end_date`),
    );
    expect(overlaps[0]!.n).toBe(0);
    const gaps = rows<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from seasons a
        where a.end_date < (select max(end_date) from seasons)
          and not exists (select 1 from seasons b where b.begin_date = a.end_date + 1)`),
    );
    expect(gaps[0]!.n).toBe(0);
    const specials = rows<{ special_type: string; units: string[] }>(await database.db.execute(sql`select special_type, units from specials order by position`));
    expect(new Set(specials.map((s) => s.special_type))).toEqual(new Set(['1', '2', '3']));
    expect(Array.isArray(specials[0]!.units)).toBe(true);
    expect(typeof specials[0]!.units[0]).toBe('string');
  });

  it('tells the seed and the day of its calendar at GET /api/demo (404 without demo content)', async () => {
    const app = Fastify();
    registerDemoRoute(app, () => readDemoInfo(database.db));
    const response = await app.inject({ url: '/api/demo' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ seed: DEFAULT_SEED, today: '2026-11-22' });
    const none = Fastify();
    registerDemoRoute(none, async () => null);
    const missing = await none.inject({ url: '/api/demo' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This database holds no demo content');
    await Promise.all([app.close(), none.close()]);
  });

  it('keeps eids of units, activities and packages apart (checked by the database)', async () => {
    await expect(database.db.execute(sql`insert into activities (eid, slug, name, area_id, place, price_per_person_cents, duration_minutes, latitude, longitude, summary, description)
      values (1500, 'x', 'x', 1, 'x', 1, 1, 0, 0, 'x', 'x')`)).rejects.toThrow();
  });
});

describe('resolveMediaPath', () => {
  it('refuses paths that leave the media directory', () => {
    expect(resolveMediaPath('/srv/media', 'units/1/1.svg')).toBe(path.resolve('/srv/media/units/1/1.svg'));
    expect(resolveMediaPath('/srv/media', '../etc/passwd')).toBeNull();
    expect(resolveMediaPath('/srv/media', '/etc/passwd')).toBeNull();
    expect(resolveMediaPath('/srv/media', 'a/../../b')).toBeNull();
    expect(resolveMediaPath('/srv/media', '')).toBeNull();
    expect(resolveMediaPath('/srv/media', 'a\0b')).toBeNull();
  });
});
