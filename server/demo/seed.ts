/**
 * First-start demo content: fills an empty database with the generated content of
 * "Coral Haven Coast" and makes sure the generated media files exist.
 *
 *   const { created, counts } = await ensureDemoContent(db, mediaDir);
 *
 * - Creates everything only when the database has no units, in one transaction under an
 *   advisory lock (two servers starting together against one PostgreSQL seed it once).
 * - On every start, writes the image and tour files that are missing from `mediaDir`
 *   (e.g. after the media directory was deleted), from the rows in the database.
 */
import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { recordEvents } from '../analytics/aggregates.ts';
import type { Database } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { fillMissingRatePlans } from '../pricing/fill-rate-plans.ts';
import { generateAnalyticsHistory, type HistoryBooking } from './analytics-history.ts';
import { fixtureCalendar } from './fixture-stays.ts';
import { DEFAULT_SEED, generateDemoContent, type DemoContent } from './generate.ts';
import { writeMissingMedia, type MediaPage } from './media.ts';
import type { DemoInfo } from './routes.ts';

export { generateDemoContent, countDemoContent, DEFAULT_SEED } from './generate.ts';
export type { DemoContent } from './generate.ts';

/** Rows per bulk insert statement. */
const CHUNK_ROWS = 5_000;
/** pg_advisory_xact_lock key of the seeding transaction ("CHC1"). */
const SEED_LOCK = 0x43484331;

export interface EnsureDemoOptions {
  /** Anchors the calendar (seasons, bookings, events, specials); default: now. */
  today?: Date;
  seed?: string;
}

export interface EnsureDemoResult {
  created: boolean;
  /** Rows per table, plus `mediaFilesWritten`. */
  counts: Record<string, number>;
}

type Executor = Pick<Database, 'execute'>;

/**
 * Bulk insert: each chunk of rows travels as one JSON parameter, expanded by
 * json_populate_recordset. Much faster than thousands of bind parameters, on PGlite
 * and PostgreSQL alike. Columns missing from the rows (identity ids) take their defaults.
 */
