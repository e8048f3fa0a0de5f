/**
 * What the page's head script (server/html.ts EARLY_INPUT_SCRIPT) kept of the visitor's doings
 * before the page was live: the page releases it once hydrated, an island retells the text typed
 * into its fields when it wakes and plays the keys typed into its editable elements (a date field's
 * segments). Both do nothing where the script is not (a test without the page).
 */
declare global {
  interface Window {
    __earlyInput?: { release: () => void; retell: (container: Element) => void };
  }
}

/** The page has hydrated: the typed text is told to React, then the kept taps are played. */
export const releaseEarlyInput = (): void => window.__earlyInput?.release();

/** A part has just hydrated: the text typed into its fields meanwhile is told to React, the keys typed into its editable elements are played. */
export const retellTypedValues = (container: Element): void => window.__earlyInput?.retell(container);
