import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveShortUrl } from './order-client';

const CHANGE = { key: 'ind-1', n: 'Dune House (2027-03-01 to 2027-03-08)', was: 980.5, now: null, problem: 'Dune House: the stay is booked.' };

function serve(body: string, contentType: string, status = 200) {
  const requests: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      requests.push({ url, init });
      return Promise.resolve(new Response(body, { status, headers: { 'content-type': contentType } }));
    }),
  );
  return requests;
}

describe('resolveShortUrl (GET /rescms/order/shorturl/{code})', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for JSON as the site's own call, and takes the order at today's prices with what changed", async () => {
    const requests = serve(JSON.stringify({ order: 'eyJsaWN0IjowLCJsaXMiOnt9LCJsaXRvdCI6MH0=', changes: [CHANGE] }), 'application/json; charset=utf-8');
    await expect(firstValueFrom(resolveShortUrl('Ab3dE9xQ'))).resolves.toEqual({ encoded: 'eyJsaWN0IjowLCJsaXMiOnt9LCJsaXRvdCI6MH0=', changes: [CHANGE] });
    expect(requests[0]?.url).toBe('/rescms/order/shorturl/Ab3dE9xQ');
    expect(requests[0]?.init.headers).toMatchObject({ Accept: 'application/json, text/plain;q=0.5', 'X-Requested-With': 'XMLHttpRequest' });
  });

  it("reads a back end that answers the spec's plain base64 as an order without changes", async () => {
    serve('eyJsaWN0IjowLCJsaXMiOnt9LCJsaXRvdCI6MH0=\n', 'text/plain; charset=utf-8');
    await expect(firstValueFrom(resolveShortUrl('Ab3dE9xQ'))).resolves.toEqual({ encoded: 'eyJsaWN0IjowLCJsaXMiOnt9LCJsaXRvdCI6MH0=', changes: [] });
  });

  it.each([
    ['JSON that is not valid', '{"order":', /not valid JSON/],
    ['changes that are not a list of changes', JSON.stringify({ order: 'e30=', changes: [{ key: '__proto__' }] }), /answered something unexpected/],
  ])('fails on %s, naming it', async (_name, body, message) => {
    serve(body, 'application/json');
    await expect(firstValueFrom(resolveShortUrl('Ab3dE9xQ'))).rejects.toMatchObject({ name: 'HttpError', message: expect.stringMatching(message) });
  });

  it('fails with the status of an unknown or expired code', async () => {
    serve('{"message":"This shared Trips Collection does not exist or has expired."}', 'application/json', 404);
    await expect(firstValueFrom(resolveShortUrl('Ab3dE9xQ'))).rejects.toMatchObject({ status: 404 });
  });
});
