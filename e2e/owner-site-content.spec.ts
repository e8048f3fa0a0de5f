/**
 * The owner makes the site their own beyond its listings, on a server of its own (a renamed site
 * would change what the other specs see): renames the site, rewrites the About us page (with a
 * tag typed into it, which guests see as text), adds an event and a special; a guest then sees
 * each at once. Each width has its own server.
 */
import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './admin-password';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';

const basePort = Number(process.env.E2E_PORT ?? 4318);

let server: OwnServer | null = null;

test.afterAll(async () => {
  await server?.stop();
});

/** Picks an option of a react-aria Select by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an owner renames the site, rewrites About us, adds an event and a special; guests see each at once', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  server = await startOwnServer(basePort + (phone ? 8 : 7));
  const { origin } = server;
  const siteName = phone ? 'Dune Stays Mobile' : 'Dune Stays';

  await page.goto(`${origin}/admin/content/site`);
  await expect(page).toHaveURL(/\/admin\/analytics\/login$/);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // The site's name and contacts: a bad email is refused next to its field, then fixed.
  await page.goto(`${origin}/admin/content/site`);
  const details = page.getByRole('form', { name: 'Site name and contacts' });
  await details.getByRole('textbox', { name: 'Site name' }).fill(siteName);
  await details.getByRole('textbox', { name: 'Email' }).fill('not an address');
  await details.getByRole('button', { name: 'Save' }).click();
  const email = details.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/Email must be an address/);
  await email.fill('hello@dunestays.example');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. Guests see it now.');
  await page.goto(`${origin}/`);
  await expect(page).toHaveTitle(new RegExp(siteName));

  // About us, rewritten; the tag typed into it is text on the guest's page.
  await page.goto(`${origin}/admin/content/pages`);
  await page.getByRole('button', { name: 'Edit About us' }).click();
  const about = page.getByRole('form', { name: 'Edit About us' });
  await about.getByRole('textbox', { name: 'Title' }).fill(`About ${siteName}`);
  await about.getByRole('textbox', { name: 'Text' }).fill(`## Who we are\nA family business with **twelve homes**.\n\nWrite <script>alert(1)</script> to us: [our terms](/terms-and-conditions).`);
  await about.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. Guests see it now.');
  await page.goto(`${origin}/about-us`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`About ${siteName}`);
  await expect(page.getByRole('heading', { name: 'Who we are' })).toBeVisible();
  await expect(page.getByText('Write <script>alert(1)</script> to us:')).toBeVisible();
  await expect(page.getByRole('link', { name: 'our terms' })).toHaveAttribute('href', '/terms-and-conditions');

  // A new event: its address follows its title; the pin is typed.
  await page.goto(`${origin}/admin/content/events`);
  await page.getByRole('button', { name: 'Add an event or thing to do' }).click();
  const event = page.getByRole('form', { name: 'New event' });
  const title = phone ? 'Dune Kite Festival Mobile' : 'Dune Kite Festival';
  await event.getByRole('textbox', { name: 'Title' }).fill(title);
  await expect(event.getByRole('textbox', { name: 'Page address' })).toHaveValue(phone ? 'dune-kite-festival-mobile' : 'dune-kite-festival');
  await event.getByRole('textbox', { name: 'Place' }).fill('North dunes');
  await choose(page, event, 'Area', 'Pelican Point');
  await event.getByRole('textbox', { name: 'Latitude' }).fill('29.91');
  await event.getByRole('textbox', { name: 'Longitude' }).fill('-81.31');
  await event.getByRole('textbox', { name: 'Summary' }).fill('Kites of every size over the dunes, all day.');
  await event.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. Guests see it now.');
  // Saved, the form is the event's own.
  await page.getByRole('form', { name: `Edit ${title}` }).getByRole('link', { name: 'See it on the site' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // A special for one home, found by its name.
  await page.goto(`${origin}/admin/content/specials`);
  await page.getByRole('button', { name: 'Add a special' }).click();
  const special = page.getByRole('form', { name: 'New special' });
  await special.getByRole('textbox', { name: 'Title' }).fill('Kite week: 25% off');
  await special.getByRole('textbox', { name: /Discount/ }).fill('25');
  await special.getByRole('button', { name: 'Save' }).click();
  await expect(special.getByRole('group', { name: /Homes it applies to/ })).toBeFocused();
  await special.getByRole('searchbox', { name: 'Find a home' }).fill('CHC-1001');
  await special.getByText(/\(CHC-1001,/).click();
  await expect(special.getByRole('group', { name: /Homes it applies to \(1 of/ })).toBeVisible();
  await special.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. Guests see it now.');
  await page.getByRole('form', { name: 'Edit Kite week: 25% off' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('list', { name: 'Your specials' }).getByRole('heading', { name: 'Kite week: 25% off' })).toBeVisible();
});
