import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/** What search engines and link previews read of one page's head. */
interface PageHead {
  path: string;
  title: string;
  description: string;
  ogTitle: string | null;
  ogDescription: string | null;
  jsonLd: Array<Record<string, unknown>>;
}

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function headOf(path: string, html: string): PageHead {
  const meta = (attribute: 'name' | 'property', key: string) => {
    const found = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html);
    return found ? decode(found[1] ?? '') : null;
  };
  return {
    path,
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: meta('name', 'description') ?? '',
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>),
  };
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(decode(match[1] ?? '')).pathname);
}

/** The pages that share a value, as 'value: path, path'. */
function shared(heads: PageHead[], value: (head: PageHead) => string): string[] {
  const byValue = new Map<string, string[]>();
  for (const head of heads) byValue.set(value(head), [...(byValue.get(value(head)) ?? []), head.path]);
  return [...byValue].filter(([, paths]) => paths.length > 1).map(([text, paths]) => `${text}: ${paths.join(', ')}`);
}

test.describe('pages search engines list', () => {
  test('every page of the sitemap has a title and a description of its own, and its preview and structured data say the same', async ({ request }) => {
    // Every page of the demo site (about a hundred), a few at a time.
    test.setTimeout(240_000);
    const paths = await sitemapPaths(request);
    // Home, search, events, things to do, inquiry, and the listings, events and content pages.
    expect(paths).toEqual(expect.arrayContaining(['/', '/search', '/events', '/things-to-do', '/inquiry']));
    expect(paths.filter((path) => path.startsWith('/listing/')).length).toBeGreaterThan(10);
    expect(paths.filter((path) => /^\/events\/./.test(path)).length).toBeGreaterThan(3);
    const heads: PageHead[] = [];
    for (let i = 0; i < paths.length; i += 4) {
      const batch = paths.slice(i, i + 4);
      const responses = await Promise.all(batch.map((path) => request.get(path)));
      for (const [j, response] of responses.entries()) {
        expect(response.status(), batch[j]).toBe(200);
        heads.push(headOf(batch[j] ?? '', await response.text()));
      }
    }
    for (const head of heads) {
      expect(head.title.trim(), `${head.path}: title`).not.toBe('');
      expect(head.description.trim(), `${head.path}: description`).not.toBe('');
      expect(head.description.length, `${head.path}: description length`).toBeLessThanOrEqual(160);
      expect(head.ogTitle, `${head.path}: og:title`).toBe(head.title);
      expect(head.ogDescription, `${head.path}: og:description`).toBe(head.description);
      for (const data of head.jsonLd) {
        // The structured data names the page's subject as the title does, and describes it in the same words.
        if (typeof data.name === 'string') expect(head.title, `${head.path}: JSON-LD name`).toContain(data.name);
        if (typeof data.description === 'string') expect(data.description, `${head.path}: JSON-LD description`).toBe(head.description);
      }
    }
    expect(shared(heads, (head) => head.title), 'pages that share a title').toEqual([]);
    expect(shared(heads, (head) => head.description), 'pages that share a description').toEqual([]);
  });
});
