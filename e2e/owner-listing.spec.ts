/**
 * The owner's own rental, from nothing to a booking: on a server of its own (a new listing would
 * change the other specs' counts), the owner adds a home, uploads three photos, gives them alt
 * text, sets a base rate, a season and a cleaning fee, saves the draft, compares the sample quotes
 * and publishes; a guest then finds the home by its name in search, sees the all-in price of a
 * stay in that season on its page and books it by card. Each width has its own server and home.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_PASSWORD } from './admin-password';
import { expect, rcavHash, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { typed } from './page-support';

const basePort = Number(process.env.E2E_PORT ?? 4318);
const DAY_MS = 86_400_000;
/** A day this many days from today (UTC, as the site's calendar counts). */
const fromToday = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const money = (amount: number) => `$${amount.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

let server: OwnServer | null = null;

test.afterAll(async () => {
  await server?.stop();
});

/** Three landscape photos as a camera would send them (JPEG, 1600 × 1067), each of its own colour. */
async function photos(): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const colours = [
    { r: 40, g: 150, b: 110 },
    { r: 200, g: 90, b: 50 },
    { r: 50, g: 100, b: 200 },
  ];
  return Promise.all(
    colours.map(async (background, i) => ({
      name: `porch-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 1600, height: 1067, channels: 3, background } }).jpeg().toBuffer(),
    })),
  );
}

