/**
 * Calendar sync between two servers (issue 26, "done when"): a second server with a DATA_DIR of
 * its own (E2E_PORT + 4, on loopback) imports the test server's export of the fixture rental; a
 * stay booked on the test server closes the same nights there, and a booking made on the second
 * server is in its own export. Desktop width only (one second server per run; playwright.config.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN_PASSWORD } from './admin-password';
import { bookStay, exportAddress, ownerLogin, standardOffer } from './calendar-support';
import { expect, rcavHash, test } from './fixtures';

const port = Number(process.env.E2E_PORT ?? 4318);
const secondPort = port + 4;
const second = `http://127.0.0.1:${secondPort}`;
const root = path.resolve(import.meta.dirname, '..');
const compact = (iso: string) => iso.replace(/-/g, '');

let child: ChildProcess | null = null;

async function startSecondServer(): Promise<void> {
  child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(secondPort),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: second,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // The second server reads the test server's export (loopback, allowed for this address:port only).
      CALENDAR_FEED_TEST_LOOPBACK: `127.0.0.1:${port}`,
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${second}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The second server did not start on ${second}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test.afterAll(async () => {
  if (!child) return;
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(path.join(root, '.tmp', `e2e-data-production-${secondPort}`), { recursive: true, force: true });
});

test('a second server imports the first one\'s export: a stay booked on the first closes the same nights there, and a booking on the second is in its own export', async ({ page, request, stays }) => {
  test.setTimeout(240_000);
  await startSecondServer();
  const onFirst = stays.calendar[4];
  const onSecond = stays.calendar[0];

  // The first server: a stay booked here, in its export.
  await bookStay(request, onFirst, 'Twin');
  await ownerLogin(page);
  const firstExport = await exportAddress(page, onFirst.eid);
  expect(await (await request.get(firstExport)).text()).toContain(`DTSTART;VALUE=DATE:${compact(onFirst.begin)}`);

  // The second server, before: the week is free there.
  expect(await standardOffer(request, onFirst, second)).not.toBeNull();
  await ownerLogin(page, second);
  await page.goto(`${second}/admin/calendars?listing=${onFirst.eid}`);
  await page.getByLabel('Channel', { exact: true }).fill('First server');
  await page.getByLabel('Calendar address (.ics) given by the channel', { exact: true }).fill(firstExport);
  await page.getByRole('button', { name: 'Add the feed' }).click();
  await expect(page.getByRole('status')).toHaveText('The feed is added and was read once; it is read again every few minutes.');
  await expect(page.getByRole('row').filter({ hasText: firstExport }).getByRole('cell').nth(5)).toHaveText('Good');

  // The same nights are closed on the second server.
  expect(await standardOffer(request, onFirst, second)).toBeNull();
  await page.goto(`${second}/listing/${onFirst.slug}${rcavHash(onFirst)}`);
  await expect(page.locator('.booking-box .pricing-alternates__none')).toContainText('Not available for');

  // A booking on the second server is in its own export (and the imported week is not echoed back).
  await bookStay(request, onSecond, 'Bea', second);
  const secondExport = await exportAddress(page, onSecond.eid, second);
  const body = await (await request.get(secondExport)).text();
  expect(body).toContain(`DTSTART;VALUE=DATE:${compact(onSecond.begin)}\r\nDTEND;VALUE=DATE:${compact(onSecond.end)}`);
  expect(body).not.toContain(`DTSTART;VALUE=DATE:${compact(onFirst.begin)}`);
});
