/**
 * CMS asynchronous requests (spec §7, §8): the payload, the commands of an answer, which URLs
 * may be called, and every text the visitor or the console gets, word for word.
 */

export const SYSTEM_AJAX_PATH = '/system/ajax';

/** Spec §8: the progress message while a request runs. */
export const PLEASE_WAIT = 'Please wait...';

/** The response header a non-local answer must carry with the value '1' (spec §7). */
export const VERIFICATION_HEADER = 'X-Drupal-Ajax-Token';

export const VERIFICATION_FAILED = 'The response failed verification so will not be processed.';

export const notLocalNorTrusted = (url: string) => `The callback URL is not local and not trusted: ${url}`;

export const processingError = (url: string, message: string) => `An error occurred while attempting to process ${url}: ${message}`;

/** What is known of a request that did not answer commands, for the §8 debugging lines. */
export interface AjaxFailure {
  /** HTTP status; 0 when there was no answer. */
  status: number;
  statusText: string;
  /** The request's URL (path). */
  uri: string;
  responseText: string;
  customMessage?: string;
  /** The XMLHttpRequest ready state (4 when answered, 0 when never sent or aborted). */
  readyState: number;
}

/** HTML tags removed from a response text, as the CMS shows it (spec §8: HTML tags stripped). */
export function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

function debuggingLines(failure: AjaxFailure, withReadyState: boolean): string {
  return [
    'Debugging information follows.',
    `Path: ${failure.uri}`,
    `StatusText: ${failure.statusText}`,
    `CustomMessage: ${failure.customMessage ?? ''}`,
    `ResponseText: ${stripTags(failure.responseText)}`,
    ...(withReadyState ? [`ReadyState: ${failure.readyState}`] : []),
  ].join('\n');
}

/** Spec §8 Async HTTP error: the alert's text. */
export function httpErrorText(failure: AjaxFailure): string {
  return `An AJAX HTTP error occurred.\nHTTP Result Code: ${failure.status}\n${debuggingLines(failure, false)}`;
}

/** Spec §8 Async request ended abnormally: the same lines, plus the ready state when the status is 0. */
export function abnormalEndText(failure: AjaxFailure): string {
  return `An AJAX HTTP request terminated abnormally.\n${debuggingLines(failure, failure.status === 0)}`;
}

/**
 * Whether a URL may be called: one of this page's origin, or of an origin the site trusts.
 * Relative URLs are local; `javascript:` and other schemes are neither.
 *
 * @example urlStanding('/system/ajax', 'https://a.test', []) // 'local'
 */
export function urlStanding(url: string, origin: string, trustedOrigins: readonly string[]): 'local' | 'trusted' | 'untrusted' {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return 'untrusted';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'untrusted';
  if (parsed.origin === origin) return 'local';
  return trustedOrigins.includes(parsed.origin) ? 'trusted' : 'untrusted';
}

/** The page state the CMS sends with each request (spec §7 payload). */
export interface AjaxPageState {
  htmlIds: readonly string[];
  theme: string;
  themeToken: string;
  css: readonly string[];
  js: readonly string[];
  jqueryVersion: string;
}

/**
 * The body of a request: the form's fields and form_id, then ajax_html_ids[],
 * ajax_page_state[theme], [theme_token], [css][…], [js][…], [jquery_version] and js=true.
 */
export function ajaxPayload(fields: Iterable<[string, string]>, state: AjaxPageState): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of fields) body.append(name, value);
  for (const id of state.htmlIds) body.append('ajax_html_ids[]', id);
  body.append('ajax_page_state[theme]', state.theme);
  body.append('ajax_page_state[theme_token]', state.themeToken);
  for (const css of state.css) body.append(`ajax_page_state[css][${css}]`, '1');
  for (const js of state.js) body.append(`ajax_page_state[js][${js}]`, '1');
  body.append('ajax_page_state[jquery_version]', state.jqueryVersion);
  body.set('js', 'true');
  return body;
}

/** The commands an answer may carry (spec §7). */
export const AJAX_COMMANDS = ['insert', 'remove', 'changed', 'alert', 'css', 'settings', 'data', 'invoke', 'restripe', 'add_css', 'updateBuildId'] as const;
export type AjaxCommandName = (typeof AJAX_COMMANDS)[number];

/** One command of an answer: its name and its arguments as sent (each checked where it is applied). */
export type AjaxCommand = { command: AjaxCommandName } & Record<string, unknown>;

/** An answer's command list, or null when it is not one (a command of another name is left out, as the CMS skips it). */
export function parseCommands(answer: unknown): AjaxCommand[] | null {
  if (!Array.isArray(answer)) return null;
  return answer.filter(
    (entry): entry is AjaxCommand =>
      typeof entry === 'object' && entry !== null && (AJAX_COMMANDS as readonly string[]).includes((entry as { command?: unknown }).command as string),
  );
}
