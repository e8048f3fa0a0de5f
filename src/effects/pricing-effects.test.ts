import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIXTURE_ITEMS, SEARCH_RCAV } from '@/domain/pricing/test-fixtures';
import { fetchBookedRanges } from './availability-calendar';
import { searchAvailability } from './availability-client';
import { dispatchSearchEvent, markSearching, SEARCH_START_EVENT, SEARCHING_CLASS } from './availability-page';
import { openBuyWindow } from './buy-window';
import { HttpError } from './http-client';
import { requestQuote } from './quote-client';

function serverAnswering(status: number, body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return urls;
}

describe('availability client (spec §7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('GETs /rcapi/item/avail/search with rcav in the jQuery.param form and returns the validated items', async () => {
    const urls = serverAnswering(200, FIXTURE_ITEMS);
    const items = await firstValueFrom(searchAvailability({ rcav: { ...SEARCH_RCAV, IDs: [1001] } }));
    expect(items).toEqual(FIXTURE_ITEMS);
    expect(decodeURIComponent(urls[0] ?? '')).toBe('/rcapi/item/avail/search?rcav[begin]=2026-12-01&rcav[end]=2026-12-08&rcav[adult]=2&rcav[child]=1&rcav[IDs][]=1001');
  });

  it.each([
    ['an answer of the wrong shape', 200, [{ eid: 1001, prices: [{ p: 'free' }] }], /Unexpected availability answer/],
    ['a server error', 500, { message: 'The pricing engine is down' }, /The pricing engine is down/],
    ['a refused query', 400, { message: 'rcav[adult] must be at least 1' }, /rcav\[adult\]/],
  ])('fails on %s', async (_name, status, body, message) => {
    serverAnswering(status, body);
    const error = await firstValueFrom(searchAvailability({ rcav: SEARCH_RCAV })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toMatch(message);
  });
});

describe('quote client (spec §7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the price's qp plus buy_text and returns the content", async () => {
    const urls = serverAnswering(200, { content: '<p>Total $1,400.00</p>' });
    const html = await firstValueFrom(requestQuote({ rcav: SEARCH_RCAV, special_data: { special_nid: 3 } }, 'Book now'));
    expect(html).toBe('<p>Total $1,400.00</p>');
    expect(decodeURIComponent(urls[0] ?? '')).toBe(
      '/rescms/ajax/item/pricing/quote?rcav[begin]=2026-12-01&rcav[end]=2026-12-08&rcav[adult]=2&rcav[child]=1&special_data[special_nid]=3&buy_text=Book+now',
    );
  });

  it('fails on an answer without content', async () => {
    serverAnswering(200, { html: 'x' });
    await expect(firstValueFrom(requestQuote({ rcav: SEARCH_RCAV }, 'Book now'))).rejects.toThrow(/Unexpected quote answer/);
  });
});

describe('booked calendar client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the booked ranges of a unit', async () => {
    const urls = serverAnswering(200, { eid: 1001, from: '2026-11-22', booked: [{ begin: '2026-12-03', end: '2026-12-06' }] });
    expect(await firstValueFrom(fetchBookedRanges(1001))).toEqual([{ begin: '2026-12-03', end: '2026-12-06' }]);
    expect(urls).toEqual(['/rcapi/item/1001/calendar']);
  });
});

describe('buy window (spec §2 Item routes)', () => {
  const win = () => ({ open: vi.fn(), location: new URL('https://coral.example/search') as unknown as Location });

  it('opens the buy page in a new window without an opener', () => {
    const w = win();
    expect(openBuyWindow('/rescms/item/1001/buy?rcav%5Bbegin%5D=2026-12-01', w)).toBe(true);
    expect(w.open).toHaveBeenCalledWith('https://coral.example/rescms/item/1001/buy?rcav%5Bbegin%5D=2026-12-01', '_blank', 'noopener');
  });

  it.each(['https://evil.example/rescms/item/1/buy', '//evil.example/rescms/item/1/buy', 'javascript:alert(1)', '/search'])('refuses %s', (url) => {
    const w = win();
    expect(openBuyWindow(url, w)).toBe(false);
    expect(w.open).not.toHaveBeenCalled();
  });
});

describe('page marks of the availability search (spec §4)', () => {
  it('marks the body as loading while searching and dispatches the start event', () => {
    const heard: unknown[] = [];
    document.addEventListener(SEARCH_START_EVENT, (event) => heard.push((event as CustomEvent).detail));
    markSearching(true);
    expect(document.body.classList.contains(SEARCHING_CLASS)).toBe(true);
    expect(document.body.getAttribute('aria-busy')).toBe('true');
    dispatchSearchEvent(SEARCH_START_EVENT, { params: { rcav: SEARCH_RCAV } });
    expect(heard).toEqual([{ params: { rcav: SEARCH_RCAV } }]);
    markSearching(false);
    expect(document.body.classList.contains(SEARCHING_CLASS)).toBe(false);
    expect(document.body.hasAttribute('aria-busy')).toBe(false);
  });
});
