/**
 * Trips Collections kept on the server, share links of Trips Collections and pages, and what the
 * lead and share forms leave for the site owner.
 * Part of the one schema: server/db/schema.ts re-exports every table.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Trips Collection session mode (spec §4): one order per visitor session, found by the id in
 * an HttpOnly cookie. Sessions untouched for 30 days are removed.
 */
export const orderSessions = pgTable(
  'order_sessions',
  {
    id: text('id').primaryKey(),
    order: jsonb('order').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_sessions_updated_idx').on(t.updatedAt)],
);

/**
 * Shared Trips Collections (POST /rescms/order/share): an unguessable code to the offers shared,
 * stripped to what names them (`{ items: [{ qp, p, n }] }`: the engine's query params, the price
 * and name when shared; rows from before hold the whole order). Priced again when opened.
 * `client_key` (a keyed hash of the sharer's address) counts the quota per client; a share not
 * opened for SHARE_DAYS (`used_at`) is removed.
 */
export const sharedOrders = pgTable(
  'shared_orders',
  {
    code: text('code').primaryKey(),
    order: jsonb('order').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    clientKey: text('client_key'),
  },
  (t) => [
    check('shared_orders_code_check', sql`length(${t.code}) >= 8`),
    index('shared_orders_used_idx').on(t.usedAt),
    index('shared_orders_client_idx').on(t.clientKey, t.createdAt),
  ],
);

/** 'Send this Trips Collection' requests from the share form: kept for the site owner. */
export const shareLeads = pgTable('share_leads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  code: text('code')
    .notNull()
    .references(() => sharedOrders.code, { onDelete: 'cascade' }),
  senderName: text('sender_name').notNull(),
  senderEmail: text('sender_email').notNull(),
  recipientEmail: text('recipient_email').notNull(),
  message: text('message').notNull().default(''),
  optIn: boolean('opt_in').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Leads from the lead forms (issue 14: contact us, ask about this rental, newsletter; form ids
 * beginning 'bt-leads'), kept for the site owner and emailed to them through mail_queue in the same
 * transaction. `email` is lower-cased: the per-address limit counts by it.
 */
export const leads = pgTable(
  'leads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    formId: text('form_id').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    message: text('message').notNull().default(''),
    /** The rental asked about (ask about this rental), else null. */
    eid: integer('eid'),
    optIn: boolean('opt_in').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('leads_email_time_idx').on(t.email, t.createdAt)],
);

/**
 * Short links of the site's own pages (the share-this-page modal, spec §2): one unguessable code
 * per page path (path and query, never the hash), so the same page gets the same short link while
 * it lives. GET /s/{code} redirects to the page. Like a shared Trips Collection, a link not opened
 * or shared again for SHARE_DAYS is removed, and one client (`client_key`: a keyed hash of its
 * address) may create SHARE_QUOTA a day (migration 0011).
 */
export const pageLinks = pgTable(
  'page_links',
  {
    code: text('code').primaryKey(),
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    clientKey: text('client_key'),
  },
  (t) => [
    check('page_links_code_check', sql`length(${t.code}) >= 8`),
    uniqueIndex('page_links_path_idx').on(t.path),
    index('page_links_used_idx').on(t.usedAt),
    index('page_links_client_idx').on(t.clientKey, t.createdAt),
  ],
);

/** 'Send this page' requests from the share-this-page form: kept for the site owner. */
export const pageShareLeads = pgTable('page_share_leads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  code: text('code')
    .notNull()
    .references(() => pageLinks.code, { onDelete: 'cascade' }),
  senderName: text('sender_name').notNull(),
  senderEmail: text('sender_email').notNull(),
  recipientEmail: text('recipient_email').notNull(),
  message: text('message').notNull().default(''),
  optIn: boolean('opt_in').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
