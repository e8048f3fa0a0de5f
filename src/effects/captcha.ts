import { Observable, Subscription, defer, fromEvent, merge, shareReplay, take, map } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import {
  CAPTCHA_FORCE_LOAD_EVENT,
  CAPTCHA_GLOBALS,
  CAPTCHA_ONLOAD_CALLBACK,
  CAPTCHA_SUBMITTED_ATTRIBUTE,
  captchaScriptUrl,
  captchaSize,
  renderOptionsFor,
  type CaptchaApi,
  type CaptchaProviderName,
} from '@/domain/captcha';
import { ASYNC_CAPTCHA_CLASS, ASYNC_SUBMITTED_EVENT, CAPTCHA_RESPONSE_FIELD } from '@/domain/lead-forms';
import type { captchaMachine } from '@/machines/captcha-machine';
import { firstVisible$ } from './visibility';

/** The script loaded but defines no API (spec §8: the captcha library is missing). */
export class CaptchaLibraryMissing extends Error {}

type Globals = Record<string, unknown>;

/**
 * Adds a third-party provider's script (explicit rendering, the onload callback) and emits its
 * API once the script has called back. Errors when the script cannot be added or loaded, and
 * with CaptchaLibraryMissing when it loaded without its API.
 */
export function loadProviderScript$(provider: Exclude<CaptchaProviderName, 'altcha'>, nonce: string | undefined): Observable<CaptchaApi> {
  return new Observable<CaptchaApi>((subscriber) => {
    const globals = window as unknown as Globals;
    const script = document.createElement('script');
    const api = () => globals[CAPTCHA_GLOBALS[provider]] as CaptchaApi | undefined;
    globals[CAPTCHA_ONLOAD_CALLBACK] = () => {
      const loaded = api();
      if (loaded) {
        subscriber.next(loaded);
        subscriber.complete();
      } else subscriber.error(new CaptchaLibraryMissing());
    };
    script.onerror = () => subscriber.error(new Error(`${script.src} did not load`));
    // A script that loads but never calls back has no API.
    script.onload = () => setTimeout(() => !subscriber.closed && !api() && subscriber.error(new CaptchaLibraryMissing()), 0);
    script.async = true;
    script.defer = true;
    if (nonce) script.nonce = nonce;
    script.src = captchaScriptUrl(provider);
    try {
      document.head.append(script);
    } catch (error) {
      subscriber.error(error);
    }
    return undefined;
  });
}

/** The site's own ALTCHA script: a file of its own, imported on demand. */
export function loadAltchaScript$(): Observable<CaptchaApi> {
  return defer(() => import('./altcha-captcha-api')).pipe(map(({ createAltchaCaptchaApi }) => createAltchaCaptchaApi()));
}

let sharedLoad: Observable<CaptchaApi> | null = null;

/**
 * The provider's script, added once per page whatever the number of forms (spec §7 Captcha: only
 * once); a failed load is forgotten, so a later submit tries again.
 */
export function captchaScript$(provider: CaptchaProviderName, nonce?: string): Observable<CaptchaApi> {
  sharedLoad ??= (provider === 'altcha' ? loadAltchaScript$() : loadProviderScript$(provider, nonce)).pipe(shareReplay({ bufferSize: 1, refCount: false }));
  const load = sharedLoad;
  return new Observable<CaptchaApi>((subscriber) =>
    load.subscribe({
      next: (api) => subscriber.next(api),
      complete: () => subscriber.complete(),
      error: (error: unknown) => {
        if (sharedLoad === load) sharedLoad = null;
        subscriber.error(error);
      },
    }),
  );
}

export interface CaptchaPorts {
  provider: CaptchaProviderName;
  siteKey: string;
  /** The provider's API once its script has loaded (default: captchaScript$). */
  load: () => Observable<CaptchaApi>;
  log: (level: 'log' | 'warn' | 'error', message: string) => void;
}

/**
 * Carries out what one form's captcha actor asks (spec §4 Captcha-protected form, §7 Captcha):
 * watches the async-captcha element and the form for the first trigger, loads the script,
 * renders the captcha into the element, runs the challenge, puts the token in the response field
 * (marking the form and sending it again when a submit was held), resets it after an asynchronous
 * submit, and holds every submit the actor does not let through. Returns the disposer.
 */
