/**
 * Where a server-written page finds the module that protects a form with the captcha
 * (src/bindings/captcha-attach.ts): the e2e test form and the site owner's login, when it asks
 * for the captcha.
 */
import fs from 'node:fs';
import path from 'node:path';

const ATTACH_MODULE = 'src/bindings/captcha-attach.ts';

/** The URL of the attachCaptcha module: Vite's source path in development, the built chunk in production (null when no form of the build imports it). */
export function attachModuleUrl(clientDir: string | undefined): string | null {
  if (!clientDir) return `/${ATTACH_MODULE}`;
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const chunk = manifest[ATTACH_MODULE];
    return chunk ? `/${chunk.file}` : null;
  } catch {
    return null;
  }
}
