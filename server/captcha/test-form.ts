/**
 * E2E_TEST_ROUTES=1 only: a captcha-protected form of the kind the lead, share and review forms
 * are, for the end-to-end tests of the captcha (e2e/captcha.spec.ts): GET /__e2e/captcha-form
 * serves a page with one or two such forms (`?forms=2`, the second below the fold) that post
 * asynchronously to POST /__e2e/captcha-form, which asks the site's real CaptchaVerifier.
 * `?below=1` puts the first form below the fold too. `?should_load=0` gives the page a site that
 * loads no captcha (and the post skips the check).
 */
import type { FastifyInstance } from 'fastify';
import { attachModuleUrl, captchaPageScripts } from './attach-script.ts';
import type { CaptchaService } from './captcha-service.ts';
import { CAPTCHA_REFUSED } from './verifier.ts';
import { ASYNC_SUBMITTED_EVENT, CAPTCHA_RESPONSE_FIELD } from '../../src/domain/lead-forms.ts';

export const TEST_FORM_PATH = '/__e2e/captcha-form';
/** Pushes what follows below the fold at either width. */
const SPACER = '<div style="height:2500px" aria-hidden="true"></div>';

function testForm(index: number): string {
  return (
    `<form id="bt-leads-e2e-captcha-${index}" data-captcha method="post" action="${TEST_FORM_PATH}" style="margin:2rem 0">` +
    `<h2>Test form ${index}</h2>` +
    `<label>Your name <input name="name" autocomplete="off"></label>` +
    '<div class="async-captcha"></div>' +
    `<input type="hidden" name="${CAPTCHA_RESPONSE_FIELD}">` +
    `<button type="submit">Send form ${index}</button>` +
    '<output role="status"></output>' +
    '</form>'
  );
}

export function registerCaptchaTestForm(app: FastifyInstance, options: { captcha: CaptchaService; clientDir: string | undefined; csp: (nonce: string) => string }): void {
  app.get(TEST_FORM_PATH, async (request, reply) => {
    const query = request.query as { should_load?: string; forms?: string; below?: string };
    const shouldLoad = query.should_load !== '0';
    const forms = query.forms === '2' ? 2 : 1;
    const script = attachModuleUrl(options.clientDir);
    if (!script) return reply.status(404).type('text/plain').send('No form of this build imports src/bindings/captcha-attach.ts yet');
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
    const action = `${TEST_FORM_PATH}?should_load=${shouldLoad ? 1 : 0}`;
    // The forms' own asynchronous submit: checks defaultPrevented first (the captcha holds a submit
    // without a token), posts, shows the answer, and says the submit completed.
    const submits = `
for (const form of document.querySelectorAll('form[data-captcha]')) {
  form.addEventListener('submit', async (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    const output = form.querySelector('output');
    try {
      const response = await fetch(${JSON.stringify(action)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...Object.fromEntries(new FormData(form)), formId: form.id }) });
      output.dataset.status = String(response.status);
      output.textContent = (await response.json()).message;
    } catch (error) {
      output.textContent = String(error);
    } finally {
      form.dispatchEvent(new CustomEvent(${JSON.stringify(ASYNC_SUBMITTED_EVENT)}, { bubbles: true }));
    }
  });
}`;
    const head = captchaPageScripts({
      script,
      nonce,
      provider: options.captcha.provider,
      siteKey: options.captcha.siteKey,
      shouldLoad,
      forms: 'form[data-captcha]',
      before: submits,
      // What the tests wait for before they use the forms.
      after: "document.documentElement.dataset.captchaAttached = 'true';",
    });
    return reply
      .header('content-security-policy', options.csp(nonce))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
          '<title>Captcha test form</title>' +
          head +
          '</head><body><main><h1>Captcha test form</h1>' +
          (query.below === '1' ? SPACER : '') +
          testForm(1) +
          (forms === 2 ? `${SPACER}${testForm(2)}` : '') +
          '</main></body></html>',
      );
  });

  app.post(TEST_FORM_PATH, { config: { limit: 'form' } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const shouldLoad = (request.query as { should_load?: string }).should_load !== '0';
    const name = typeof body.name === 'string' ? body.name.slice(0, 100) : '';
    if (shouldLoad) {
      const token = typeof body[CAPTCHA_RESPONSE_FIELD] === 'string' ? body[CAPTCHA_RESPONSE_FIELD] : '';
      const verdict = await options.captcha.verify(token, { ip: request.ip, formId: typeof body.formId === 'string' ? body.formId : '' });
      if (!verdict.ok) return reply.status(400).send({ message: CAPTCHA_REFUSED, reason: verdict.reason, name });
    }
    return reply.send({ message: `Thank you, ${name || 'visitor'}.` });
  });
}
