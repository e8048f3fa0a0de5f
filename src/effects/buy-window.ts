/**
 * Opens an item's buy page in a new window (spec §2 Item routes). Only same-origin paths are
 * opened, without an opener, so the new page cannot reach back into this one.
 */
export function openBuyWindow(url: string, win: Pick<Window, 'open' | 'location'> = window): boolean {
  let target: URL;
  try {
    target = new URL(url, win.location.href);
  } catch {
    return false;
  }
  if (target.origin !== win.location.origin || !target.pathname.startsWith('/rescms/item/')) return false;
  win.open(target.href, '_blank', 'noopener');
  return true;
}