export function connectCaptcha(actor: ActorRefFrom<typeof captchaMachine>, form: HTMLFormElement, ports: CaptchaPorts): () => void {
  const running = new Subscription();
  const container = form.querySelector<HTMLElement>(`.${ASYNC_CAPTCHA_CLASS}`) ?? form;
  const field = () => form.querySelector<HTMLInputElement>(`input[name="${CAPTCHA_RESPONSE_FIELD}"]`);
  let watching: Subscription | null = null;
  let api: CaptchaApi | null = null;
  let widgetId: string | number | null = null;
  let heldSubmitter: HTMLElement | null = null;

  // Capture phase: ahead of the form's own submit handler, which checks defaultPrevented first.
  const onSubmit = (event: SubmitEvent) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('disabled') || snapshot.matches({ ready: 'submitted' })) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldSubmitter = event.submitter;
    actor.send({ type: 'captcha.submit.clicked' });
  };
  form.addEventListener('submit', onSubmit, { capture: true });
  const onAsyncSubmitted = () => actor.send({ type: 'captcha.async.submitted' });
  form.addEventListener(ASYNC_SUBMITTED_EVENT, onAsyncSubmitted);
  running.add(() => {
    form.removeEventListener('submit', onSubmit, { capture: true });
    form.removeEventListener(ASYNC_SUBMITTED_EVENT, onAsyncSubmitted);
  });

  running.add(
    actor.on('captcha.watch.started', () => {
      watching?.unsubscribe();
      watching = merge(
        firstVisible$(container).pipe(map(() => 'visible' as const)),
        fromEvent(form, 'focusin').pipe(map(() => 'focus' as const)),
        fromEvent(form, CAPTCHA_FORCE_LOAD_EVENT).pipe(map(() => 'forced' as const)),
      )
        .pipe(take(1))
        .subscribe((trigger) => actor.send({ type: 'captcha.triggered', trigger }));
    }),
  );
  running.add(actor.on('captcha.watch.stopped', () => watching?.unsubscribe()));
  running.add(() => watching?.unsubscribe());
  running.add(
    actor.on('captcha.script.requested', () =>
      running.add(
        ports.load().subscribe({
          next: (loaded) => {
            api = loaded;
            actor.send({ type: 'captcha.script.loaded' });
          },
          error: (error: unknown) =>
            actor.send(error instanceof CaptchaLibraryMissing ? { type: 'captcha.library.missing' } : { type: 'captcha.script.failed', message: error instanceof Error ? error.message : String(error) }),
        }),
      ),
    ),
  );
  running.add(
    actor.on('captcha.render.requested', () => {
      if (!api || widgetId !== null) return;
      widgetId = api.render(
        container,
        renderOptionsFor(
          ports.provider,
          captchaSize(container.dataset.size),
          ports.siteKey,
          (token) => actor.send({ type: 'captcha.token.received', token }),
          (error) => actor.send({ type: 'captcha.challenge.failed', message: error instanceof Error ? error.message : String(error ?? 'no answer') }),
        ),
      );
    }),
  );
  running.add(
    actor.on('captcha.challenge.requested', () => {
      if (api && widgetId !== null) api.execute(widgetId);
    }),
  );
  running.add(
    actor.on('captcha.token.applied', ({ token, resubmit }) => {
      const input = field();
      if (input) input.value = token;
      form.setAttribute(CAPTCHA_SUBMITTED_ATTRIBUTE, 'true');
      if (resubmit) form.requestSubmit(heldSubmitter && form.contains(heldSubmitter) ? heldSubmitter : undefined);
      heldSubmitter = null;
    }),
  );
  running.add(
    actor.on('captcha.reset.requested', () => {
      const input = field();
      if (input) input.value = '';
      form.removeAttribute(CAPTCHA_SUBMITTED_ATTRIBUTE);
      if (api && widgetId !== null) api.reset(widgetId);
    }),
  );
  running.add(actor.on('captcha.logged', ({ level, message }) => ports.log(level, message)));
  return () => running.unsubscribe();
}
