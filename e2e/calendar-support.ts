/**
 * Helpers of the calendar sync tests: a loopback feed server (allowed by the test server's
 * CALENDAR_FEED_TEST_LOOPBACK, playwright.config.ts), the owner's login, and a booking made
 * through the checkout API.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { APIRequestContext, Page } from '@playwright/test';
import type { FixtureStay } from '../server/demo/fixture-stays.ts';
import { addLineItem, emptyOrder } from '../src/domain/order/order.ts';
import { derivePrice } from '../src/domain/pricing/derived.ts';
import { toQueryString } from '../src/domain/pricing/query.ts';
import type { Price } from '../src/domain/pricing/types.ts';
import { E2E_ADMIN_PASSWORD } from './admin-password';
import { expect } from './fixtures';

const compact = (iso: string) => iso.replace(/-/g, '');

/** An iCalendar feed of all-day stays, as Airbnb sends it. */
export function feedOf(stays: ReadonlyArray<{ uid: string; begin: string; end: string }>): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    ...stays.flatMap((s) => ['BEGIN:VEVENT', `DTEND;VALUE=DATE:${compact(s.end)}`, `DTSTART;VALUE=DATE:${compact(s.begin)}`, `UID:${s.uid}`, 'SUMMARY:Reserved', 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Serves `body()` at /feed.ics on 127.0.0.1:port. */
export async function startFeedServer(port: number, body: () => string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/feed.ics') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/feed.ics`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Logs the owner in on `origin` (the page's own base URL when omitted). */
export async function ownerLogin(page: Page, origin = ''): Promise<void> {
  await page.goto(`${origin}/admin/calendars`);
  await expect(page).toHaveURL(/\/admin\/analytics\/login$/);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
}

/** The standard offer of a stay, or null when the engine offers none at those dates. */
export async function standardOffer(request: APIRequestContext, stay: FixtureStay, origin = ''): Promise<Price | null> {
  const query = toQueryString({ rcav: { begin: stay.begin, end: stay.end, adult: 2, child: 0, IDs: [stay.eid] } });
  const items = (await (await request.get(`${origin}/rcapi/item/avail/search?${query}`)).json()) as Array<{ prices: Price[] }>;
  return items[0]?.prices.find((price) => price.og === 'standard' && price.b === stay.begin && price.e === stay.end) ?? null;
}

/** Books a stay through the checkout API (by test card), as the checkout page posts it; returns the HTTP status. */
export async function bookStay(request: APIRequestContext, stay: FixtureStay, firstName: string, origin = ''): Promise<number> {
  const offer = await standardOffer(request, stay, origin);
  if (!offer) throw new Error(`No standard offer for ${stay.name} from ${stay.begin}`);
  const order = addLineItem(emptyOrder(), derivePrice(offer, stay.begin)).order;
  const key = `calendar-${crypto.randomBytes(12).toString('hex')}`;
  const response = await request.post(`${origin}/rescms/order/checkout`, {
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', 'idempotency-key': key },
    data: {
      first_name: firstName,
      last_name: 'Calendar',
      email: 'calendar@example.com',
      phone: '+44 7700 900123',
      address: '1 Castle Street',
      city: 'Cardiff',
      postal_code: 'CF10 1BS',
      country: 'GB',
      state: '',
      notes: '',
      terms: '1',
      province: 'none',
      'ti[ind-0]': '-1',
      'dp[ind-0]': '-1',
      // By card (the test provider's token): pay later needs the captcha, which an API call has not solved.
      'payment[payment_option]': 'cc',
      'payment[token]': 'tok_test_success',
      order,
      idempotency_key: key,
    },
  });
  if (response.status() !== 201) throw new Error(`The checkout answered ${response.status()}: ${(await response.text()).slice(0, 300)}`);
  return response.status();
}

/** The export address of a listing, as the owner's calendars page shows it to copy. */
export async function exportAddress(page: Page, eid: number, origin = ''): Promise<string> {
  await page.goto(`${origin}/admin/calendars?listing=${eid}`);
  const value = await page.getByLabel('Calendar address', { exact: true }).inputValue();
  expect(value).toMatch(new RegExp(`/calendar/${eid}/[A-Za-z0-9_-]{32}\\.ics$`));
  return value;
}
