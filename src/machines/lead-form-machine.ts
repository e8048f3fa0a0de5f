import { assign, emit, setup } from 'xstate';
import type { AntibotKeyMap } from '@/domain/lead-form-definitions';

export interface LeadFormContext {
  formId: string;
  optInRequired: boolean;
  /** The form settings, with the anti-bot key merged in once it came (spec §4 Lead form in a modal). */
  settings: { antibotKey: string };
  /** The server's field errors (field name → message); the visitor's entries stay in the form. */
  fieldErrors: Record<string, string>;
  /** What the form says above its fields: a failure, or the success text once sent. */
  message: string;
}

export type LeadFormEvent =
  /** The form appeared (in its modal): the anti-bot keys are asked for. */
  | { type: 'lead.form.shown' }
  | { type: 'antibot.keys.received'; keys: AntibotKeyMap }
  | { type: 'antibot.keys.failed'; message: string }
  /** 'Try again' after the keys could not be had. */
  | { type: 'lead.retried' }
  | { type: 'lead.submitted'; fields: Record<string, string>; optIn: boolean }
  | { type: 'lead.sent'; message: string }
  | { type: 'lead.refused'; reason: string; message: string; fieldErrors: Record<string, string> }
  | { type: 'lead.failed'; message: string };

export type LeadFormEmitted =
  /** GET /bt-leads-antibot-workaround (the anti-bot script loaded first when it is missing). */
  | { type: 'antibot.keys.requested' }
  /** The browser's alert 'Please accept the terms to proceed.' (spec §8); the visitor stays on the page. */
  | { type: 'optin.alerted' }
  /** POST the form's fields (the anti-bot script has put the key in its hidden field). */
  | { type: 'lead.send'; formId: string; fields: Record<string, string> }
  /**
   * A sent lead as a notification (spec §9). A refusal is not one: the form says it as an alert
   * beside the entries, and a notification would make screen readers say it twice.
   */
  | { type: 'lead.outcome'; text: string; className: 'success' }
  /** A submit has ended (sent, refused, failed, or stopped by the opt-in alert): the captcha resets, the same data may go again. */
  | { type: 'lead.send.settled' }
  /** The server refused these fields: focus goes to the first of them in the form (the entries are kept). */
  | { type: 'lead.focus.requested'; fields: string[] };

export const KEYS_FAILED = 'This form could not be prepared. Check your connection and try again.';
export const KEY_EXPIRED = 'The form had expired and has been prepared again: please send it once more.';

/**
 * One lead form (spec §2 Lead and inquiry forms, §4 Lead form in a modal, §5 Forms): locked until
 * the anti-bot keys come and its key is merged into the form settings; then it may be sent. A form
 * that requires the opt-in is not sent without it (the alert instead). The server's field errors
 * come back per field with the entries kept; a refused anti-bot key locks the form again for
 * fresh keys; success shows the form's success text.
 */
export const leadFormMachine = setup({
  types: {
    context: {} as LeadFormContext,
    input: {} as { formId: string; optInRequired: boolean },
    events: {} as LeadFormEvent,
    emitted: {} as LeadFormEmitted,
  },
  guards: {
    hasOwnKey: ({ context, event }) => event.type === 'antibot.keys.received' && typeof event.keys[context.formId] === 'string' && event.keys[context.formId] !== '',
    optInMissing: ({ context, event }) => event.type === 'lead.submitted' && context.optInRequired && !event.optIn,
    keyRefused: ({ event }) => event.type === 'lead.refused' && event.reason === 'antibot',
  },
  actions: {
    requestKeys: emit({ type: 'antibot.keys.requested' as const }),
    mergeKey: assign(({ context, event }) => ({
      settings: { ...context.settings, antibotKey: event.type === 'antibot.keys.received' ? (event.keys[context.formId] ?? '') : '' },
    })),
    keysFailed: assign({ message: KEYS_FAILED, settings: { antibotKey: '' } }),
    keyExpired: assign({ message: KEY_EXPIRED, settings: { antibotKey: '' }, fieldErrors: {} }),
    alertOptIn: emit({ type: 'optin.alerted' as const }),
    settled: emit({ type: 'lead.send.settled' as const }),
    focusFirstError: emit(({ event }) => ({ type: 'lead.focus.requested' as const, fields: event.type === 'lead.refused' ? Object.keys(event.fieldErrors) : [] })),
    send: emit(({ context, event }) => ({
      type: 'lead.send' as const,
      formId: context.formId,
      fields: event.type === 'lead.submitted' ? event.fields : {},
    })),
    clearErrors: assign({ fieldErrors: {}, message: '' }),
    showSuccess: assign(({ event }) => ({ message: event.type === 'lead.sent' ? event.message : '', fieldErrors: {} })),
    notifySuccess: emit(({ event }) => ({ type: 'lead.outcome' as const, text: event.type === 'lead.sent' ? event.message : '', className: 'success' as const })),
    showRefusal: assign(({ event }) =>
      event.type === 'lead.refused' || event.type === 'lead.failed'
        ? { message: event.message, fieldErrors: event.type === 'lead.refused' ? event.fieldErrors : {} }
        : {},
    ),
  },
}).createMachine({
  id: 'leadForm',
  context: ({ input }) => ({ formId: input.formId, optInRequired: input.optInRequired, settings: { antibotKey: '' }, fieldErrors: {}, message: '' }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'lead.form.shown': { target: 'locked', actions: 'requestKeys' } },
    },
    locked: {
      tags: ['locked'],
      on: {
        'antibot.keys.received': [{ guard: 'hasOwnKey', target: 'ready', actions: 'mergeKey' }, { target: 'unavailable', actions: 'keysFailed' }],
        'antibot.keys.failed': { target: 'unavailable', actions: 'keysFailed' },
      },
    },
    unavailable: {
      tags: ['locked'],
      on: { 'lead.retried': { target: 'locked', actions: ['clearErrors', 'requestKeys'] } },
    },
    ready: {
      on: {
        'lead.submitted': [{ guard: 'optInMissing', actions: ['alertOptIn', 'settled'] }, { target: 'sending', actions: ['clearErrors', 'send'] }],
      },
    },
    sending: {
      tags: ['pending'],
      on: {
        'lead.sent': { target: 'sent', actions: ['showSuccess', 'notifySuccess', 'settled'] },
        'lead.refused': [
          { guard: 'keyRefused', target: 'locked', actions: ['keyExpired', 'requestKeys', 'settled'] },
          { target: 'ready', actions: ['showRefusal', 'focusFirstError', 'settled'] },
        ],
        'lead.failed': { target: 'ready', actions: ['showRefusal', 'settled'] },
      },
    },
    sent: {},
  },
});
