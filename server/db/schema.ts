/**
 * The one database schema, used on PGlite (embedded) and on PostgreSQL 15+ (`DATABASE_URL`): this
 * file re-exports the tables of each area, defined in the *-schema.ts files beside it.
 * Migrations in ./migrations are generated from it with `npx drizzle-kit generate`.
 *
 * Conventions:
 * - Money is in integer cents (`*_cents`); percentages of fees are in basis points.
 * - Dates are SQL `date` values read as ISO `YYYY-MM-DD` strings.
 * - Bookable items share one eid space without collisions: units 1000–4999,
 *   activities 5000–7999, packages 8000 and above (checked by the database).
 * - Date ranges: seasons cover `begin_date..end_date` inclusive (the nights they price);
 *   bookings occupy the nights `begin_date..end_date - 1` (end_date is the departure day).
 */
export * from './content-schema.ts';
export * from './pricing-schema.ts';
export * from './booking-schema.ts';
export * from './orders-schema.ts';
export * from './analytics-schema.ts';
export * from './security-schema.ts';

/** Calendar sync with other channels: export tokens, feeds, imported stays, conflicts. */
export * from './calendar-schema.ts';

/** Photos the site owner uploaded: the originals' keys and sizes (the files are in the media directory). */
export * from './media-schema.ts';
/** The owner's listing content: drafts, published versions, old slugs. */
export * from './listing-schema.ts';
