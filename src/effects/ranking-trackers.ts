/**
 * Calls one tracker URL of the ranking service (spec §3 Ranking response) so that it survives
 * the page being left (a click on a result navigates away at once): `navigator.sendBeacon`
 * (a POST), or where that is missing or refuses, a `fetch` POST with `keepalive`. The answer is
 * of no interest; a failure is logged and changes nothing on the page.
 */
export function sendTracker(url: string, { navigator: nav = globalThis.navigator, fetch: fetchFn = globalThis.fetch } = {}): void {
  try {
    if (typeof nav?.sendBeacon === 'function' && nav.sendBeacon(url)) return;
  } catch {
    // sendBeacon throws on a URL it cannot use: try fetch, which reports why.
  }
  if (typeof fetchFn !== 'function') return;
  fetchFn(url, { method: 'POST', keepalive: true, mode: 'no-cors', credentials: 'include' }).catch((error: unknown) =>
    console.warn(`Ranking tracker not sent (${url}): ${error instanceof Error ? error.message : String(error)}`),
  );
}
