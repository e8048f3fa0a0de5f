/**
 * The site owner's sessions and failed logins, and the captcha tokens already used.
 * Part of the one schema: server/db/schema.ts re-exports every table.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Captcha tokens already accepted (issue 14: every token passes once). Kept until the token would
 * have expired anyway, so a restart does not reopen a used one; `token_hash` is the SHA-256 of the
 * token (the token itself is not kept).
 */
export const captchaTokensUsed = pgTable(
  'captcha_tokens_used',
  {
    tokenHash: text('token_hash').primaryKey(),
    formId: text('form_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('captcha_tokens_used_expires_idx').on(t.expiresAt)],
);

/**
 * The site owner's sessions (server/admin/admin-session.ts, migration 0011): a session cookie is
 * valid only while its id is here and unexpired, so a logout ends it on every instance at once.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('admin_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Wrong admin passwords counted per key (server/admin/login-throttle.ts, migration 0011): a client
 * address, a browser that logged in before (its device cookie), or all untrusted clients together.
 * After a few, that key waits (locked_until) before its next try.
 */
export const adminLoginFailures = pgTable('admin_login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});
