/**
 * Photos the site owner uploaded (server/media/photo-pipeline.ts): one row per original, written
 * after every size of it is on disk under `{mediaDir}/uploads/{key}/`, so a row always means the
 * files are there. Part of the one schema: server/db/schema.ts re-exports every table.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const uploadedPhotos = pgTable('uploaded_photos', {
  /** The first 24 hex characters of the SHA-256 of the original bytes: the same photo uploaded twice is one row. */
  key: text('key').primaryKey(),
  /** The photo's own size after its orientation is applied, in pixels. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** The size of the original upload, in bytes. */
  bytes: integer('bytes').notNull(),
  /** The format the original was read as: jpeg, png, webp or avif. */
  format: text('format').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
