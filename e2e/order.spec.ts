import type { Browser, Page } from '@playwright/test';
import type { FixtureStay } from '../server/demo/fixture-stays.ts';
import { axeViolations, expect, rcavHash, rememberCookieChoice, test } from './fixtures';

/** The fixture rental's bookable week, two adults and a child: the listing page prices it from the #rcav hash. */
const listing = (stay: FixtureStay) => `/listing/${stay.slug}${rcavHash(stay)}`;
const CONFIRMATION = 'This Trips Collection will replace any Trips Collection you may have in progress. Would you like to proceed?';

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const widget = (page: Page) => page.locator('[data-order-widget]').first();
const widgetButton = (page: Page) => widget(page).getByRole('button', { name: /Trips Collection: \d+ items?, subtotal/ });
const detail = (page: Page) => page.getByRole('dialog', { name: 'Your Trips Collection' });
/** The amount of a price text ('$2,864.43 incl. fees & taxes' → 2864.43). */
const money = (text: string) => Number((/\d[\d,]*(\.\d+)?/.exec(text)?.[0] ?? 'NaN').replace(/,/g, ''));

/** Adds the listing's first two offers from its pricing display; returns their prices. */
async function addTwoOffers(page: Page, stay: FixtureStay): Promise<number[]> {
  await page.goto(listing(stay));
  await hydrated(page);
  const adds = page.getByRole('button', { name: /^Add .* to Trips Collection$/ });
  await expect(adds.first()).toBeVisible();
  await adds.nth(0).click();
  await expect(detail(page)).toBeVisible();
  await detail(page).getByRole('button', { name: 'Close' }).click();
  await adds.nth(1).click();
  await expect(detail(page)).toBeVisible();
  const prices = await detail(page).locator('.order-item__price').allInnerTexts();
  return prices.map(money);
}

async function shareLink(page: Page): Promise<string> {
  await widgetButton(page).click();
  await detail(page).getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share your Trips Collection' });
  await expect(share).toBeVisible();
  await expect(share.locator('form')).toBeVisible();
  // Its heading, subheading and description, each said once (the server's form does not repeat them).
  await expect(share.getByRole('heading', { name: 'Share your Trips Collection' })).toHaveCount(1);
  await expect(share.getByText('Send this link to your travel companions')).toHaveCount(1);
  await expect(share.getByText('Anyone with the link can open this Trips Collection and book it.')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  const url = await share.getByRole('textbox', { name: /link|url/i }).first().inputValue();
  expect(url).toMatch(/\/mytrip#short-url=[A-Za-z0-9_-]{8,}$/);
  await share.getByRole('button', { name: 'Close' }).click();
  return url;
}

async function openShared(browser: Browser, url: string, answer: 'Yes' | 'No', own: FixtureStay | null) {
  const context = await browser.newContext();
  await rememberCookieChoice(context);
  const page = await context.newPage();
  if (own) {
    await page.goto(listing(own));
    await hydrated(page);
    await page.getByRole('button', { name: /^Add .* to Trips Collection$/ }).last().click();
    await detail(page).getByRole('button', { name: 'Close' }).click();
  }
  await page.goto(url);
  await hydrated(page);
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(CONFIRMATION);
  // While the question is open, the header widget still shows the visitor's own Trips Collection.
  if (own) await expect(widget(page).getByTestId('order-count')).toHaveText('1');
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: answer }).click();
  return { context, page };
}

