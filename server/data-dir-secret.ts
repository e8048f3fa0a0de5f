import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret the operator may set (`configured`), or else a random one made once and kept in the
 * data directory (mode 0600), so a restart keeps it. Several instances must set it instead.
 * Used for the cookie secret and the captcha's HMAC key.
 */
export function dataDirSecret(dataDir: string, fileName: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
