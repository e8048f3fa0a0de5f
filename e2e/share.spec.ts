import type { Page } from '@playwright/test';
import { axeViolations, expect, rcavHash, test } from './fixtures';

/**
 * Sharing (spec §2 Share modal, §3 Share form, §4 Share button, §5 Forms, §7 CMS asynchronous
 * requests, §8): the share-this-page button and modal of every page, and the Trips Collection's
 * send-to-a-friend form, both sent through system/ajax and answered with the email ready in the
 * visitor's own email app (the site mails no address a visitor types). The captcha may take a moment (a proof of
 * work) before a form is sent: every outcome is waited for, never assumed instant.
 */

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const OPT_IN_ALERT = 'Please accept the terms to proceed.';

/** The browser's alerts, accepted as they come. */
function alertsOf(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** Requests to system/ajax, counted. */
function ajaxPostsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/system/ajax') posts.push(request.postData() ?? '');
  });
  return posts;
}

async function fillShareForm(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByLabel('Your name').fill('Ana Visitor');
  await dialog.getByLabel('Your email').fill('ana@example.com');
  await dialog.getByLabel('Send to (email)').fill('ben@example.org');
}

/** Sent without the opt-in: the form's own alert; nothing is posted, the visitor stays on /events with the entries kept. */
async function sendWithoutOptIn(page: Page, dialog: ReturnType<Page['getByRole']>, alerts: string[], posts: string[]) {
  await fillShareForm(dialog);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => alerts).toEqual([OPT_IN_ALERT]);
  expect(posts).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/events');
  await expect(dialog.getByLabel('Your email')).toHaveValue('ana@example.com');
}

