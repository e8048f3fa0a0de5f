import { expect, type Locator, type Page, type Request } from '@playwright/test';

/**
 * Helpers for captcha-protected forms (issue 14 item 2): any form carrying data-captcha, such as
 * the lead forms in their modals, the share forms and the test form at /__e2e/captcha-form.
 */

/** A request for the captcha provider's script: the site's ALTCHA chunk (built or, in development, its source), reCAPTCHA's or Turnstile's. */
export function isCaptchaScript(request: Request): boolean {
  return /\/altcha-captcha-api[^/]*\.(?:js|ts)(?:\?|$)|\/recaptcha\/api\.js|\/turnstile\/v0\/api\.js/.test(request.url());
}

/** Counts the page's requests for the captcha script and for ALTCHA challenges from now on. */
export function countCaptchaRequests(page: Page): { scripts: () => number; challenges: () => number } {
  let scripts = 0;
  let challenges = 0;
  page.on('request', (request) => {
    if (isCaptchaScript(request)) scripts++;
    if (new URL(request.url()).pathname === '/captcha/challenge') challenges++;
  });
  return { scripts: () => scripts, challenges: () => challenges };
}

/**
 * Sends a captcha-protected form the way a visitor does: clicks its submit button (or `submit`),
 * lets the real captcha solve its challenge in the browser and the held submit go ahead by itself,
 * and returns the token the form was sent with (read from the response field as the submit
 * passed, before the captcha resets after the asynchronous submit).
 *
 *   const token = await solveCaptcha(page, page.locator('form#bt-leads-contact-us'));
 */
export async function solveCaptcha(page: Page, form: Locator, submit: Locator = form.locator('[type="submit"]').first()): Promise<string> {
  await form.evaluate((element: HTMLFormElement) => {
    const kept = element as HTMLFormElement & { sentCaptchaTokens?: string[] };
    if (kept.sentCaptchaTokens) return;
    kept.sentCaptchaTokens = [];
    // Bubble phase: runs only for a submit the captcha let through (it holds the others in the capture phase).
    element.addEventListener('submit', () => {
      const field = element.querySelector<HTMLInputElement>('input[name="g-recaptcha-response"]');
      if (element.hasAttribute('data-captcha-submitted')) kept.sentCaptchaTokens?.push(field?.value ?? '');
    });
  });
  const before = await form.evaluate((element) => (element as HTMLFormElement & { sentCaptchaTokens: string[] }).sentCaptchaTokens.length);
  await submit.click();
  await expect
    .poll(() => form.evaluate((element) => (element as HTMLFormElement & { sentCaptchaTokens: string[] }).sentCaptchaTokens.length), { timeout: 30_000, message: 'the captcha was solved and the form sent' })
    .toBeGreaterThan(before);
  const token = await form.evaluate((element, index) => (element as HTMLFormElement & { sentCaptchaTokens: string[] }).sentCaptchaTokens[index] ?? '', before);
  expect(token, 'the form was sent with a captcha token').not.toBe('');
  return token;
}
