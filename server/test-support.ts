import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { openDatabase, type OpenDatabase } from './db/client.ts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ADMIN_COOKIE } from './admin/admin-session.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<OpenDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: '', memory: true });
  const { default: pg } = await import('pg');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ dataDir: '', databaseUrl: url.href });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** What a browser sends with the site's own calls (Fetch Metadata): passes the cross-site check of server/security. */
export const FROM_THIS_SITE = { 'sec-fetch-site': 'same-origin' } as const;

/**
 * What the ALTCHA widget does in the browser: solves the challenge and sends base64 of
 * { challenge, solution } as the captcha token.
 */
export async function solvedAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/** A logger stream that keeps every line written to it in `lines` (a test's server logs into memory). */
export function logInto(lines: string[]): Writable {
  return new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) });
}

/** Logs in to the owner's pages of a built server (the admin login form) and answers the session cookie's value. */
export async function ownerSession(app: { inject: (options: InjectOptions) => Promise<LightMyRequestResponse> }, password: string, remoteAddress: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/admin/analytics/login',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE },
    payload: new URLSearchParams({ password }).toString(),
  });
  const cookie = login.cookies.find((c) => c.name === ADMIN_COOKIE);
  if (!cookie) throw new Error(`The admin login answered ${login.statusCode} without a session`);
  return cookie.value;
}

type Injector = { inject: (options: InjectOptions) => Promise<LightMyRequestResponse> };

/**
 * In-process callers of a test's app, each request from an address of its own (no rate limit is
 * met): `api` as the owner's pages call the owner API (the session cookie, same-site, JSON), and
 * `guest` as a browser asks for a page. `app()` and `session()` are read at each call, so a test
 * may make them in its beforeAll.
 */
export function inProcessCallers(app: () => Injector, session: () => string) {
  let address = 0;
  const fresh = () => `198.51.100.${++address % 250}`;
  const api = (method: InjectOptions['method'], url: string, body?: unknown, headers: InjectOptions['headers'] = FROM_THIS_SITE) =>
    app().inject({
      method,
      url,
      remoteAddress: fresh(),
      headers: { cookie: `${ADMIN_COOKIE}=${session()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const guest = (url: string) => app().inject({ url, remoteAddress: fresh(), headers: { accept: 'text/html' } });
  return { fresh, api, guest };
}