test.describe('Share this page', () => {
  test('the button is pending while the modal is prepared, the modal shows the short link and sends the page', async ({ page, consoleErrors }, testInfo) => {
    const alerts = alertsOf(page);
    const posts = ajaxPostsOf(page);
    await page.goto('/events#from=test');
    await hydrated(page);
    // The answer is held back until the test has seen the button pending.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rescms/page/share', async (route) => {
      await held;
      await route.continue();
    });
    const button = page.locator('.site-header').getByRole('button', { name: /^(Share|Preparing…)$/ });
    await button.click();
    await expect(button).toHaveAttribute('data-pending', 'true');
    await expect(button).toHaveText('Preparing…');
    release();
    const dialog = page.getByRole('dialog', { name: 'Share this page' });
    await expect(dialog).toBeVisible();
    await page.unroute('**/rescms/page/share');
    await expect(button).not.toHaveAttribute('data-pending', /.*/);
    await expect(button).toHaveText('Share');

    // The page's short link, kept by the server: the same link leads back to the page.
    const url = await dialog.getByRole('textbox', { name: 'Short link' }).inputValue();
    expect(url).toMatch(/\/s\/[A-Za-z0-9]{12}$/);
    await expect(dialog.getByRole('link', { name: 'Facebook' })).toHaveAttribute('data-share-query', 'u');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('share-page-modal.png') });

    // Enter in an input does not submit (spec §5).
    await dialog.getByLabel('Your name').fill('Ana Visitor');
    await dialog.getByLabel('Your name').press('Enter');
    // Without the opt-in: the alert, and the visitor stays on the page with the entries kept.
    await sendWithoutOptIn(page, dialog, alerts, posts);

    await dialog.getByLabel(/I accept the terms/).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    // The site sends no email itself: the visitor's own email app sends it, from them (issue 23 item 3).
    const ready = dialog.getByRole('status').filter({ hasText: 'Your email to ben@example.org is ready: send it from your own email app.' });
    await expect(ready).toBeVisible({ timeout: 30_000 });
    const mailto = new URL((await ready.getByRole('link', { name: 'Open it in your email app' }).getAttribute('href')) ?? '');
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('ben@example.org');
    expect(mailto.searchParams.get('body')).toContain(`${url}#from=test`);
    await expect(ready.getByRole('link', { name: `${url}#from=test` })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(posts).toHaveLength(1);
    const sent = new URLSearchParams(posts[0]);
    expect(sent.get('form_id')).toBe('bt-leads-share-submit-rc-core-order-share');
    expect(sent.get('fragment')).toBe('#from=test');
    expect(sent.get('js')).toBe('true');
    expect(sent.getAll('ajax_html_ids[]').length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/events');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The same page shares the same link; the link opens the page.
    await button.click();
    await expect(dialog.getByRole('textbox', { name: 'Short link' })).toHaveValue(url);
    await page.goto(url);
    expect(new URL(page.url()).pathname).toBe('/events');
    expect(consoleErrors).toEqual([]);
  });

  test('a share form whose security check cannot load says so; Try again loads it and the form is sent', async ({ page, consoleErrors }) => {
    // The site's ALTCHA chunk: the captcha's script (e2e/captcha-unavailable.spec.ts does the same for the lead forms).
    const script = /\/assets\/altcha-captcha-api-[^/]*\.js$/;
    await page.route(script, (route) => route.abort());
    const posts = ajaxPostsOf(page);
    await page.goto('/events');
    await hydrated(page);
    await page.locator('.site-header').getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this page' });
    await fillShareForm(dialog);
    await dialog.getByLabel(/I accept the terms/).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'The security check could not load, so the form cannot be sent yet.' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    // Spec §8: the console says it too; nothing was sent, the entries are kept.
    expect(consoleErrors.some((error) => error.startsWith('The captcha script could not be added'))).toBe(true);
    expect(posts).toEqual([]);
    await expect(dialog.getByLabel('Your email')).toHaveValue('ana@example.com');
    await page.unroute(script);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toHaveCount(0);
    await expect(dialog.getByRole('status').filter({ hasText: 'Your email to ben@example.org is ready' })).toBeVisible({ timeout: 30_000 });
    expect(posts).toHaveLength(1);
  });

  test('the share form is live the moment it shows: a Send pressed at once is never a plain form post', async ({ page, consoleErrors }) => {
    // The form's code is held back: until it comes the modal is not shown (the button says Preparing…).
    const code = /\/assets\/share-form-binding-[^/]*\.js$/;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(code, async (route) => {
      await held;
      await route.continue();
    });
    const alerts = alertsOf(page);
    const posts = ajaxPostsOf(page);
    await page.goto('/events');
    await hydrated(page);
    const button = page.locator('.site-header').getByRole('button', { name: /^(Share|Preparing…)$/ });
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/rescms/page/share');
    await button.click();
    await answered;
    // The server's form has come, its code has not: half a second on, still no modal, still Preparing….
    await page.waitForTimeout(500);
    const dialog = page.getByRole('dialog', { name: 'Share this page' });
    expect(await dialog.count()).toBe(0);
    await expect(button).toHaveText('Preparing…');
    release();
    // Send at once, without the opt-in: the form's own check answers; the visitor stays, entries kept.
    await sendWithoutOptIn(page, dialog, alerts, posts);
    expect(consoleErrors).toEqual([]);
  });

  test('an HTTP error of system/ajax alerts its debugging lines, and hostile HTML in an insert command runs nothing', async ({ page }) => {
    const alerts = alertsOf(page);
    await page.goto('/about-us');
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { ran: number }).ran = 0;
    });
    let answer: { status: number; body: string; contentType: string } = { status: 500, body: '<html><body><h1>Server error</h1><p>Try later</p></body></html>', contentType: 'text/html' };
    await page.route('**/system/ajax', (route) => route.fulfill({ status: answer.status, contentType: answer.contentType, body: answer.body }));
    await page.locator('.site-header').getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this page' });
    await fillShareForm(dialog);
    await dialog.getByLabel(/I accept the terms/).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => alerts)
      .toEqual(['An AJAX HTTP error occurred.\nHTTP Result Code: 500\nDebugging information follows.\nPath: /system/ajax\nStatusText: Internal Server Error\nCustomMessage: \nResponseText: Server error Try later']);

    const hostile = [
      '<div class="share-form__sent" role="status"><p>Sent</p>',
      '<img src="/nothing.png" onerror="window.ran++">',
      '<script>window.ran++</script>',
      '<a href="javascript:window.ran++">link</a>',
      '<svg><script>window.ran++</script></svg>',
      '<iframe srcdoc="<script>parent.ran++</script>"></iframe>',
      '<form action="https://evil.example/steal"><button formaction="javascript:window.ran++">x</button></form></div>',
    ].join('');
    answer = { status: 200, contentType: 'application/json', body: JSON.stringify([{ command: 'insert', method: 'replaceWith', selector: '#bt-leads-share-submit-rc-core-order-share', data: hostile }]) };
    await dialog.getByLabel('Your name').fill('Ana Again');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Sent' })).toBeVisible();
    // The javascript: link lost its href; the image that fails to load has no handler left.
    await expect(dialog.locator('a', { hasText: 'link' })).not.toHaveAttribute('href', /.*/);
    await expect.poll(() => page.evaluate(() => [...document.images].some((image) => image.src.endsWith('/nothing.png') && image.complete))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { ran: number }).ran)).toBe(0);
    await expect(dialog.locator('script, iframe, [onerror]')).toHaveCount(0);
  });
});

