import { defer, from, switchMap, type Observable } from 'rxjs';
import { ANTIBOT_KEYS_PATH, ANTIBOT_SCRIPT_PATH, LEAD_SUBMIT_PATH, type AntibotKeyMap } from '@/domain/lead-form-definitions';
import { HttpError, requestJson } from './http-client';

/** The anti-bot script's API (server/leads/antibot-script.ts). */
export interface AntibotApi {
  attach(form: HTMLFormElement, settings: { key: string; action?: string }): () => void;
}

declare global {
  interface Window {
    Antibot?: AntibotApi;
  }
}

let loading: Promise<AntibotApi> | null = null;

/**
 * The anti-bot script, loaded from /sites/all/modules/contrib/antibot/js/antibot.js when it is
 * missing (spec §7), once; a failed load may be tried again.
 */
export function loadAntibotScript(win: Window = window): Promise<AntibotApi> {
  if (win.Antibot) return Promise.resolve(win.Antibot);
  loading ??= new Promise<AntibotApi>((resolve, reject) => {
    const script = win.document.createElement('script');
    script.src = ANTIBOT_SCRIPT_PATH;
    script.async = true;
    script.onload = () => (win.Antibot ? resolve(win.Antibot) : reject(new Error('The anti-bot script did not start')));
    script.onerror = () => reject(new Error(`The anti-bot script could not be loaded from ${ANTIBOT_SCRIPT_PATH}`));
    win.document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The anti-bot key map (spec §7 GET /bt-leads-antibot-workaround), after making sure the script is there. */
export function fetchAntibotKeys(): Observable<AntibotKeyMap> {
  return defer(() => from(loadAntibotScript())).pipe(switchMap(() => requestJson<AntibotKeyMap>(ANTIBOT_KEYS_PATH)));
}

export type LeadAnswer =
  | { type: 'lead.sent'; message: string }
  | { type: 'lead.refused'; reason: string; message: string; fieldErrors: Record<string, string> }
  | { type: 'lead.failed'; message: string };

export const LEAD_NETWORK_FAILURE = 'Your message could not be sent: the connection failed. Your entries are kept; please try again.';

/** What a failed post tells the form: the server's refusal (4xx, per field), or a failure to try again. */
export function leadAnswerOf(error: unknown): LeadAnswer {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
    const body = (error.body ?? {}) as { reason?: unknown; fieldErrors?: unknown };
    const fieldErrors = typeof body.fieldErrors === 'object' && body.fieldErrors !== null ? (body.fieldErrors as Record<string, string>) : {};
    return { type: 'lead.refused', reason: typeof body.reason === 'string' ? body.reason : 'refused', message: error.message, fieldErrors };
  }
  return { type: 'lead.failed', message: LEAD_NETWORK_FAILURE };
}

/** POST /bt-leads/submit/{form id}, form-encoded. */
export function sendLead(formId: string, fields: Record<string, string>): Observable<{ message: string }> {
  return requestJson<{ message: string }>(`${LEAD_SUBMIT_PATH}/${encodeURIComponent(formId)}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}
