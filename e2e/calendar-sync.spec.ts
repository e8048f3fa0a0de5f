/**
 * Calendar sync with other channels (issue 26), end to end on the test server: a channel's feed
 * that blocks a week makes that week unbookable on the listing and at checkout; a booking made here
 * is in the listing's export at the very next request; cancelling it on the owner's bookings page
 * frees it in both. Each project width uses weeks of its own (stays.calendar) and a feed server on
 * a port of its own (E2E_PORT + 2 / + 3, allowed by CALENDAR_FEED_TEST_LOOPBACK).
 */
import type { Page } from '@playwright/test';
import { axeViolations, expect, rcavHash, test } from './fixtures';
import { bookStay, exportAddress, feedOf, ownerLogin, standardOffer, startFeedServer } from './calendar-support';

const port = Number(process.env.E2E_PORT ?? 4318);
const compact = (iso: string) => iso.replace(/-/g, '');
const stayDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${iso}T00:00:00Z`));

async function seedOrder(page: Page, order: unknown) {
  await page.addInitScript((seeded) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('rcriotorder', JSON.stringify(seeded));
      sessionStorage.setItem('seeded', '1');
    }
  }, order);
}

test.describe('calendar sync', () => {
  test('a feed that blocks a week makes it unbookable on the listing and at checkout; a booking here is in the export at once, and cancelling frees it in both', async ({ page, request, stays, consoleErrors }, testInfo) => {
    test.slow();
    const phone = testInfo.project.name === 'phone';
    const [blocked, booked] = phone ? [stays.calendar[2], stays.calendar[3]] : [stays.calendar[0], stays.calendar[1]];
    // The week is free before the feed: the engine offers it, and a Trips Collection holds it.
    const offer = await standardOffer(request, blocked);
    expect(offer).not.toBeNull();
    const feed = await startFeedServer(port + (phone ? 3 : 2), () => feedOf([{ uid: `${blocked.begin}-week@airbnb.com`, begin: blocked.begin, end: blocked.end }]));
    try {
      await ownerLogin(page);
      await page.goto(`/admin/calendars?listing=${blocked.eid}`);
      await page.getByLabel('Channel', { exact: true }).fill(phone ? 'Airbnb (phone)' : 'Airbnb');
      await page.getByLabel('Calendar address (.ics) given by the channel', { exact: true }).fill(feed.url);
      await page.getByRole('button', { name: 'Add the feed' }).click();
      await expect(page.getByRole('status')).toHaveText('The feed is added and was read once; it is read again every few minutes.');
      const row = page.getByRole('row').filter({ hasText: feed.url });
      await expect(row.getByRole('cell').nth(5)).toHaveText('Good');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await feed.close();
    }

    // The listing says 'not available' for the week, and the engine no longer offers it.
    await page.goto(`/listing/${blocked.slug}${rcavHash(blocked)}`);
    await expect(page.locator('.booking-box .pricing-alternates__none')).toHaveText(`Not available for ${stayDate(blocked.begin)}. Try the dates below or change your search.`);
    expect(await standardOffer(request, blocked)).toBeNull();
    const calendar = (await (await request.get(`/rcapi/item/${blocked.eid}/calendar`)).json()) as { booked: Array<{ begin: string; end: string }> };
    expect(calendar.booked.some((range) => range.begin <= blocked.begin && range.end >= blocked.end)).toBe(true);

    // At checkout, a Trips Collection that held the week has it taken out.
    await seedOrder(page, { lict: 1, lis: { 'ind-0': offer }, litot: offer!.p });
    await page.goto('/rescms/order/checkout');
    await expect(page.locator('.checkout-check [data-kind="removed"]')).toContainText('A stay can no longer be booked, so it was taken out of your Trips Collection:');

    // A booking made here is in the export at the very next request.
    const exportUrl = await exportAddress(page, booked.eid);
    const before = await request.get(exportUrl);
    expect(before.status()).toBe(200);
    expect(await before.text()).not.toContain(`DTSTART;VALUE=DATE:${compact(booked.begin)}`);
    const guest = phone ? 'Phoebe' : 'Desmond';
    await bookStay(request, booked, guest);
    const after = await request.get(exportUrl, { headers: { 'if-none-match': String(before.headers().etag) } });
    expect(after.status()).toBe(200);
    const body = await after.text();
    expect(body).toContain(`DTSTART;VALUE=DATE:${compact(booked.begin)}\r\nDTEND;VALUE=DATE:${compact(booked.end)}`);
    expect(body).not.toContain(guest);
    // The imported week is not exported back to the channels (no echo).
    expect(body).not.toContain(`DTSTART;VALUE=DATE:${compact(blocked.begin)}`);

    // The owner cancels it on the bookings page, after a confirmation: freed in the export and the engine.
    await page.goto(`/admin/bookings?listing=${booked.eid}&from=${booked.begin}&to=${booked.begin}`);
    const line = page.getByRole('row').filter({ hasText: `${guest} Calendar` });
    await expect(line).toContainText('Confirmed');
    await line.getByRole('link', { name: new RegExp(`^Cancel the booking of ${guest} Calendar`) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel this booking?');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel the booking' }).click();
    await expect(page.getByRole('status')).toContainText('The booking is cancelled');
    await expect(page.getByRole('row').filter({ hasText: `${guest} Calendar` })).toContainText('Cancelled');
    expect(await axeViolations(page)).toEqual([]);
    expect(await (await request.get(exportUrl)).text()).not.toContain(`DTSTART;VALUE=DATE:${compact(booked.begin)}`);
    await expect.poll(async () => (await standardOffer(request, booked)) !== null).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
