import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_ONLOAD_CALLBACK, renderOptionsFor, type CaptchaApi } from '@/domain/captcha';

type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;
const api: CaptchaApi = { render: () => 0, execute: () => {}, getResponse: () => '', reset: () => {} };
const scripts = () => [...document.head.querySelectorAll('script')];

/** A fresh module each time: the page-wide "loaded once" is module state. */
const load = async () => import('./captcha');

describe('the third-party captcha script (reCAPTCHA, Turnstile)', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    document.head.innerHTML = '';
    delete globals.grecaptcha;
    delete globals.turnstile;
    delete globals[CAPTCHA_ONLOAD_CALLBACK];
  });

  it('is added once per page, with explicit rendering, the onload callback and the page nonce, and gives its API when it calls back', async () => {
    const { captchaScript$ } = await load();
    const first = firstValueFrom(captchaScript$('recaptcha', 'n0nce'));
    const second = firstValueFrom(captchaScript$('recaptcha', 'n0nce'));
    expect(scripts()).toHaveLength(1);
    const [script] = scripts();
    expect(script?.src).toBe('https://www.google.com/recaptcha/api.js?onload=btLeadsCaptchaOnload&render=explicit');
    expect(script?.async).toBe(true);
    expect(script?.nonce).toBe('n0nce');
    globals.grecaptcha = api;
    (globals[CAPTCHA_ONLOAD_CALLBACK] as () => void)();
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
    // A form attached later gets the same API without another script.
    await expect(firstValueFrom(captchaScript$('recaptcha'))).resolves.toBe(api);
    expect(scripts()).toHaveLength(1);
  });

  it('says the library is missing when the script calls back without its API', async () => {
    const { captchaScript$, CaptchaLibraryMissing } = await load();
    const loading = firstValueFrom(captchaScript$('turnstile'));
    expect(scripts()[0]?.src).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js?onload=btLeadsCaptchaOnload&render=explicit');
    (globals[CAPTCHA_ONLOAD_CALLBACK] as () => void)();
    await expect(loading).rejects.toBeInstanceOf(CaptchaLibraryMissing);
  });

  it('fails when the script cannot be loaded, and a later attempt adds it again', async () => {
    const { captchaScript$ } = await load();
    const loading = firstValueFrom(captchaScript$('recaptcha'));
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('https://www.google.com/recaptcha/api.js?onload=btLeadsCaptchaOnload&render=explicit did not load');
    const again = firstValueFrom(captchaScript$('recaptcha'));
    expect(scripts()).toHaveLength(2);
    globals.grecaptcha = api;
    (globals[CAPTCHA_ONLOAD_CALLBACK] as () => void)();
    await expect(again).resolves.toBe(api);
  });
});

describe('renderOptionsFor', () => {
  const callback = () => {};
  it('renders reCAPTCHA and ALTCHA invisible, and Turnstile at execute, shown only when the visitor must act', () => {
    expect(renderOptionsFor('recaptcha', 'invisible', 'k', callback)).toEqual({ sitekey: 'k', size: 'invisible', callback });
    expect(renderOptionsFor('altcha', 'normal', '', callback)).toEqual({ sitekey: '', size: 'normal', callback });
    expect(renderOptionsFor('turnstile', 'invisible', 'k', callback)).toEqual({ sitekey: 'k', execution: 'execute', appearance: 'interaction-only', callback });
    expect(renderOptionsFor('turnstile', 'compact', 'k', callback)).toEqual({ sitekey: 'k', size: 'compact', execution: 'execute', callback });
  });
});
