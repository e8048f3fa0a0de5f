import type { ConsentChoice } from '@/machines/consent-machine';

/** The visitor's cookie choice, kept in local storage: `{"v":1,"analytics":bool,"ads":bool}`. */
export const CONSENT_STORAGE_KEY = 'rcconsent';

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The stored choice, or null when there is none or it cannot be read (corrupt JSON, another shape,
 * blocked storage): the banner then asks again. Never throws.
 */
export function readConsent(storage: Storage | null = localStore()): ConsentChoice | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(CONSENT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null) {
      const { v, analytics, ads } = value as Record<string, unknown>;
      if (v === 1 && typeof analytics === 'boolean' && typeof ads === 'boolean') return { analytics, ads };
    }
  } catch {
    // not JSON: asked again below
  }
  console.warn(`The stored cookie choice (${CONSENT_STORAGE_KEY}) could not be read; the visitor is asked again.`);
  return null;
}

export function writeConsent(choice: ConsentChoice, storage: Storage | null = localStore()): void {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ v: 1, analytics: choice.analytics, ads: choice.ads }));
  } catch {
    console.warn('The cookie choice could not be kept (storage is blocked); it holds for this page only.');
  }
}
