import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { attachCaptchaWith } from '@/bindings/captcha-attach';
import {
  CAPTCHA_CHALLENGE_FAILED,
  CAPTCHA_EMPTY_TOKEN,
  CAPTCHA_FORCE_LOAD_EVENT,
  CAPTCHA_LIBRARY_MISSING,
  CAPTCHA_SCRIPT_FAILED,
  CAPTCHA_SUBMITTED_ATTRIBUTE,
  CAPTCHA_TOKEN_OK,
  CAPTCHA_UNAVAILABLE_TEXT,
  type CaptchaApi,
  type CaptchaRenderOptions,
} from '@/domain/captcha';
import { ASYNC_SUBMITTED_EVENT, CAPTCHA_RESPONSE_FIELD } from '@/domain/lead-forms';
import { CaptchaLibraryMissing } from '@/effects/captcha';
import { captchaMachine } from '@/machines/captcha-machine';
import { CaptchaStatus } from '@/views/ui/captcha-status';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { TestIntersectionObserver } from './test-intersection-observer';

type CaptchaSnapshot = SnapshotFrom<typeof captchaMachine>;
type CaptchaEvent = EventFrom<typeof captchaMachine>;

const TOKEN = 'solved-challenge-token';

const events: Array<Via<CaptchaEvent>> = [
  { type: 'captcha.triggered', trigger: 'visible', via: 'the async-captcha element comes into view' },
  { type: 'captcha.triggered', trigger: 'focus', via: 'the visitor focuses a field of the form' },
  { type: 'captcha.triggered', trigger: 'forced', via: 'loading is forced' },
  { type: 'captcha.submit.clicked', via: 'the visitor clicks Send' },
  { type: 'captcha.script.loaded', via: 'the provider script calls back' },
  { type: 'captcha.script.failed', message: 'net::ERR_FAILED', via: 'the provider script cannot be added' },
  { type: 'captcha.library.missing', via: 'the script loads without its API' },
  { type: 'captcha.token.received', token: TOKEN, via: 'the challenge is solved' },
  { type: 'captcha.token.received', token: '', via: 'the captcha returns an empty token' },
  { type: 'captcha.challenge.failed', message: 'no answer', via: 'the challenge fails' },
  { type: 'captcha.async.submitted', via: 'the asynchronous submit completes' },
  { type: 'captcha.retried', via: 'the visitor presses Try again where the form says the check could not load' },
];

const loadingModel = createTestModel(captchaMachine, { events, input: { shouldLoad: true }, filterEvents: (snapshot, event) => snapshot.can(event) });
const offModel = createTestModel(captchaMachine, { events, input: { shouldLoad: false }, filterEvents: (snapshot, event) => snapshot.can(event) });
const coverage = new ModelCoverage(captchaMachine);

/** A provider API standing in for the script's (the real ALTCHA one is driven in e2e/captcha.spec.ts). */
class StandInApi implements CaptchaApi {
  rendered: CaptchaRenderOptions[] = [];
  executed = 0;
  resets = 0;
  render(_container: HTMLElement, options: CaptchaRenderOptions) {
    this.rendered.push(options);
    return 0;
  }
  execute() {
    this.executed++;
  }
  getResponse() {
    return '';
  }
  reset() {
    this.resets++;
  }
}

/**
 * A lead form with its async-captcha element, run by attachCaptcha with the provider's script stood
 * in for, and the view that says when the check could not load (CaptchaStatus, as the lead and
 * review forms show it).
 */