/** Picks an option of a react-aria Select by its label. */
async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option?: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(label) }).click();
  const options = page.getByRole('option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

test('an owner adds a home with 3 photos, a season and a cleaning fee and publishes it; a guest finds it, sees the all-in price and books it', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  server = await startOwnServer(basePort + (phone ? 6 : 5));
  const { origin } = server;
  const name = phone ? 'Quillback Hideaway' : 'Quillback Retreat';
  // The season, and a three-night stay in it, from today: the test holds on any day.
  const season = { begin: fromToday(10), end: fromToday(70) };
  const stay = { begin: fromToday(21), end: fromToday(24), nights: 3 };

  // The owner logs in and adds a home.
  await page.goto(`${origin}/admin/listings`);
  await expect(page).toHaveURL(/\/admin\/analytics\/login$/);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.goto(`${origin}/admin/listings`);
  await page.getByRole('button', { name: 'Add a home' }).click();
  const add = page.getByRole('dialog');
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Property code').fill(phone ? 'HDH-2' : 'HDR-1');
  await choose(page, add, 'Area');
  await choose(page, add, 'Property type');
  await add.getByRole('button', { name: /^(Add|Create)/ }).last().click();
  await expect(page).toHaveURL(/\/admin\/listings\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  // What guests read, and where the home is.
  await page.getByLabel('Summary').fill('A quiet cottage behind the dunes, with a screened porch and a path to the beach.');
  await page.getByLabel('Address', { exact: true }).fill('12 Heron Lane');
  await page.getByLabel('Town or city').fill('Coral Haven');

  // Three photos, each with its alt text (required to publish).
  await page.getByRole('button', { name: 'Open the photo tools' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos…' }).click();
  await (await chooser).setFiles(await photos());
  const alts = page.getByLabel('Alt text');
  await expect(alts).toHaveCount(3, { timeout: 30_000 });
  for (const [i, alt] of ['The porch at dusk', 'The living room', 'The path to the beach'].entries()) await alts.nth(i).fill(alt);

  // Rates: a base rate, a season of its own, and a cleaning fee in every price.
  await page.getByLabel('Nightly rate', { exact: true }).first().fill('180');
  await page.getByRole('button', { name: 'Add a season' }).click();
  const summer = page.getByRole('group', { name: /^Season 1/ });
  await summer.getByLabel('Season name').fill('Summer');
  const dates = summer.getByRole('spinbutton');
  await dates.nth(0).click();
  await page.keyboard.type(typed(season.begin));
  await dates.nth(3).click();
  await page.keyboard.type(typed(season.end));
  await summer.getByLabel('Nightly rate', { exact: true }).fill('240');
  await summer.getByLabel('Minimum stay (nights)').fill('2');
  await page.getByRole('button', { name: 'Add a fee' }).click();
  const cleaning = page.getByRole('group', { name: /^Fee 1/ });
  await cleaning.getByLabel('Fee name').fill('Cleaning fee');
  await cleaning.getByLabel('Code').fill('cleaning');
  await cleaning.getByLabel('Amount').fill('95');
  const mandatory = cleaning.getByRole('checkbox', { name: 'Mandatory (in every price)' });
  if (!(await mandatory.isChecked())) await mandatory.check();

  // Saved as a draft; the sample quotes say what the draft charges.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.locator('.owner-bar [data-state]')).toHaveText(/^Draft saved \d{2}:\d{2}$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Compare sample quotes' }).click();
  await expect(page.getByRole('table').filter({ hasText: 'A week' })).toBeVisible();

  // Published: warnings may remain (fewer than 6 photos for the channels), nothing blocks.
  await page.getByRole('button', { name: 'Publish…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish this listing?' });
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('.owner-badge')).toHaveText('Published', { timeout: 15_000 });

  // A guest (no owner's session) finds it by its name, opens it, and sees the all-in price.
  const guestContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: phone, hasTouch: phone });
  const guest = await guestContext.newPage();
  await guest.goto(`${origin}/search#q=quillback`);
  const card = guest.locator('.search .listing-card').filter({ hasText: name }).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('link', { name }).first().click();
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(guest.getByRole('img', { name: 'The porch at dusk' }).first()).toBeAttached();
  const listingUrl = guest.url().replace(/#.*$/, '');
  await guest.goto(`${listingUrl}${rcavHash({ ...stay, adult: 2, child: 0 })}`);
  await guest.reload();
  await guest.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  // Three summer nights and the cleaning fee: the whole price, as the owner set it.
  const allIn = 3 * 240 + 95;
  await expect(guest.getByRole('region', { name: 'Your dates' }).getByRole('listitem').first()).toContainText(new RegExp(`Price \\$${allIn}\\s*total for 3 nights, incl\\. fees & taxes`), { timeout: 15_000 });

  // Booked by card at checkout, for that price.
  await guest.getByRole('button', { name: /^Add .* to Trips Collection$/ }).first().click();
  await guest.getByRole('dialog', { name: 'Your Trips Collection' }).getByRole('link', { name: 'Checkout' }).click();
  await expect(guest).toHaveURL(/\/rescms\/order\/checkout$/);
  await expect(guest.locator('.checkout-check')).toContainText('Prices checked: they are up to date.');
  await guestContext.addCookies([{ name: 'rcstate', value: 'none', url: `${origin}/` }]);
  await guest.reload();
  await guest.getByLabel('First name').fill('Amara');
  await guest.getByLabel('Last name').fill('Okafor');
  await guest.getByLabel('Email').fill('amara@example.com');
  await guest.getByLabel('Phone').fill('+234 802 123 4567');
  await guest.getByLabel('Address').fill('3 Water Street');
  await guest.getByLabel('City').fill('Halifax');
  await guest.getByLabel('Postal code').fill('B3H 1A1');
  await guest.getByLabel('Country').selectOption('CA');
  await guest.getByLabel('State or province').selectOption({ label: 'Nova Scotia' });
  // The stay is the owner's price; the site's damage protection (offered ticked) comes on top.
  await expect(guest.locator('.checkout-order__table tbody td.num').first()).toHaveText(money(allIn));
  const total = await guest.getByTestId('checkout-total').innerText();
  await guest.getByRole('radio', { name: 'Card' }).check();
  await guest.getByRole('checkbox', { name: /I accept the/ }).check();
  await guest.locator('button.checkout-submit').click();
  await expect(guest).toHaveURL(/\/rescms\/order\/confirmation\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  await expect(guest.getByTestId('confirmation-total')).toHaveText(total);
  await guestContext.close();
});
