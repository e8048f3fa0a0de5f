import { describe, expect, it, vi } from 'vitest';
import { sendTracker } from './ranking-trackers';

const URL_ = 'https://coralhaven.example/api/v2/coralhaven/track/impression/P1?t=1&sig=x';

describe('sendTracker', () => {
  it('sends a beacon when the browser takes it', () => {
    const sendBeacon = vi.fn(() => true);
    const fetch = vi.fn();
    sendTracker(URL_, { navigator: { sendBeacon } as unknown as Navigator, fetch });
    expect(sendBeacon).toHaveBeenCalledWith(URL_);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['refuses the beacon', { sendBeacon: () => false }],
    ['throws on the beacon', { sendBeacon: () => { throw new TypeError('Illegal invocation'); } }],
    ['has no sendBeacon', {}],
  ])('falls back to a keepalive POST when the browser %s', (_title, nav) => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    sendTracker(URL_, { navigator: nav as unknown as Navigator, fetch });
    expect(fetch).toHaveBeenCalledWith(URL_, expect.objectContaining({ method: 'POST', keepalive: true }));
  });

  it('logs a failed fallback and throws nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => sendTracker(URL_, { navigator: {} as Navigator, fetch })).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Ranking tracker not sent .*Failed to fetch$/)));
    warn.mockRestore();
  });
});
