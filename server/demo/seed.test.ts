import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/client.ts';
import { openTestDatabase } from '../test-support.ts';
import { countDemoContent, DEFAULT_SEED, generateDemoContent } from './generate.ts';
import { analyticsReport } from '../admin/analytics-report.ts';
import { addDays } from './dates.ts';
import { HISTORY_DAYS } from './analytics-history.ts';
import { resolveMediaPath } from './media.ts';
import { registerDemoRoute } from './routes.ts';
import { ensureDemoContent, readDemoInfo, type EnsureDemoResult } from './seed.ts';

const TODAY = new Date('2026-11-22T12:00:00Z');

let database: OpenDatabase;
let mediaDir: string;
let first: EnsureDemoResult;

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-media-'));
  // Two servers starting at once: only one of them seeds.
  const [a, b] = await Promise.all([
    ensureDemoContent(database.db, mediaDir, { today: TODAY }),
    ensureDemoContent(database.db, mediaDir, { today: TODAY }),
  ]);
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
    // Every file there, whichever of the two starting servers wrote it (on PostgreSQL both write at once).
    const present = fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    expect(present).toBeGreaterThanOrEqual(first.counts.mediaFilesWritten ?? 0);
    fs.rmSync(mediaDir, { recursive: true, force: true });
    const again = await ensureDemoContent(database.db, mediaDir);
    expect(again.created).toBe(false);
    expect(again.counts.mediaFilesWritten).toBe(present);
    expect(fs.existsSync(path.join(mediaDir, 'units', '1001', '1.svg'))).toBe(true);
    // A single lost file comes back alone.
    fs.rmSync(path.join(mediaDir, 'units', '1001', '2.svg'));
    expect((await ensureDemoContent(database.db, mediaDir)).counts.mediaFilesWritten).toBe(1);
  });

  it('rewrites on start what a killed start left: zero-byte and missing images, a tour page, and its temporary files (issue 12 #8)', async () => {
    const photos = rows<{ path: string }>(await database.db.execute(sql`select path from photos order by path`)).map((p) => p.path);
    const broken = photos.filter((_, i) => i % 300 === 0);
    const original = new Map(broken.map((p) => [p, fs.readFileSync(path.join(mediaDir, p), 'utf8')]));
    const [empty, missing] = [broken.filter((_, i) => i % 2 === 0), broken.filter((_, i) => i % 2 === 1)];
    for (const p of empty) fs.truncateSync(path.join(mediaDir, p), 0);
    for (const p of missing) fs.rmSync(path.join(mediaDir, p));
    const tour = rows<{ url: string }>(await database.db.execute(sql`select virtual_tour_url as url from units where virtual_tour_url is not null limit 1`))[0]!.url;
    const tourFile = path.join(mediaDir, tour.slice('/media/'.length));
    fs.writeFileSync(tourFile, '');
    // What a start killed between writing and renaming leaves: a hidden temporary file.
    const leftover = path.join(path.dirname(path.join(mediaDir, empty[0]!)), `.${path.basename(empty[0]!)}.tmp-12345-0a1b2c3d`);
    fs.writeFileSync(leftover, '<svg');
    // An hour old on the file system's clock (which the clean-up reads), whatever the process's clock says.
    const anHourAgo = new Date(fs.statSync(leftover).mtimeMs - 3_600_000);
    fs.utimesSync(leftover, anHourAgo, anHourAgo);

    const again = await ensureDemoContent(database.db, mediaDir);
    expect(again.counts.mediaFilesWritten).toBe(broken.length + 1);
    for (const p of broken) expect(fs.readFileSync(path.join(mediaDir, p), 'utf8'), p).toBe(original.get(p));
    expect(fs.statSync(tourFile).size).toBeGreaterThan(0);
    expect(fs.existsSync(leftover)).toBe(false);
    const temporary = fs.readdirSync(mediaDir, { recursive: true }).map(String).filter((name) => /\.tmp-\d+-[0-9a-f]+$/.test(name));
    expect(temporary).toEqual([]);
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

describe('the demo analytics history', () => {
  const eventCount = async () => Number(rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from analytics_events`))[0]?.n);

  it('is written with the content, once: the dashboard report of the 30 days before the demo day shows every table', async () => {
    const info = await readDemoInfo(database.db);
    const span = rows<{ first: string; last: string }>(await database.db.execute(sql`select to_char(min(received_at) at time zone 'UTC', 'YYYY-MM-DD') as first, to_char(max(received_at) at time zone 'UTC', 'YYYY-MM-DD') as last from analytics_events`))[0];
    expect(span).toEqual({ first: addDays(info!.today, -HISTORY_DAYS), last: addDays(info!.today, -1) });
    const report = await analyticsReport(database.db, { from: addDays(info!.today, -30), to: addDays(info!.today, -1) });
    expect(report.searchesPerDay.every((day) => day.searches > 0)).toBe(true);
    expect(report.zeroResultTerms.length).toBeGreaterThan(3);
    expect(report.listings).toHaveLength(20);
    expect(report.listings[0]!.clicks).toBeGreaterThan(0);
    expect(report.funnel.map((step) => step.count).every((count) => count > 0)).toBe(true);
    expect(report.errors.length).toBeGreaterThan(0);
    // Its bookings are whole, as checkout writes them: reservations, nights in the calendar (over no other stay) and the email.
    const [broken] = rows<Record<string, number>>(
      await database.db.execute(sql`select
        (select count(*) from trip_bookings)::int as bookings,
        (select count(*) from trip_bookings b where not exists (select 1 from reservations r where r.trip_booking_id = b.id))::int as no_reservations,
        (select count(*) from reservations r where r.unit_eid is not null and not exists (select 1 from bookings c where c.reservation_id = r.id))::int as stays_without_nights,
        (select count(*) from bookings c join reservations r on r.id = c.reservation_id where c.begin_date <> r.begin_date or c.end_date <> r.end_date or c.unit_eid <> r.unit_eid)::int as nights_wrong_dates,
        (select count(*) from trip_bookings b where not exists (select 1 from mail_queue m where m.reference = b.code and m.status = 'sent'))::int as no_email`),
    );
    expect(broken).toEqual({ bookings: report.funnel[2]!.count > 0 ? expect.any(Number) : 0, no_reservations: 0, stays_without_nights: 0, nights_wrong_dates: 0, no_email: 0 });
    expect(broken!.bookings).toBeGreaterThan(0);
    // The second start (the idempotency test above) wrote no more events.
    const before = await eventCount();
    await ensureDemoContent(database.db, mediaDir);
    expect(await eventCount()).toBe(before);
  });
});

