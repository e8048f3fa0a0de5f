import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadAllDeferred } from '@/bindings/deferred';
import { openAllIslands } from '@/bindings/island';

// Parts the browser loads on intent (dialogs, selects, pickers) are there at once in tests, as
// on a page where the visitor's intent has loaded them: a test drives them, not the network.
beforeAll(async () => {
  await loadAllDeferred();
  await openAllIslands();
});

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
});

/**
 * jsdom has no `CSS.escape`, which react-aria's Modal calls (getMetaValue). This is the
 * CSSOM algorithm (https://drafts.csswg.org/cssom/#serialize-an-identifier), for tests only.
 */
function cssEscape(value: string): string {
  const text = String(value);
  let result = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const char = text.charAt(i);
    if (code === 0) result += '\uFFFD';
    else if ((code >= 0x1 && code <= 0x1f) || code === 0x7f || (i === 0 && code >= 0x30 && code <= 0x39) || (i === 1 && code >= 0x30 && code <= 0x39 && text.charCodeAt(0) === 0x2d)) {
      result += `\\${code.toString(16)} `;
    } else if (i === 0 && text.length === 1 && code === 0x2d) result += `\\${char}`;
    else if (code >= 0x80 || code === 0x2d || code === 0x5f || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) {
      result += char;
    } else result += `\\${char}`;
  }
  return result;
}
const globalCss = globalThis as unknown as { CSS?: { escape?: (value: string) => string } };
if (typeof globalCss.CSS?.escape !== 'function') globalCss.CSS = { ...(globalCss.CSS ?? {}), escape: cssEscape };

// jsdom lays nothing out and has no Element.scrollIntoView, which focusInView (src/effects/focus.ts)
// and the checkout call after moving focus: there is nothing to scroll in a test, so it does nothing.
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {};
