import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 12 #1 and #3: a page on another site cannot change a visitor's Trips Collection nor send
 * the share form in their name. The site runs at http://127.0.0.1:{E2E_PORT}; the attacker's page
 * is served here from http://127.0.0.2 (another IP address: another site, so Chromium sends
 * `Sec-Fetch-Site: cross-site`, and the SameSite=Lax session cookie still rides along on top-level
 * GET navigations), and from another port of 127.0.0.1 (the same site, another origin:
 * `Sec-Fetch-Site: same-site`, with every cookie). Session mode: the order lives on the server.
 */

interface Offer {
  qp: { rcav: Record<string, unknown> };
}
interface Order {
  lict: number;
  lis: Record<string, { eid: number }>;
}

/** The bracket form of jQuery.param for a price's qp (src/domain/pricing/query.ts). */
function toQuery(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => toQuery(item, `${prefix}[]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => toQuery(item, prefix ? `${prefix}[${key}]` : key));
  return [`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`];
}

/** Two offers on sale now (from the engine, no date written here). */
async function twoOffers(page: Page): Promise<Offer[]> {
  const offers: Offer[] = [];
  for (let days = 21; days <= 180 && offers.length < 2; days += 7) {
    const begin = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const query = toQuery({ rcav: { begin, nights: 7, adult: 2, child: 0 } }).join('&');
    const items = (await (await page.request.get(`/rcapi/item/avail/search?${query}`)).json()) as Array<{ prices: Offer[] }>;
    offers.push(...items.flatMap((item) => item.prices.slice(0, 1)));
  }
  expect(offers.length, 'the demo calendar has free weeks').toBeGreaterThanOrEqual(2);
  return offers;
}

/** Serves one HTML page (and nothing else) from `host`, on a free port. */
async function attackerSite(host: string, html: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://${host}:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function sessionOrder(page: Page): Promise<Order> {
  return (await (await page.request.get('/rcapi/order/get')).json()) as Order;
}

for (const [name, host, site] of [
  ['another site', '127.0.0.2', 'cross-site'],
  ['another origin of the same site', '127.0.0.1', 'same-site'],
] as const) {
  test(`a page on ${name} cannot change the Trips Collection or send the share form: link, GET form, POST form, img and fetch are refused`, async ({ page, baseURL, consoleErrors }) => {
    const offers = await twoOffers(page);
    // The visitor's own Trips Collection, made on the site (same-origin): one stay, and a share link.
    await page.goto('/mytrip');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const own = await page.evaluate(async (query) => (await fetch(`/rcapi/order/add?${query}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status, toQuery(offers[0]!.qp).join('&'));
    expect(own).toBe(200);
    const code = await page.evaluate(async (order) => {
      const json = JSON.stringify(order);
      const hash = btoa(String.fromCharCode(...new TextEncoder().encode(json)));
      const body = new URLSearchParams({ url: '/mytrip', hash, order: json });
      const answer = (await (await fetch('/rescms/order/share', { method: 'POST', body, headers: { Accept: 'application/json' } })).json()) as { url: string };
      return /#short-url=(\w+)$/.exec(answer.url)?.[1] ?? '';
    }, await sessionOrder(page));
    expect(code).not.toBe('');
    const before = await sessionOrder(page);
    expect(before.lict).toBe(1);

    const add = `${baseURL}/rcapi/order/add?${toQuery(offers[1]!.qp).join('&')}`;
    const remove = `${baseURL}/rcapi/order/remove?index=ind-0`;
    const attacker = await attackerSite(
      host,
      `<!doctype html><title>Win a holiday</title>
      <a id="link" href="${add}">Claim your prize</a>
      <form id="get-form" method="get" action="${baseURL}/rcapi/order/remove"><input name="index" value="ind-0"><button>Go</button></form>
      <form id="post-form" method="post" action="${baseURL}/rescms/order/share/send">
        <input name="code" value="${code}"><input name="name" value="Prize team"><input name="email" value="win@evil.example">
        <input name="to" value="friend@example.com"><input name="message" value="Claim at evil.example"><input name="bt_leads_optin" value="1"><button>Send</button>
      </form>
      <img id="img" src="${remove}" alt="">
      <script>
        window.fetched = Promise.all([
          fetch(${JSON.stringify(add)}, { mode: 'no-cors', credentials: 'include' }).then(() => 'sent', () => 'failed'),
          fetch(${JSON.stringify(`${baseURL}/rescms/order/share/send`)}, { method: 'POST', mode: 'no-cors', credentials: 'include', body: new URLSearchParams({ code: ${JSON.stringify(code)}, name: 'x', email: 'x@evil.example', to: 'y@example.com', bt_leads_optin: '1' }) }).then(() => 'sent', () => 'failed'),
        ]);
      </script>`,
    );
    try {
      const attempts: string[] = [];
      page.on('request', (request) => {
        if (/\/rcapi\/order\/(add|remove)|\/share\/send/.test(request.url())) attempts.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      // img and fetch, as the page loads: the browser sends them (their answers are not the page's to read).
      await page.goto(attacker.origin);
      expect(await page.evaluate(() => (window as unknown as { fetched: Promise<string[]> }).fetched)).toHaveLength(2);
      await expect.poll(() => attempts.length).toBe(3);
      expect(await sessionOrder(page)).toEqual(before);
      // A link the visitor follows: the site answers with a page that says why, and changes nothing.
      await page.locator('#link').click();
      await expect(page.getByRole('heading', { name: 'Forbidden' })).toBeVisible();
      await expect(page.getByText(`Sec-Fetch-Site: ${site}`)).toBeVisible();
      expect(await sessionOrder(page)).toEqual(before);
      // A GET form and a POST form (the share form's 'send to a friend').
      for (const form of ['#get-form', '#post-form']) {
        await page.goto(attacker.origin);
        const answer = page.waitForResponse((response) => response.request().isNavigationRequest() && response.url().startsWith(baseURL ?? ''));
        await page.locator(`${form} button`).click();
        expect((await answer).status(), form).toBe(403);
        await expect(page.getByRole('heading', { name: 'Forbidden' })).toBeVisible();
      }
      // Three loads of the attacker's page (an img and two fetches each), the link and the two forms.
      expect(attempts).toHaveLength(3 * 3 + 3);
      expect([...new Set(attempts)].sort()).toEqual(['GET /rcapi/order/add', 'GET /rcapi/order/remove', 'POST /rescms/order/share/send']);
      // The visitor's Trips Collection is as it was.
      expect(await sessionOrder(page)).toEqual(before);
    } finally {
      await attacker.close();
    }
    // Back on the site, its pages work as before (the attacker's page logged its blocked requests in its own console).
    consoleErrors.length = 0;
    await page.goto('/mytrip');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(consoleErrors).toEqual([]);
  });
}
