/**
 * Scroll positions of search pages per hash, kept for the tab's session so that back and
 * forward return to the same place in the same results (issue 3). Bad data is ignored.
 */
const KEY = 'rcriotsearchscroll';
const MAX_ENTRIES = 50;

function readAll(storage: Storage): Record<string, number> {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const entries = Object.entries(value).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]) && entry[1] >= 0,
    );
    return Object.fromEntries(entries.slice(-MAX_ENTRIES));
  } catch {
    return {};
  }
}

export function saveScrollPosition(hash: string, y: number, storage: Storage = sessionStorage): void {
  const all = readAll(storage);
  delete all[hash];
  all[hash] = Math.round(y);
  try {
    storage.setItem(KEY, JSON.stringify(Object.fromEntries(Object.entries(all).slice(-MAX_ENTRIES))));
  } catch {
    // storage full or disabled: positions are a convenience
  }
}

export function readScrollPosition(hash: string, storage: Storage = sessionStorage): number | null {
  return readAll(storage)[hash] ?? null;
}