test.describe('Trips Collection share form', () => {
  test('sent without the opt-in it alerts and stays; with it, the confirmation replaces the form', async ({ page, stays, consoleErrors }, testInfo) => {
    const alerts = alertsOf(page);
    await page.goto(`/listing/${stays.bookable.slug}${rcavHash(stays.bookable)}`);
    await hydrated(page);
    await page.getByRole('button', { name: /^Add .* to Trips Collection$/ }).first().click();
    const detail = page.getByRole('dialog', { name: 'Your Trips Collection' });
    await detail.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your Trips Collection' });
    await expect(dialog.locator('form')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('share-order-modal.png'), fullPage: true });
    // Its heading, subheading and description, each shown once.
    await expect(page.getByRole('heading', { name: 'Share your Trips Collection' })).toHaveCount(1);
    await expect(page.getByText('Send this link to your travel companions')).toHaveCount(1);
    await expect(page.getByText('Anyone with the link can open this Trips Collection and book it.')).toHaveCount(1);

    const listingUrl = page.url();
    await fillShareForm(dialog);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => alerts).toEqual([OPT_IN_ALERT]);
    // Still on the listing, in the dialog: no raw JSON page.
    expect(page.url()).toBe(listingUrl);
    await expect(dialog.getByLabel('Send to (email)')).toHaveValue('ben@example.org');

    await dialog.getByLabel(/I accept the terms/).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    const ready = dialog.getByRole('status').filter({ hasText: 'Your email to ben@example.org is ready: send it from your own email app.' });
    await expect(ready).toBeVisible({ timeout: 30_000 });
    await expect(ready.getByRole('link', { name: 'Open it in your email app' })).toHaveAttribute('href', /^mailto:ben@example\.org\?subject=A%20Trips%20Collection%20of%20/);
    expect(page.url()).toBe(listingUrl);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // On /mytrip, where the Trips Collection is the page itself, the share modal says each once too.
    await page.goto('/mytrip');
    await hydrated(page);
    await page.locator('main').getByRole('button', { name: 'Share' }).click();
    await expect(dialog.locator('form')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('share-order-mytrip.png'), fullPage: true });
    await expect(page.getByRole('heading', { name: 'Share your Trips Collection' })).toHaveCount(1);
    await expect(page.getByText('Send this link to your travel companions')).toHaveCount(1);
    await expect(page.getByText('Anyone with the link can open this Trips Collection and book it.')).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });
});
