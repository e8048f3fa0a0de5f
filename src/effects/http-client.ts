import { Observable } from 'rxjs';

/** An HTTP failure as a value: status 0 means the request never got an answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    message: string,
    /** The answer's JSON body, when it had one (a 400's field errors, a 409's corrected order). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Milliseconds before the request is aborted (default 15 s). */
  timeoutMs?: number;
}

/**
 * What every request sends. X-Requested-With marks the site's own calls (as jQuery does): a page
 * on another site cannot add it without a CORS preflight, so the server takes it as proof of
 * origin from browsers that send no Fetch Metadata (server/security/cross-site.ts).
 */
const init = (options: RequestOptions, signal: AbortSignal): RequestInit => ({
  method: options.method ?? 'GET',
  body: options.body ?? null,
  headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...options.headers },
  credentials: 'same-origin',
  signal,
});

/**
 * The site's one HTTP client: every request of the front end goes through here, so errors are
 * turned into `HttpError` in one place. Unsubscribing aborts the request.
 */
export function requestJson<T>(url: string, options: RequestOptions = {}): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new HttpError(0, url, 'Request timed out')), options.timeoutMs ?? 15_000);
    fetch(url, init(options, controller.signal))
      .then(async (response) => {
        const text = await response.text();
        if (!response.ok) {
          let message = `HTTP ${response.status}`;
          let body: unknown;
          try {
            body = JSON.parse(text) as unknown;
            const said = (body as { message?: unknown } | null)?.message;
            if (typeof said === 'string') message = said;
          } catch {
            // not JSON: keep the status line
          }
          throw new HttpError(response.status, url, message, body);
        }
        return JSON.parse(text) as T;
      })
      .then(
        (value) => {
          subscriber.next(value);
          subscriber.complete();
        },
        (error: unknown) => {
          if (error instanceof HttpError) subscriber.error(error);
          else if (controller.signal.aborted && controller.signal.reason instanceof HttpError) subscriber.error(controller.signal.reason);
          else subscriber.error(new HttpError(0, url, error instanceof Error ? error.message : String(error)));
        },
      )
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  });
}

/** An answer as it came, whatever its status (the CMS asynchronous requests read its status line and headers). */
export interface RawAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

/**
 * Any answer as it came; fails only without one (HttpError status 0: network, timeout).
 * Unsubscribing aborts the request.
 */
export function requestAnswer(url: string, options: RequestOptions = {}): Observable<RawAnswer> {
  return new Observable<RawAnswer>((subscriber) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new HttpError(0, url, 'Request timed out')), options.timeoutMs ?? 15_000);
    fetch(url, init(options, controller.signal))
      .then(async (response) => ({ status: response.status, statusText: response.statusText, headers: response.headers, text: await response.text() }))
      .then(
        (answer) => {
          subscriber.next(answer);
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(controller.signal.reason instanceof HttpError ? controller.signal.reason : new HttpError(0, url, errorMessage(error))),
      )
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  });
}

/** The text of a failure, for the machine's failure event and the log. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
