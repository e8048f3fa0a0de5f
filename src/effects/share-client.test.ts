import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addLineItem, emptyOrder, encodeOrder, MAX_LINE_ITEMS, MAX_SHARED_ORDER, type LineItem, type Order } from '@/domain/order/order';
import { SHARE_PATH, shareOrder, type ShareSettings } from './share-client';

const ORIGIN = 'https://coralhaven.example';
const SHORTENER = 'https://api-ssl.bitly.com/v3/shorten';
const ORDER: Order = {
  lict: 1,
  lis: {
    'ind-0': {
      eid: 1001,
      p: 1234.5,
      c: 'USD',
      b: '2027-03-08',
      e: '2027-03-15',
      n: 'Café Mar 1',
      dn: 'Standard rate',
      qp: { rcav: { begin: '2027-03-08', end: '2027-03-15', adult: 2, child: 1, IDs: [1001] } },
    },
  },
  litot: 1234.5,
};
const LOCAL: ShareSettings = { shareUrl: '/mytrip', shortenerToken: '', shortenerUrl: SHORTENER, origin: ORIGIN };
const WITH_SHORTENER: ShareSettings = { ...LOCAL, shortenerToken: 'bitly-token' };
const FORM = '<form class="share-form"><input name="url"></form>';

type Answer = { status?: number; body: string } | 'hang';

/** Plays the share endpoint and the shortener; returns the requests made. */
function serve({ share, shortener = 'hang' }: { share: Answer; shortener?: Answer }) {
  const requests: { url: string; init: RequestInit }[] = [];
  const answer = (reply: Answer, init: RequestInit) =>
    reply === 'hang'
      ? new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))
      : Promise.resolve(new Response(reply.body, { status: reply.status ?? 200 }));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      requests.push({ url, init });
      return answer(url === SHARE_PATH ? share : shortener, init);
    }),
  );
  return requests;
}

const shareAnswer = (url: string) => ({ body: JSON.stringify({ form: FORM, url }) });
const shortenerAnswer = (url: unknown) => ({ body: JSON.stringify({ status_code: 200, data: { url } }) });
/** base64 → the UTF-8 text it carries. */
const fromBase64 = (encoded: string) => new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));

