/**
 * The self-hosted captcha's script (issue 14 item 2): the ALTCHA widget (a web component that
 * solves the server's proof-of-work challenge in workers) behind the reCAPTCHA-shaped API the
 * captcha effect drives: render(container, { callback, size }), execute, getResponse, reset.
 * A file of its own, loaded on demand: no page's first script carries it.
 *
 * The widget's CSP-friendly build (no inline styles or blob workers): its stylesheet and the
 * SHA-256 worker are files of this site (worker-src 'self').
 */
import 'altcha/external';
import 'altcha/altcha.css';
import shaWorkerUrl from 'altcha/workers/sha?url';
import { ALTCHA_CHALLENGE_PATH, type CaptchaApi, type CaptchaRenderOptions } from '@/domain/captcha';

interface Rendered {
  widget: HTMLElementTagNameMap['altcha-widget'];
  options: CaptchaRenderOptions;
  response: string;
  /** The widget's methods exist once it has mounted (its 'load' event). */
  mounted: Promise<void>;
}

for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) globalThis.$altcha.algorithms.set(algorithm, () => new Worker(shaWorkerUrl));

/** Makes the reCAPTCHA-shaped API over ALTCHA widgets. */
export function createAltchaCaptchaApi(challengeUrl = ALTCHA_CHALLENGE_PATH): CaptchaApi {
  const rendered = new Map<number, Rendered>();
  let next = 0;
  const find = (id: string | number) => {
    const entry = rendered.get(Number(id));
    if (!entry) throw new Error(`No captcha was rendered with id ${id}`);
    return entry;
  };
  return {
    render(container, options) {
      const id = next++;
      const widget = document.createElement('altcha-widget');
      widget.setAttribute('challenge', challengeUrl);
      widget.setAttribute('name', 'altcha');
      widget.setAttribute('display', options.size === 'invisible' ? 'invisible' : 'standard');
      const mounted = new Promise<void>((resolve) => widget.addEventListener('load', () => resolve(), { once: true }));
      const entry: Rendered = { widget, options, response: '', mounted };
      widget.addEventListener('verified', (event) => {
        entry.response = (event as CustomEvent<{ payload?: string }>).detail?.payload ?? '';
        options.callback(entry.response);
      });
      widget.addEventListener('statechange', (event) => {
        const { state } = (event as CustomEvent<{ state?: string }>).detail ?? {};
        if (state === 'error') options['error-callback']?.(new Error('The challenge could not be solved'));
        if (state === 'expired') {
          entry.response = '';
          options['expired-callback']?.();
        }
      });
      container.append(widget);
      rendered.set(id, entry);
      return id;
    },
    execute(id) {
      const { widget, options, mounted } = find(id);
      // A challenge that cannot be solved ends in the 'error' state (statechange above).
      mounted.then(() => widget.verify()).catch((error: unknown) => options['error-callback']?.(error));
    },
    getResponse: (id) => find(id).response,
    reset(id) {
      const entry = find(id);
      entry.response = '';
      // A form the answer replaced (a share form's confirmation) took its widget with it: a widget
      // out of the page has no methods left, and nothing to reset.
      void entry.mounted.then(() => {
        if (entry.widget.isConnected) entry.widget.reset();
        else rendered.delete(Number(id));
      });
    },
  };
}
