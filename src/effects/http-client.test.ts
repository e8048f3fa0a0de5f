import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, requestJson } from './http-client';

function respond(status: number, body: string) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status })));
}

describe('requestJson', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('yields the parsed body', async () => {
    respond(200, '{"a":1}');
    await expect(firstValueFrom(requestJson('/x'))).resolves.toEqual({ a: 1 });
  });

  it('turns an error status into HttpError with the server message', async () => {
    respond(400, '{"message":"kind must be given"}');
    const error = await firstValueFrom(requestJson('/x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: 'kind must be given', url: '/x' });
  });

  it('keeps the status line when the error body is not JSON', async () => {
    respond(502, '<html>Bad gateway</html>');
    await expect(firstValueFrom(requestJson('/x'))).rejects.toMatchObject({ status: 502, message: 'HTTP 502' });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(firstValueFrom(requestJson('/x'))).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  it('times out a slow server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))),
    );
    await expect(firstValueFrom(requestJson('/slow', { timeoutMs: 20 }))).rejects.toMatchObject({ status: 0, message: 'Request timed out' });
  });
});