test.describe('Trips Collection', () => {
  test('add two offers, see the widget, open the detail, remove one, share it and open the short link elsewhere', async ({ page, browser, consoleErrors, stays }) => {
    // Three browser contexts and a dozen page loads: 20-30 s on a busy two-core machine.
    test.slow();
    const stay = stays.bookable;
    const prices = await addTwoOffers(page, stay);
    const total = prices.reduce((sum, p) => sum + p, 0);
    await expect(widget(page).getByTestId('order-count')).toHaveText('2');
    await expect(widget(page).getByTestId('order-subtotal')).toHaveText(`$${Math.round(total).toLocaleString('en')}`);
    await expect(detail(page).getByTestId('order-detail-subtotal')).toHaveText(`$${total.toLocaleString('en', { minimumFractionDigits: 2 })}`);
    await expect(detail(page).locator('.order-item__guests').first()).toContainText('2 Adults');
    await expect(detail(page).locator('.order-item__guests').first()).toContainText('1 Child');
    const link = detail(page).getByRole('link', { name: stay.name }).first();
    await expect(link).toHaveAttribute('href', new RegExp(`^/listing/${stay.slug}#rcav=`));

    // Axe (WCAG 2.2 AA) with the order modal open.
    expect(await axeViolations(page)).toEqual([]);

    await detail(page).getByRole('button', { name: /^Remove / }).first().click();
    await expect(widget(page).getByTestId('order-count')).toHaveText('1');
    await expect(detail(page).getByRole('button', { name: /^Remove / })).toHaveCount(1);
    await detail(page).getByRole('button', { name: 'Close' }).click();
    // Focus goes back where it was.
    await expect(page.locator(':focus')).toHaveCount(1);

    // It persists across a reload.
    await page.reload();
    await hydrated(page);
    await expect(widget(page).getByTestId('order-count')).toHaveText('1');

    const url = await shareLink(page);

    // A friend with a Trips Collection of their own accepts: theirs is replaced and the detail opens.
    const accepted = await openShared(browser, url, 'Yes', stay);
    await expect(detail(accepted.page)).toBeVisible();
    await expect(widget(accepted.page).getByTestId('order-count')).toHaveText('1');
    expect(new URL(accepted.page.url()).hash).toBe('');
    await accepted.context.close();

    // Another declines: nothing changes.
    const declined = await openShared(browser, url, 'No', stay);
    await expect(declined.page.getByRole('alertdialog')).toHaveCount(0);
    await expect(widget(declined.page).getByTestId('order-count')).toHaveText('1');
    await expect(detail(declined.page)).toHaveCount(0);
    await declined.context.close();

    expect(consoleErrors).toEqual([]);
  });

  test('a malformed #rcod link says so and loses nothing', async ({ page, consoleErrors, stays }) => {
    await addTwoOffers(page, stays.bookable);
    await page.goto('/mytrip#rcod=bm90IGFuIG9yZGVy');
    await hydrated(page);
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('could not be opened');
    expect(await axeViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(widget(page).getByTestId('order-count')).toHaveText('2');
    await expect(page.locator('.my-trip__order .order-item')).toHaveCount(2);
    expect(consoleErrors).toEqual([]);
  });

  test('a change in one tab shows in the other', async ({ page, context, stays }) => {
    await page.goto('/mytrip');
    await hydrated(page);
    const other = await context.newPage();
    await other.goto(listing(stays.bookable));
    await hydrated(other);
    await other.getByRole('button', { name: /^Add .* to Trips Collection$/ }).first().click();
    await expect(widget(page).getByTestId('order-count')).toHaveText('1');
    await expect(page.locator('.my-trip__order .order-item')).toHaveCount(1);
    await other.close();
  });

  test('session mode: an add the server refuses leaves no phantom line item', async ({ page, stays }) => {
    await page.route(new RegExp(`/listing/${stays.bookable.slug}`), async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace('"mode":"local"', '"mode":"session"');
      await route.fulfill({ response, body: html });
    });
    let adds = 0;
    await page.route('**/rcapi/order/add?**', (route) => {
      adds += 1;
      return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'The stay is not available' }) });
    });
    await page.goto(listing(stays.bookable));
    await hydrated(page);
    await page.getByRole('button', { name: /^Add .* to Trips Collection$/ }).first().click();
    await expect.poll(() => adds).toBe(1);
    await expect(widget(page)).not.toHaveAttribute('data-pending');
    await expect(widget(page).getByTestId('order-count')).toHaveText('0');
    await expect(widget(page).getByTestId('order-subtotal')).toHaveText('$0');
    await expect(detail(page)).toHaveCount(0);
  });
});
