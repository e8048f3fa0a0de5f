import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Lazy placeholder blocks (spec §2, §4 Lazy content, §7): the event page's related events come when scrolled to. */

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/** The first event of the events page. */
async function firstEvent(page: Page): Promise<string> {
  await page.goto('/events');
  return (await page.locator('.event-card__title a').first().getAttribute('href')) as string;
}

test.describe('Lazy placeholder', () => {
  test('the related events are fetched when scrolled into view and replace the placeholder', async ({ page, consoleErrors }) => {
    const event = await firstEvent(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/related')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(event);
    await hydrated(page);
    // In view at once on a tall screen; else once scrolled to.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const related = page.locator('.related-events');
    await expect(related.getByRole('heading', { name: 'More events on the coast' })).toBeVisible();
    await expect(related.getByRole('link')).toHaveCount(3);
    await expect(page.locator('[data-bto-jump-select]')).toHaveCount(0);
    expect(asked).toEqual([`${event}/related`]);
    // Each related event is a page of the site.
    const href = (await related.getByRole('link').first().getAttribute('href')) as string;
    expect((await page.request.get(href)).status()).toBe(200);
    expect(consoleErrors).toEqual([]);
  });

  test('hostile HTML in the answer runs nothing, and a failure offers Try again', async ({ page }) => {
    const event = await firstEvent(page);
    let fail = true;
    await page.route('**/related', (route) =>
      fail
        ? route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Down</h1>' })
        : route.fulfill({
            status: 200,
            contentType: 'text/html',
            body:
              '<section class="related-events"><h2>Related</h2><a href="/events">All events</a>' +
              '<script>window.ran++</script><img src="/nothing.png" onerror="window.ran++"><a href="javascript:window.ran++">bad</a>' +
              '<svg><script>window.ran++</script></svg><iframe srcdoc="<script>parent.ran++</script>"></iframe><style>body{display:none}</style></section>',
          }),
    );
    await page.goto(event);
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { ran: number }).ran = 0;
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    const related = page.locator('.related-events');
    await expect(related.getByRole('link', { name: 'All events' })).toBeVisible();
    await expect(related.locator('script, iframe, style, [onerror]')).toHaveCount(0);
    await expect(related.locator('a', { hasText: 'bad' })).not.toHaveAttribute('href', /.*/);
    await expect.poll(() => page.evaluate(() => [...document.images].some((image) => image.src.endsWith('/nothing.png') && image.complete))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { ran: number }).ran)).toBe(0);
    await expect(page.locator('body')).toBeVisible();
  });
});