function captchaDriver(shouldLoad: boolean): PathDriver<CaptchaSnapshot, CaptchaEvent> {
  let detach: (() => void) | null = null;
  let unmount = () => {};
  let form: HTMLFormElement;
  let api: StandInApi;
  let loads: Array<Subject<CaptchaApi>> = [];
  let sent: string[] = [];
  let console$: Record<'log' | 'warn' | 'error', ReturnType<typeof vi.fn<(message: string) => void>>>;
  const field = () => form.querySelector<HTMLInputElement>(`input[name="${CAPTCHA_RESPONSE_FIELD}"]`) as HTMLInputElement;
  const container = () => form.querySelector('.async-captcha') as HTMLElement;
  return {
    start: () => {
      vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
      document.body.innerHTML =
        '<form id="bt-leads-contact-us" data-captcha><label>Name <input name="name"></label><div class="async-captcha"></div>' +
        `<input type="hidden" name="${CAPTCHA_RESPONSE_FIELD}"><button type="submit">Send</button></form>`;
      form = document.querySelector('form') as HTMLFormElement;
      api = new StandInApi();
      loads = [];
      sent = [];
      // The form's own asynchronous submit: runs only for a submit the captcha let through.
      form.addEventListener('submit', (event) => {
        if (event.defaultPrevented) return;
        event.preventDefault();
        sent.push(field().value);
      });
      console$ = { log: vi.fn<(message: string) => void>(), warn: vi.fn<(message: string) => void>(), error: vi.fn<(message: string) => void>() };
      const attached = attachCaptchaWith(
        form,
        shouldLoad,
        {
          provider: 'altcha',
          siteKey: '',
          load: () => {
            const load = new Subject<CaptchaApi>();
            loads.push(load);
            return load;
          },
          log: (level, message) => console$[level](message),
        },
        coverage.inspect,
      );
      detach = attached.detach;
      unmount = render(<CaptchaStatus actor={attached.actor} />).unmount;
    },
    perform: async (event, before) => {
      const sentBefore = sent.length;
      switch (event.type) {
        case 'captcha.triggered':
          if (event.trigger === 'visible') return TestIntersectionObserver.reveal(container());
          if (event.trigger === 'focus') return void form.querySelector('input[name="name"]')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
          return void form.dispatchEvent(new Event(CAPTCHA_FORCE_LOAD_EVENT));
        case 'captcha.submit.clicked':
          form.requestSubmit(form.querySelector('button') as HTMLButtonElement);
          // Held: the form's own handler did not run.
          return expect(sent).toHaveLength(sentBefore);
        case 'captcha.script.loaded':
          return loads.at(-1)?.next(api);
        case 'captcha.script.failed':
          loads.at(-1)?.error(new Error(event.message));
          return expect(console$.error).toHaveBeenLastCalledWith(`${CAPTCHA_SCRIPT_FAILED}: ${event.message}`);
        case 'captcha.library.missing':
          loads.at(-1)?.error(new CaptchaLibraryMissing());
          return expect(console$.warn).toHaveBeenLastCalledWith(CAPTCHA_LIBRARY_MISSING);
        case 'captcha.token.received':
          api.rendered.at(-1)?.callback(event.token);
          if (event.token === '') return expect(console$.error).toHaveBeenLastCalledWith(CAPTCHA_EMPTY_TOKEN);
          expect(console$.log).toHaveBeenLastCalledWith(CAPTCHA_TOKEN_OK);
          // A held submit goes ahead by itself, with the token; a captcha the visitor solved first waits for Send.
          return expect(sent).toEqual(before.matches({ ready: 'challenging' }) ? [...sent.slice(0, sentBefore), TOKEN] : sent.slice(0, sentBefore));
        case 'captcha.challenge.failed':
          api.rendered.at(-1)?.['error-callback']?.(new Error(event.message));
          return expect(console$.error).toHaveBeenLastCalledWith(`${CAPTCHA_CHALLENGE_FAILED}: ${event.message}`);
        case 'captcha.retried': {
          const before = loads.length;
          const executed = api.executed;
          await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
          // The script is asked for again, or the challenge runs again (expectState).
          return expect(loads.length + api.executed).toBe(before + executed + 1);
        }
        case 'captcha.async.submitted': {
          const resets = api.resets;
          form.dispatchEvent(new CustomEvent(ASYNC_SUBMITTED_EVENT, { bubbles: true }));
          // The captcha is reset (a new challenge for the next Send); the mark and the field clear (expectState).
          return expect(api.resets).toBe(resets + 1);
        }
      }
    },
    expectState: async (state) => {
      // The form says so, with Try again, while the script or the challenge could not load; nothing else.
      if (state.hasTag('unavailable')) await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(CAPTCHA_UNAVAILABLE_TEXT));
      else await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(screen.queryAllByRole('button', { name: 'Try again' })).toHaveLength(state.hasTag('unavailable') ? 1 : 0);
      const submitted = state.matches({ ready: 'submitted' });
      expect(form.getAttribute(CAPTCHA_SUBMITTED_ATTRIBUTE)).toBe(submitted ? 'true' : null);
      expect(field().value).toBe(submitted ? TOKEN : '');
      // Watching for a trigger only while waiting.
      expect(TestIntersectionObserver.watching(container())).toHaveLength(state.matches('waiting') ? 1 : 0);
      if (state.matches('disabled') || state.matches('waiting')) expect(loads).toHaveLength(0);
      if (state.matches('loading')) expect(loads.at(-1)?.observed).toBe(true);
      // Rendered once, into the async-captcha element, invisible, once the script is there.
      expect(api.rendered).toHaveLength(state.matches('ready') ? 1 : 0);
      if (state.matches('ready')) expect(api.rendered[0]?.size).toBe('invisible');
      if (state.matches({ ready: 'challenging' })) expect(api.executed).toBeGreaterThan(0);
      if (state.matches('disabled')) {
        // Nothing held: a submit goes as it is.
        form.requestSubmit();
        expect(sent).toEqual(['']);
        sent = [];
      }
    },
    stop: () => {
      unmount();
      detach?.();
      document.body.innerHTML = '';
      vi.unstubAllGlobals();
      TestIntersectionObserver.observers.clear();
    },
  };
}

describe('captcha machine, walked through a captcha-protected lead form', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(loadingModel, captchaMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, captchaDriver(true));
    });
  }
  for (const path of planPaths(offModel, captchaMachine)) {
    it(`should_load false: ${path.description}`, async () => {
      await runPath(path, coverage, captchaDriver(false));
    });
  }

});
