/**
 * A data migration: listings published before their documents were kept (a site upgraded from
 * before the owner's editor) get their version 1 made from their rows, so their history starts
 * there as the demo's does. Idempotent, one query when there is nothing to do; run at start.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { listingVersions, units } from '../db/schema.ts';
import type { ListingStore } from './store.ts';

export async function backfillListingVersions(db: Database, store: Pick<ListingStore, 'documentOfUnit'>): Promise<number> {
  const missing = await db.execute(
    sql`select ${units.eid} as eid, ${units.version} as version from ${units} where ${units.version} >= 1 and not exists (select 1 from ${listingVersions} where ${listingVersions.eid} = ${units.eid})`,
  );
  const rows = ((missing as { rows?: { eid: number; version: number }[] }).rows ?? []).map((row) => ({ eid: Number(row.eid), version: Number(row.version) }));
  let written = 0;
  for (const row of rows) {
    const document = await store.documentOfUnit(row.eid);
    if (!document) continue;
    await db.insert(listingVersions).values({ eid: row.eid, version: row.version, document, publishedBy: 'before the editor' }).onConflictDoNothing();
    written++;
  }
  return written;
}
