/**
 * Where a server-written page finds the module that protects a form with the captcha
 * (src/bindings/captcha-attach.ts): the e2e test form and the site owner's login, when it asks
 * for the captcha.
 */
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml, jsonForScript } from '../html.ts';
import type { CaptchaProviderName } from './config.ts';

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

export interface CaptchaPageScripts {
  /** The attachCaptcha module's URL (attachModuleUrl). */
  script: string;
  /** The page's script nonce (its policy allows this one inline script). */
  nonce: string;
  provider: CaptchaProviderName;
  siteKey: string;
  /** What the page's settings say of the lead forms' captcha (bt_leads_recaptcha.should_load). */
  shouldLoad: boolean;
  /** The forms the captcha protects (a CSS selector). */
  forms: string;
  /** Statements run before the module is imported, and after the forms have their captcha. */
  before?: string;
  after?: string;
}

/**
 * The head of a server-written page whose forms the captcha protects: the page's settings (the
 * captcha module reads the provider from them, as on the site's own pages) and the module script
 * that imports attachCaptcha and runs it on each form.
 */
export function captchaPageScripts(page: CaptchaPageScripts): string {
  const settings = { settings: { bt_leads_recaptcha: { should_load: page.shouldLoad }, captcha: { provider: page.provider, site_key: page.siteKey } } };
  const inline =
    `${page.before ?? ''}\n` +
    `const { attachCaptcha } = await import(${JSON.stringify(page.script)});\n` +
    `document.querySelectorAll(${JSON.stringify(page.forms)}).forEach((form) => attachCaptcha(form));\n` +
    (page.after ?? '');
  return `<script id="page-settings" type="application/json">${jsonForScript(settings)}</script><script type="module" nonce="${escapeHtml(page.nonce)}">${inline}</script>`;
}
