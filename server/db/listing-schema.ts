/**
 * The owner's listing content (server/owner-content): an edit is a draft until it is published;
 * each publication is kept as a version (who and when) that can be restored; a slug the listing
 * had before redirects to its current one.
 * Part of the one schema: server/db/schema.ts re-exports every table.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { units } from './content-schema.ts';
import type { ListingContent } from '../../src/domain/owner/listing-content.ts';

/**
 * One draft per listing. `revision` counts its saves: a save names the revision it was made from
 * and is refused when another save came first (optimistic concurrency, no last-write-wins).
 */
export const listingDrafts = pgTable(
  'listing_drafts',
  {
    eid: integer('eid')
      .primaryKey()
      .references(() => units.eid, { onDelete: 'cascade' }),
    /** The published version the draft was started from (0: none yet). */
    baseVersion: integer('base_version').notNull(),
    revision: integer('revision').notNull(),
    document: jsonb('document').$type<ListingContent>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    savedBy: text('saved_by').notNull(),
  },
  (t) => [check('listing_drafts_revision_check', sql`${t.revision} >= 1`)],
);

/** Every published version of a listing, whole, with who published it and when. */
export const listingVersions = pgTable(
  'listing_versions',
  {
    eid: integer('eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: jsonb('document').$type<ListingContent>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedBy: text('published_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.version] }), check('listing_versions_version_check', sql`${t.version} >= 1`)],
);

/** Slugs a listing had before: /listing/{old} answers 301 to its current slug. */
export const listingSlugs = pgTable(
  'listing_slugs',
  {
    slug: text('slug').primaryKey(),
    eid: integer('eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
  },
  (t) => [index('listing_slugs_eid_idx').on(t.eid)],
);
