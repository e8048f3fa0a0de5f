/**
 * Anti-bot keys (spec §4 Lead form in a modal, §7 Lead forms and content): GET
 * /bt-leads-antibot-workaround answers a key per lead form, which the anti-bot script puts into
 * the form's hidden field once a person interacts with the page. A key is signed (HMAC with the
 * server's secret), names its form and expires, so nothing is stored and any server behind a
 * balancer can check it. As the antibot module does, the map carries each key reversed; the
 * script turns it back.
 */
import crypto from 'node:crypto';

/** How long a key is accepted after it was handed out. */
export const ANTIBOT_KEY_LIFETIME_MS = 2 * 3_600_000;

export type AntibotVerdict = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'wrong' | 'expired' };

export interface AntibotKeys {
  /** A fresh key for the form (not reversed). */
  issue(formId: string): string;
  verify(formId: string, key: string): AntibotVerdict;
}

const KEY = /^(\d{13})\.([A-Za-z0-9_-]{43})$/;

export function createAntibotKeys(secret: string, now: () => number = Date.now): AntibotKeys {
  const mac = (formId: string, expires: string) => crypto.createHmac('sha256', secret).update(`antibot\u0000${formId}\u0000${expires}`).digest('base64url');
  return {
    issue(formId) {
      const expires = String(now() + ANTIBOT_KEY_LIFETIME_MS);
      return `${expires}.${mac(formId, expires)}`;
    },
    verify(formId, key) {
      if (key === '') return { ok: false, reason: 'missing' };
      const match = KEY.exec(key);
      if (!match) return { ok: false, reason: 'malformed' };
      const [, expires, signature] = match as unknown as [string, string, string];
      const expected = Buffer.from(mac(formId, expires));
      if (!crypto.timingSafeEqual(expected, Buffer.from(signature))) return { ok: false, reason: 'wrong' };
      const at = Number(expires);
      if (at <= now() || at > now() + ANTIBOT_KEY_LIFETIME_MS) return { ok: false, reason: 'expired' };
      return { ok: true };
    },
  };
}

/** The map as the antibot module sends it: each key reversed. */
export const reverseKey = (key: string): string => [...key].reverse().join('');
