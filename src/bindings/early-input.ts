/**
 * What the page's head script (server/html.ts EARLY_INPUT_SCRIPT) kept of the visitor's doings
 * before the page was live: the page releases it once hydrated, an island retells the text typed
 * into its fields when it wakes and plays the keys typed into its editable elements (a date field's
 * segments). All do nothing where the script is not (a test without the page).
 */

/** A key typed into an editable element of an island that was not live: a character, Backspace, Delete or an arrow. */
interface KeptKey {
  t: Element;
  k: string;
}

declare global {
  interface Window {
    __earlyInput?: { release: () => void; retell: (container: Element) => void; keys?: (container: Element) => KeptKey[] };
  }
}

/** The page has hydrated: the typed text is told to React, then the kept taps are played. */
export const releaseEarlyInput = (): void => window.__earlyInput?.release();

/** A part has just hydrated: the text typed into its fields meanwhile is told to React. */
export const retellTypedValues = (container: Element): void => window.__earlyInput?.retell(container);

/** The event a key makes in an editable element: react-aria's date segments take text from beforeinput, the rest from keydown. */
function keyEvent(key: string): Event {
  return key.length === 1
    ? new InputEvent('beforeinput', { inputType: 'insertText', data: key, bubbles: true, cancelable: true })
    : new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
}

/**
 * A part has just hydrated: the keys typed into its editable elements while it was not live are
 * played, in order, one a task (React renders each before the next, as between real keys). Each
 * goes where focus is, as it would have, after the element it was typed into is focused again when
 * that changes (the visitor clicked or tabbed elsewhere): a date field moves on from the month to
 * the day by itself. Returns what stops the rest.
 */
export function replayTypedKeys(container: Element): () => void {
  const kept = window.__earlyInput?.keys?.(container) ?? [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let previous: Element | null = null;
  const play = (index: number) => {
    const entry = kept[index];
    if (!entry) return;
    if (entry.t.isConnected) {
      if (entry.t !== previous && entry.t instanceof HTMLElement) entry.t.focus();
      previous = entry.t;
      const focused = document.activeElement;
      (focused instanceof HTMLElement && container.contains(focused) ? focused : entry.t).dispatchEvent(keyEvent(entry.k));
    }
    timer = setTimeout(() => play(index + 1), 0);
  };
  play(0);
  return () => clearTimeout(timer);
}