async function insertBulk(db: Executor, table: PgTable, rows: readonly object[]): Promise<void> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk = rows.slice(i, i + CHUNK_ROWS).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, column] of columns) out[column.name] = (row as Record<string, unknown>)[key];
      return out;
    });
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(chunk)}::json)`,
    );
  }
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

async function insertContent(db: Executor, c: DemoContent): Promise<void> {
  await insertBulk(db, s.areas, c.areas);
  await insertBulk(db, s.amenityCategories, c.amenityCategories);
  await insertBulk(db, s.amenities, c.amenities);
  await insertBulk(db, s.units, c.units);
  await insertBulk(db, s.unitAmenities, c.unitAmenities);
  await insertBulk(db, s.photos, c.photos);
  await insertBulk(db, s.reviews, c.reviews);
  await insertBulk(db, s.seasons, c.seasons);
  await insertBulk(db, s.unitRates, c.unitRates);
  await insertBulk(db, s.bookings, c.bookings);
  await insertBulk(db, s.fees, c.fees);
  await insertBulk(db, s.activities, c.activities);
  await insertBulk(db, s.packages, c.packages);
  await insertBulk(db, s.events, c.events);
  await insertBulk(db, s.specials, c.specials);
  await insertBulk(db, s.provinces, c.provinces);
  await insertBulk(db, s.contentPages, c.contentPages);
  await insertBulk(db, s.meta, c.meta);
  await insertBulk(db, s.listingVersions, c.listingVersions);
}

/** The demo's analytics history (analytics-history.ts): events, stored as the collector stores them, and bookings with their reservation. */
async function insertAnalyticsHistory(db: Executor, c: DemoContent): Promise<void> {
  const history = generateAnalyticsHistory(c.seed, c.today, c.units, { calendar: c.bookings, keepFree: [fixtureCalendar(c.today).eid] });
  await recordEvents(db, history.events.map((event) => ({ ...event, receivedAt: new Date(event.receivedAt), occurredAt: new Date(event.occurredAt) })));
  await insertHistoryBookings(db, history.bookings);
}

async function insertHistoryBookings(db: Executor, bookings: readonly HistoryBooking[]): Promise<void> {
  if (bookings.length === 0) return;
  await insertBulk(db, s.tripBookings, bookings.map((entry) => entry.booking));
  const codes = bookings.map((entry) => String(entry.booking.code));
  const ids = new Map(
    rowsOf<{ id: number | string; code: string }>(
      await db.execute(sql`select ${s.tripBookings.id} as id, ${s.tripBookings.code} as code from ${s.tripBookings} where ${s.tripBookings.code} = any(${`{${codes.join(',')}}`}::text[])`),
    ).map((row) => [row.code, Number(row.id)]),
  );
  await insertBulk(db, s.reservations, bookings.map((entry) => ({ ...entry.reservation, tripBookingId: ids.get(String(entry.booking.code)) })));
  // Each booked stay whole, as checkout writes it: its nights in the calendar and its confirmation email.
  const reservationIds = new Map(
    rowsOf<{ id: number | string; booking: number | string }>(
      await db.execute(sql`select ${s.reservations.id} as id, ${s.reservations.tripBookingId} as booking from ${s.reservations} where ${s.reservations.tripBookingId} = any(${`{${[...ids.values()].join(',')}}`}::bigint[])`),
    ).map((row) => [Number(row.booking), Number(row.id)]),
  );
  await insertBulk(db, s.bookings, bookings.map((entry) => ({ ...entry.nights, reservationId: reservationIds.get(ids.get(String(entry.booking.code)) ?? -1) })));
  await insertBulk(db, s.mailQueue, bookings.map((entry) => entry.mail));
}

const COUNTED: Record<string, PgTable> = {
  areas: s.areas,
  amenityCategories: s.amenityCategories,
  amenities: s.amenities,
  units: s.units,
  unitAmenities: s.unitAmenities,
  photos: s.photos,
  reviews: s.reviews,
  seasons: s.seasons,
  unitRates: s.unitRates,
  bookings: s.bookings,
  fees: s.fees,
  activities: s.activities,
  packages: s.packages,
  events: s.events,
  specials: s.specials,
  provinces: s.provinces,
  contentPages: s.contentPages,
  listingVersions: s.listingVersions,
};

/** Row counts of the content tables, in one query. */
export async function countContent(db: Pick<Database, 'execute'>): Promise<Record<string, number>> {
  // The calendar's own stays: the nights of checkout reservations (the demo history's bookings too) are not content.
  const where = (key: string) => (key === 'bookings' ? sql` where ${s.bookings.reservationId} is null` : sql``);
  const parts: SQL[] = Object.entries(COUNTED).map(([key, table]) => sql`(select count(*) from ${table}${where(key)})::int as ${sql.identifier(key)}`);
  const result = await db.execute(sql`select ${sql.join(parts, sql`, `)}`);
  const row = rowsOf<Record<string, number | string>>(result)[0] ?? {};
  return Object.fromEntries(Object.keys(COUNTED).map((key) => [key, Number(row[key] ?? 0)]));
}

async function unitCount(db: Pick<Database, 'execute'>): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${s.units}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Writes the media files missing from `mediaDir`, from the photo and tour rows of the database. */
export async function ensureDemoMedia(db: Database, mediaDir: string): Promise<number> {
  const photos = await db
    .select({ path: s.photos.path, caption: s.photos.caption, description: s.photos.description, scene: s.photos.scene })
    .from(s.photos);
  const tours = await db
    .select({ name: s.units.name, tour: s.units.virtualTourUrl, video: s.units.videoUrl })
    .from(s.units)
    .where(sql`${s.units.virtualTourUrl} is not null or ${s.units.videoUrl} is not null`);
  const pages: MediaPage[] = [];
  for (const t of tours) {
    if (t.tour) pages.push({ url: t.tour, title: t.name, kind: 'tour' });
    if (t.video) pages.push({ url: t.video, title: t.name, kind: 'video' });
  }
  const placeholder = { path: 'placeholder.svg', caption: 'Coral Haven Coast', description: '', scene: 'ocean' };
  return writeMissingMedia(mediaDir, [...photos, placeholder], pages);
}

export async function ensureDemoContent(db: Database, mediaDir: string, options: EnsureDemoOptions = {}): Promise<EnsureDemoResult> {
  let created = false;
  if ((await unitCount(db)) === 0) {
    const content = generateDemoContent(options.seed ?? DEFAULT_SEED, options.today ?? new Date());
    created = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if ((await unitCount(tx)) > 0) return false; // another server seeded it meanwhile
      await insertContent(tx, content);
      await insertAnalyticsHistory(tx, content);
      return true;
    });
  }
  // A database made before rate plans gets each unit's plan from its old pricing rows (a data migration).
  await fillMissingRatePlans(db);
  const mediaFilesWritten = await ensureDemoMedia(db, mediaDir);
  const counts = await countContent(db);
  return { created, counts: { ...counts, mediaFilesWritten } };
}

/** The demo content's seed and day (`demo.seed`, `demo.today`), or null when the database holds none. */
export async function readDemoInfo(db: Pick<Database, 'select'>): Promise<DemoInfo | null> {
  const rows = await db.select({ key: s.meta.key, value: s.meta.value }).from(s.meta).where(inArray(s.meta.key, ['demo.seed', 'demo.today']));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const seed = value('demo.seed');
  const today = value('demo.today');
  return seed !== undefined && today !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(today) ? { seed, today } : null;
}
