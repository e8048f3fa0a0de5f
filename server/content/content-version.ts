/**
 * The content version: a fingerprint of every table the pages and the search index are made
 * from, so that what is derived from them (page data, rendered pages, the search index snapshot)
 * can be kept until the content changes.
 *
 *   const version = createContentVersion(db);
 *   const v = await version.current();   // '…' — the same string until a row of those tables changes
 *
 * The fingerprint is one query: per table the row count and the largest `xmin` (the id of the
 * transaction that wrote the row version). Any insert or update writes a row version with a new
 * transaction id, and a delete lowers the count, so a change by this server, another server or
 * an administrator's psql changes the fingerprint — on PGlite and PostgreSQL alike, without
 * triggers or timestamps in the schema. (A delete and an insert in one transaction still change
 * the largest xmin.)
 *
 * Checking costs a few milliseconds, so a checked fingerprint is used as it is for `freshMs`
 * (2 s); after that the next caller gets it at once while a new check runs (within `staleMs`,
 * 60 s), or waits for the check (after that). Several servers see one another's changes within
 * seconds.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** The tables pages and search documents are made from (pricing has its own fingerprint). */
export const CONTENT_TABLES = [
  'areas',
  'amenity_categories',
  'amenities',
  'units',
  'unit_amenities',
  'photos',
  'reviews',
  'seasons',
  'unit_rates',
  // The 'from' prices of listings and search documents include the fees.
  'fees',
  'events',
  'activities',
  'packages',
  'content_pages',
  // The page settings carry the specials; the owner's site details (name, contacts) are a meta row.
  'specials',
  'meta',
  // Old slugs redirect to the current ones.
  'listing_slugs',
] as const;

export async function contentFingerprint(db: Pick<Database, 'execute'>): Promise<string> {
  const parts = CONTENT_TABLES.map(
    (table) => sql`(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${sql.identifier(table)})`,
  );
  const result = await db.execute(sql`select concat_ws('|', ${sql.join(parts, sql`, `)}) as fingerprint`);
  const rows = ((result as { rows?: { fingerprint: string }[] }).rows ?? []) as { fingerprint: string }[];
  return String(rows[0]?.fingerprint ?? '');
}

export interface ContentVersion {
  /** The fingerprint, checked or cached (see above). */
  current(): Promise<string>;
  /** Forget the checked fingerprint: the next call checks again (after a write in this process). */
  invalidate(): void;
}

export function createContentVersion(
  db: Pick<Database, 'execute'>,
  options: { freshMs?: number; staleMs?: number; now?: () => number } = {},
): ContentVersion {
  const freshMs = options.freshMs ?? 2_000;
  const staleMs = options.staleMs ?? 60_000;
  const now = options.now ?? Date.now;
  let known: { value: string; checkedAt: number } | null = null;
  let checking: Promise<string> | null = null;

  const check = (): Promise<string> => {
    if (checking) return checking;
    const started = now();
    checking = contentFingerprint(db)
      .then((value) => {
        known = { value, checkedAt: started };
        return value;
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  return {
    current() {
      if (known) {
        const age = now() - known.checkedAt;
        if (age < freshMs) return Promise.resolve(known.value);
        if (age < staleMs) {
          // Answer at once; the check runs for the next caller (a failure keeps the old value).
          check().catch(() => {});
          return Promise.resolve(known.value);
        }
      }
      return check();
    },
    invalidate() {
      known = null;
    },
  };
}
