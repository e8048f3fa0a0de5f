import { axeViolations, expect, signedByTheServer, test } from './fixtures';

test.describe('page shell', () => {
  test('the header turns tiny away from the top and back at the top', async ({ page, header }) => {
    await page.goto('/search');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(header.root).not.toHaveAttribute('data-tiny');
    await page.mouse.wheel(0, 900);
    await expect(header.root).toHaveAttribute('data-tiny', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header.root).not.toHaveAttribute('data-tiny');
  });

  test('the search panel toggles between show-search and hide-search, and Escape closes it', async ({ page, header }) => {
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const panel = page.locator('#search-panel');
    await expect(panel).toHaveClass(/hide-search/);
    await expect(panel).toBeHidden();
    await header.searchTrigger.click();
    await expect(panel).toHaveClass(/show-search/);
    await expect(page.getByLabel('Town, property name or feature')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveClass(/hide-search/);
  });

  test('the jump menu navigates to a page of the site', async ({ page }) => {
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('button', { name: /Explore the coast/ }).click();
    await expect(page.getByRole('option', { name: 'Things to do' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('option', { name: 'Things to do' }).click();
    await expect(page).toHaveURL(/\/things-to-do$/);
    await expect(page.locator('main h1')).toHaveText('Things to do');
  });

  test('a status message from the server opens in a modal that keeps focus and closes with its button', async ({ page, context, baseURL }) => {
    // The server's signed status cookie, as a form's no-script answer sets it (server/status-messages.ts addStatusMessage).
    const text = 'Your Trips Collection is on its way to friend@example.com.';
    await context.addCookies([{ name: 'status_messages', value: encodeURIComponent(await signedByTheServer(baseURL as string, JSON.stringify([{ type: 'status', text }]))), url: baseURL as string }]);
    await page.goto('/search');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(text);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('has_js=1 is set on page load', async ({ page, context }) => {
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const cookie = (await context.cookies()).find((c) => c.name === 'has_js');
    expect(cookie?.value).toBe('1');
    expect(cookie?.sameSite).toBe('Lax');
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 767, height: 900 } });

  test('the menu toggle expands and collapses the navigation', async ({ page, header }) => {
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const nav = page.locator('#main-navigation');
    await expect(nav).toBeHidden();
    await header.menuToggle.click();
    await expect(header.menuToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Events' })).toBeVisible();
    await header.menuToggle.click();
    await expect(nav).toBeHidden();
  });
});

test('every part of the header stays inside the window with a full Trips Collection, at every width', async ({ page, request, stays }) => {
  const query = `rcav[begin]=${stays.bookable.begin}&rcav[end]=${stays.bookable.end}&rcav[adult]=2&rcav[child]=0&rcav[IDs][]=${stays.bookable.eid}`;
  const [item] = (await (await request.get(`/rcapi/item/avail/search?${query}`)).json()) as Array<{ prices: Array<{ p: number }> }>;
  const offer = item?.prices[0];
  if (!offer) throw new Error('the fixture stay has an offer');
  // 50 line items: the widest subtotal a Trips Collection has (six figures).
  const lis = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`ind-${i}`, offer]));
  await page.addInitScript((order) => localStorage.setItem('rcriotorder', JSON.stringify(order)), { lict: 50, lis, litot: Math.round(offer.p * 5000) / 100 });
  for (const width of [1920, 1440, 1366, 1280, 1181, 1180, 1024, 768, 767, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByTestId('order-count')).toHaveText('50');
    const outside = await page.locator('.site-header__inner > *:visible, .site-header__tools > *:visible').evaluateAll((parts, right) =>
      parts.filter((part) => part.getBoundingClientRect().right > right || part.getBoundingClientRect().left < 0).map((part) => part.className),
      width,
    );
    expect(outside, `${width} px`).toEqual([]);
    const inner = page.locator('.site-header__inner');
    expect(await inner.evaluate((element) => element.scrollWidth - element.clientWidth), `${width} px`).toBeLessThanOrEqual(0);
    await expect(page.getByRole('link', { name: /Coral Haven Coast Rentals/ }).first()).toBeVisible();
  }
});

test('the state charts page draws the flag machine', async ({ page }) => {
  await page.goto('/statecharts');
  await expect(page.getByRole('heading', { name: 'Flag button' })).toBeVisible();
  await expect(page.locator('svg[role="img"]').first()).toBeVisible();
});
