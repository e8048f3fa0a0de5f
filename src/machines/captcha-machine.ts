import { assign, emit, setup } from 'xstate';
import { CAPTCHA_CHALLENGE_FAILED, CAPTCHA_EMPTY_TOKEN, CAPTCHA_LIBRARY_MISSING, CAPTCHA_SCRIPT_FAILED, CAPTCHA_TOKEN_OK, CAPTCHA_UNAVAILABLE_TAG } from '@/domain/captcha';

export type CaptchaTrigger = 'visible' | 'focus' | 'forced';

export type CaptchaEvent =
  /** The async-captcha element came into view (or was in view at load), a field of the form got focus, or loading was forced. */
  | { type: 'captcha.triggered'; trigger: CaptchaTrigger }
  /** A submit of the form (a click on its submit button, Enter in a field). */
  | { type: 'captcha.submit.clicked' }
  | { type: 'captcha.script.loaded' }
  | { type: 'captcha.script.failed'; message: string }
  /** The script loaded but its API is not there. */
  | { type: 'captcha.library.missing' }
  | { type: 'captcha.token.received'; token: string }
  | { type: 'captcha.challenge.failed'; message: string }
  /** The form's asynchronous submit completed, whatever its outcome (ASYNC_SUBMITTED_EVENT). */
  | { type: 'captcha.async.submitted' }
  /** The visitor pressed Try again where the form says the security check could not load. */
  | { type: 'captcha.retried' };

export type CaptchaEmitted =
  | { type: 'captcha.watch.started' }
  | { type: 'captcha.watch.stopped' }
  | { type: 'captcha.script.requested' }
  | { type: 'captcha.render.requested' }
  | { type: 'captcha.challenge.requested' }
  /** Put the token in the response field and mark the form submitted; `resubmit`: send the form again (the visitor's submit was held for the challenge). */
  | { type: 'captcha.token.applied'; token: string; resubmit: boolean }
  | { type: 'captcha.reset.requested' }
  | { type: 'captcha.logged'; level: 'log' | 'warn' | 'error'; message: string };

export interface CaptchaInput {
  /** bt_leads_recaptcha.should_load (spec §3 Site settings read, §7 Captcha). */
  shouldLoad: boolean;
}

/**
 * One captcha-protected form (spec §4 Captcha-protected form, §7 Captcha, §8). Nothing loads when
 * should_load is false. Otherwise the provider's script is asked for at the first of: the
 * async-captcha element in view, a focus in the form, a forced load, a submit (the effect loads it
 * once per page). A submit is held until there is a token: the challenge runs, its token goes in
 * the response field, the form is marked submitted and sent (by itself: the held submit goes
 * ahead). After the asynchronous submit completes, the captcha is reset and the mark cleared.
 * A script that cannot be added (or has no API) and a challenge that cannot be had are said in
 * the console (spec §8) and in the form (tag 'unavailable'): Try again loads the script again, or
 * runs the challenge again and sends the form; so does Send.
 */
