import { assign, emit, setup } from 'xstate';
import {
  abnormalEndText,
  httpErrorText,
  notLocalNorTrusted,
  processingError,
  VERIFICATION_FAILED,
  type AjaxCommand,
  type AjaxFailure,
} from '@/domain/cms-ajax';

export interface CmsAjaxContext {
  /** The URL of the request running or last run. */
  url: string;
  /** Whether that URL is of this page's origin (a trusted one's answer must be verified). */
  local: boolean;
  /** The last failure's text (spec §8), empty when the last request was applied. */
  message: string;
}

export type CmsAjaxEvent =
  /** A form submitted or an element used: `standing` says whether its URL may be called. */
  | { type: 'ajax.requested'; url: string; standing: 'local' | 'trusted' | 'untrusted'; fields: Array<[string, string]> }
  /** The answer's commands (also a refusal's 4xx that carries commands), and its verification header. */
  | { type: 'ajax.answered'; commands: AjaxCommand[]; verification: string | null }
  | { type: 'ajax.http.failed'; failure: AjaxFailure; unloading: boolean }
  | { type: 'ajax.aborted'; failure: AjaxFailure }
  /** Sending or applying the answer threw. */
  | { type: 'ajax.threw'; message: string };

export type CmsAjaxEmitted =
  | { type: 'ajax.send'; url: string; fields: Array<[string, string]> }
  | { type: 'ajax.commands.apply'; commands: AjaxCommand[] }
  | { type: 'ajax.alert'; text: string }
  | { type: 'ajax.error.logged'; text: string }
  /** The request has ended, whatever the outcome (the form's captcha resets, spec §4). */
  | { type: 'ajax.completed'; ok: boolean };

const isCallable = ({ event }: { event: CmsAjaxEvent }) => event.type === 'ajax.requested' && event.standing !== 'untrusted';

/** A request is sent, unless its URL is neither local nor trusted: then it is never called. */
const request = [
  { guard: 'isCallable', target: 'running', actions: ['start', 'send'] },
  { target: 'failed', actions: ['refuseUrl', 'log', 'failed'] },
] as const;

/**
 * One CMS asynchronous request at a time (spec §7 CMS asynchronous requests, §8): a URL neither
 * local nor trusted is refused before anything is sent; while the request runs the element shows
 * 'Please wait...' (tag pending) and a second submit waits; a non-local answer is applied only
 * with the verification header '1'; an HTTP error alerts its debugging lines (not while the page
 * unloads), an abnormal end and a throw alert theirs.
 */
export const cmsAjaxMachine = setup({
  types: { context: {} as CmsAjaxContext, events: {} as CmsAjaxEvent, emitted: {} as CmsAjaxEmitted },
  guards: {
    isCallable,
    isVerified: ({ context, event }) => event.type === 'ajax.answered' && (context.local || event.verification === '1'),
    isUnloading: ({ event }) => event.type === 'ajax.http.failed' && event.unloading,
  },
  actions: {
    start: assign(({ event }) => (event.type === 'ajax.requested' ? { url: event.url, local: event.standing === 'local', message: '' } : {})),
    send: emit(({ event }) =>
      event.type === 'ajax.requested' ? { type: 'ajax.send' as const, url: event.url, fields: event.fields } : { type: 'ajax.send' as const, url: '', fields: [] },
    ),
    refuseUrl: assign(({ event }) => ({ url: event.type === 'ajax.requested' ? event.url : '', message: event.type === 'ajax.requested' ? notLocalNorTrusted(event.url) : '' })),
    apply: emit(({ event }) => ({ type: 'ajax.commands.apply' as const, commands: event.type === 'ajax.answered' ? event.commands : [] })),
    unverified: assign({ message: VERIFICATION_FAILED }),
    httpFailed: assign(({ event }) => ({ message: event.type === 'ajax.http.failed' ? httpErrorText(event.failure) : '' })),
    aborted: assign(({ event }) => ({ message: event.type === 'ajax.aborted' ? abnormalEndText(event.failure) : '' })),
    threw: assign(({ context, event }) => ({ message: event.type === 'ajax.threw' ? processingError(context.url, event.message) : '' })),
    alert: emit(({ context }) => ({ type: 'ajax.alert' as const, text: context.message })),
    log: emit(({ context }) => ({ type: 'ajax.error.logged' as const, text: context.message })),
    succeeded: emit({ type: 'ajax.completed' as const, ok: true }),
    failed: emit({ type: 'ajax.completed' as const, ok: false }),
  },
}).createMachine({
  id: 'cmsAjax',
  context: { url: '', local: true, message: '' },
  initial: 'idle',
  states: {
    idle: { on: { 'ajax.requested': request } },
    // A second submit while one runs is not sent (the CMS ignores it as well).
    running: {
      tags: ['pending'],
      on: {
        'ajax.answered': [
          { guard: 'isVerified', target: 'applied', actions: ['apply', 'succeeded'] },
          { target: 'failed', actions: ['unverified', 'log', 'failed'] },
        ],
        'ajax.http.failed': [
          { guard: 'isUnloading', target: 'failed', actions: ['httpFailed', 'log', 'failed'] },
          { target: 'failed', actions: ['httpFailed', 'alert', 'failed'] },
        ],
        'ajax.aborted': { target: 'failed', actions: ['aborted', 'alert', 'failed'] },
        'ajax.threw': { target: 'failed', actions: ['threw', 'alert', 'failed'] },
      },
    },
    applied: {
      on: {
        'ajax.requested': request,
        // Applying the answer's commands threw (a command the page cannot carry out).
        'ajax.threw': { target: 'failed', actions: ['threw', 'alert'] },
      },
    },
    failed: { on: { 'ajax.requested': request } },
  },
});