describe('shareOrder (spec §7 POST /rescms/order/share)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('posts url, hash (base64 of the order JSON) and order form-encoded, asking for JSON', async () => {
    const requests = serve({ share: shareAnswer(`${ORIGIN}/mytrip#short-url=Ab3dEf6hIj9k`) });
    await firstValueFrom(shareOrder(ORDER, LOCAL));
    expect(requests).toHaveLength(1);
    const [{ url, init }] = requests as [(typeof requests)[0]];
    expect(url).toBe('/rescms/order/share');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'XMLHttpRequest' });
    const fields = new URLSearchParams(String(init.body));
    expect([...fields.keys()]).toEqual(['url', 'hash', 'order']);
    expect(fields.get('url')).toBe('/mytrip');
    expect(JSON.parse(fromBase64(fields.get('hash') ?? ''))).toEqual(ORDER);
    expect(JSON.parse(fields.get('order') ?? '')).toEqual(ORDER);
  });

  it('without a shortener token, shows the form and the URL the server answered', async () => {
    serve({ share: shareAnswer(`${ORIGIN}/mytrip#short-url=Ab3dEf6hIj9k`) });
    await expect(firstValueFrom(shareOrder(ORDER, LOCAL))).resolves.toEqual({ form: FORM, url: `${ORIGIN}/mytrip#short-url=Ab3dEf6hIj9k` });
  });

  it('resolves a site-relative URL against the origin and shows none when the answer has none', async () => {
    serve({ share: shareAnswer('/mytrip#short-url=Ab3dEf6hIj9k') });
    await expect(firstValueFrom(shareOrder(ORDER, LOCAL))).resolves.toMatchObject({ url: `${ORIGIN}/mytrip#short-url=Ab3dEf6hIj9k` });
    serve({ share: { body: JSON.stringify({ form: FORM }) } });
    await expect(firstValueFrom(shareOrder(ORDER, LOCAL))).resolves.toEqual({ form: FORM, url: '' });
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example/trip'])('refuses a share URL that is not http(s): %s', async (hostile) => {
    serve({ share: shareAnswer(hostile) });
    await expect(firstValueFrom(shareOrder(ORDER, LOCAL))).resolves.toEqual({ form: FORM, url: '' });
  });

  it.each([
    ['a body that is not JSON', '<html>Maintenance</html>'],
    ['JSON without the form', '{"url":"https://coralhaven.example/mytrip"}'],
    ['a form that is not a string', '{"form":["<form>"]}'],
  ])('fails on a malformed answer: %s', async (_title, body) => {
    serve({ share: { body } });
    await expect(firstValueFrom(shareOrder(ORDER, LOCAL))).rejects.toMatchObject({ name: 'HttpError' });
  });

  it('fails with the server message on a 500', async () => {
    serve({ share: { status: 500, body: '{"message":"Something went wrong on our side. Please try again."}' } });
    await expect(firstValueFrom(shareOrder(ORDER, LOCAL))).rejects.toMatchObject({ status: 500, message: 'Something went wrong on our side. Please try again.' });
  });

  it('gives up on a share endpoint that does not answer within 15 seconds', async () => {
    vi.useFakeTimers();
    serve({ share: 'hang' });
    const answer = firstValueFrom(shareOrder(ORDER, LOCAL)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(answer).resolves.toMatchObject({ status: 0, message: 'Request timed out' });
  });

  describe('with a URL-shortener token', () => {
    it('asks the shortener for {origin}{share_url}?rcod={hash} and shows its data.url instead of the server URL', async () => {
      const requests = serve({ share: shareAnswer(`${ORIGIN}/mytrip#short-url=Ab3dEf6hIj9k`), shortener: shortenerAnswer('https://bit.ly/3xYz') });
      await expect(firstValueFrom(shareOrder(ORDER, WITH_SHORTENER))).resolves.toEqual({ form: FORM, url: 'https://bit.ly/3xYz' });
      const posted = new URLSearchParams(String(requests.find((r) => r.url === SHARE_PATH)?.init.body));
      const asked = new URL(requests.find((r) => r.url !== SHARE_PATH)?.url ?? '');
      expect(`${asked.origin}${asked.pathname}`).toBe(SHORTENER);
      expect(asked.searchParams.get('access_token')).toBe('bitly-token');
      const longUrl = new URL(asked.searchParams.get('longUrl') ?? '');
      expect(`${longUrl.origin}${longUrl.pathname}`).toBe(`${ORIGIN}/mytrip`);
      expect(longUrl.searchParams.get('rcod')).toBe(posted.get('hash'));
    });

    it('uses /mytrip when no share_url is configured', async () => {
      const requests = serve({ share: shareAnswer(''), shortener: shortenerAnswer('https://bit.ly/3xYz') });
      await firstValueFrom(shareOrder(ORDER, { ...WITH_SHORTENER, shareUrl: '' }));
      const asked = new URL(requests.find((r) => r.url !== SHARE_PATH)?.url ?? '');
      expect(asked.searchParams.get('longUrl')).toMatch(new RegExp(`^${ORIGIN}/mytrip\\?rcod=`));
    });

    it.each([
      ['a hostile data.url', shortenerAnswer('javascript:alert(document.cookie)')],
      ['a data.url that is not http(s)', shortenerAnswer('ftp://bit.ly/3xYz')],
      ['a malformed answer', { body: '{"status_code":500,"status_txt":"INVALID_ARG_ACCESS_TOKEN"}' }],
      ['a 500', { status: 500, body: 'Internal Server Error' }],
    ])('shows the form without a URL on %s', async (_title, shortener) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      serve({ share: shareAnswer(`${ORIGIN}/mytrip#short-url=Ab3dEf6hIj9k`), shortener });
      await expect(firstValueFrom(shareOrder(ORDER, WITH_SHORTENER))).resolves.toEqual({ form: FORM, url: '' });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^URL shortener failed: /));
    });

    it('shows the form without a URL when the shortener does not answer within 10 seconds', async () => {
      vi.useFakeTimers();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      serve({ share: shareAnswer(`${ORIGIN}/mytrip#short-url=Ab3dEf6hIj9k`), shortener: 'hang' });
      const answer = firstValueFrom(shareOrder(ORDER, WITH_SHORTENER));
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(answer).resolves.toEqual({ form: FORM, url: '' });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Request timed out'));
    });

    it('gives the shortener the server link (its code only) for a Trips Collection too long for ?rcod=', async () => {
      const item = ORDER.lis['ind-0'] as LineItem;
      const full = Array.from({ length: MAX_LINE_ITEMS }).reduce<Order>((order) => addLineItem(order, { ...item, dd: '7 nights · 2 adults, 1 child · pool, sea view' }).order, emptyOrder());
      expect(encodeOrder(full).length).toBeGreaterThan(MAX_SHARED_ORDER);
      const link = `${ORIGIN}/mytrip#short-url=Ab3dEf6hIj9k`;
      const requests = serve({ share: shareAnswer(link), shortener: shortenerAnswer('https://bit.ly/full') });
      await expect(firstValueFrom(shareOrder(full, WITH_SHORTENER))).resolves.toEqual({ form: FORM, url: 'https://bit.ly/full' });
      const asked = new URL(requests.find((r) => r.url !== SHARE_PATH)?.url ?? '');
      expect(asked.searchParams.get('longUrl')).toBe(link);
      // The server is asked first: the shortener needs its link.
      expect(requests.map((r) => r.url === SHARE_PATH)).toEqual([true, false]);
    });

    it('fails when the share post fails, whatever the shortener says', async () => {
      serve({ share: { status: 500, body: '{}' }, shortener: shortenerAnswer('https://bit.ly/3xYz') });
      await expect(firstValueFrom(shareOrder(ORDER, WITH_SHORTENER))).rejects.toMatchObject({ status: 500 });
    });
  });
});