export const captchaMachine = setup({
  types: { context: {} as { heldSubmit: boolean; shouldLoad: boolean }, events: {} as CaptchaEvent, emitted: {} as CaptchaEmitted, input: {} as CaptchaInput },
  guards: {
    shouldLoad: ({ context }) => context.shouldLoad,
    heldSubmit: ({ context }) => context.heldSubmit,
    hasToken: ({ event }) => event.type === 'captcha.token.received' && event.token !== '',
  },
  actions: {
    watch: emit({ type: 'captcha.watch.started' }),
    unwatch: emit({ type: 'captcha.watch.stopped' }),
    requestScript: emit({ type: 'captcha.script.requested' }),
    render: emit({ type: 'captcha.render.requested' }),
    holdSubmit: assign({ heldSubmit: true }),
    challenge: emit({ type: 'captcha.challenge.requested' }),
    applyHeldToken: emit(({ event }) => ({ type: 'captcha.token.applied' as const, token: event.type === 'captcha.token.received' ? event.token : '', resubmit: true })),
    applyToken: emit(({ event }) => ({ type: 'captcha.token.applied' as const, token: event.type === 'captcha.token.received' ? event.token : '', resubmit: false })),
    releaseSubmit: assign({ heldSubmit: false }),
    reset: emit({ type: 'captcha.reset.requested' }),
    logTokenOk: emit({ type: 'captcha.logged', level: 'log', message: CAPTCHA_TOKEN_OK }),
    logEmptyToken: emit({ type: 'captcha.logged', level: 'error', message: CAPTCHA_EMPTY_TOKEN }),
    logMissing: emit({ type: 'captcha.logged', level: 'warn', message: CAPTCHA_LIBRARY_MISSING }),
    logScriptFailed: emit(({ event }) => ({
      type: 'captcha.logged' as const,
      level: 'error' as const,
      message: `${CAPTCHA_SCRIPT_FAILED}: ${event.type === 'captcha.script.failed' ? event.message : ''}`,
    })),
    logChallengeFailed: emit(({ event }) => ({
      type: 'captcha.logged' as const,
      level: 'error' as const,
      message: `${CAPTCHA_CHALLENGE_FAILED}: ${event.type === 'captcha.challenge.failed' ? event.message : ''}`,
    })),
  },
}).createMachine({
  id: 'captcha',
  context: ({ input }) => ({ heldSubmit: false, shouldLoad: input.shouldLoad }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'shouldLoad', target: 'waiting' }, { target: 'disabled' }],
    },
    /** should_load is false: nothing is loaded and submits go as they are. */
    disabled: {},
    waiting: {
      entry: 'watch',
      exit: 'unwatch',
      on: {
        'captcha.triggered': 'loading',
        'captcha.submit.clicked': { target: 'loading', actions: 'holdSubmit' },
      },
    },
    loading: {
      entry: 'requestScript',
      on: {
        'captcha.script.loaded': 'ready',
        'captcha.script.failed': { target: 'failed', actions: 'logScriptFailed' },
        'captcha.library.missing': { target: 'failed', actions: 'logMissing' },
        'captcha.submit.clicked': { actions: 'holdSubmit' },
      },
    },
    /** The script could not be added or has no API: said in the form; Try again or a submit loads it again. */
    failed: {
      tags: [CAPTCHA_UNAVAILABLE_TAG],
      on: {
        'captcha.retried': 'loading',
        'captcha.submit.clicked': { target: 'loading', actions: 'holdSubmit' },
      },
    },
    ready: {
      entry: 'render',
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'heldSubmit', target: 'challenging' }, { target: 'unsolved' }],
        },
        unsolved: {
          on: {
            'captcha.submit.clicked': 'challenging',
            // A visible captcha the visitor solved before sending.
            'captcha.token.received': [{ guard: 'hasToken', target: 'submitted', actions: ['logTokenOk', 'applyToken'] }, { actions: 'logEmptyToken' }],
          },
        },
        challenging: {
          entry: 'challenge',
          exit: 'releaseSubmit',
          on: {
            'captcha.token.received': [
              { guard: 'hasToken', target: 'submitted', actions: ['logTokenOk', 'applyHeldToken'] },
              { target: 'unsolved', actions: ['logEmptyToken', 'reset'] },
            ],
            'captcha.challenge.failed': { target: 'challengeFailed', actions: ['logChallengeFailed', 'reset'] },
          },
        },
        /** The challenge could not be had (its route unreachable) or solved: said in the form; Try again or Send runs it again, and the form goes. */
        challengeFailed: {
          tags: [CAPTCHA_UNAVAILABLE_TAG],
          on: {
            'captcha.retried': 'challenging',
            'captcha.submit.clicked': 'challenging',
          },
        },
        /** The token is in the form: its submit goes through, once, until the asynchronous submit completes. */
        submitted: {
          on: { 'captcha.async.submitted': { target: 'unsolved', actions: 'reset' } },
        },
      },
    },
  },
});
