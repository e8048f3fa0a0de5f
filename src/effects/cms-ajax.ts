import { catchError, map, of, type Observable } from 'rxjs';
import { parseCommands, VERIFICATION_HEADER } from '@/domain/cms-ajax';
import type { CmsAjaxEvent } from '@/machines/cms-ajax-machine';
import { errorMessage, HttpError, requestAnswer } from './http-client';

/**
 * Posts one CMS asynchronous request (spec §7): the payload form-encoded to system/ajax (or the
 * element's href, or the form's action), and answers the machine's result event: the commands
 * with the verification header; a refusal (4xx) that carries commands is answered as commands
 * too, so the form shows why; otherwise the HTTP error with its status line and text, or an
 * abnormal end when there was no answer at all.
 */
export function postAjax(url: string, body: URLSearchParams): Observable<Exclude<CmsAjaxEvent, { type: 'ajax.requested' }>> {
  return requestAnswer(url, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }, timeoutMs: 30_000 }).pipe(
    map(({ status, statusText, headers, text }): Exclude<CmsAjaxEvent, { type: 'ajax.requested' }> => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(text) as unknown;
      } catch (error) {
        if (status >= 200 && status < 300) return { type: 'ajax.threw', message: errorMessage(error) };
      }
      const commands = parseCommands(answer);
      const ok = status >= 200 && status < 300;
      if (commands && (ok || (status >= 400 && status < 500 && commands.length > 0))) {
        return { type: 'ajax.answered', commands, verification: headers.get(VERIFICATION_HEADER) };
      }
      if (ok) return { type: 'ajax.threw', message: 'The answer is not a list of commands' };
      return { type: 'ajax.http.failed', failure: { status, statusText, uri: url, responseText: text, readyState: 4 }, unloading: false };
    }),
    catchError((error: unknown) =>
      of<Exclude<CmsAjaxEvent, { type: 'ajax.requested' }>>({
        type: 'ajax.aborted',
        failure: { status: 0, statusText: 'error', uri: url, responseText: '', customMessage: error instanceof HttpError ? error.message : errorMessage(error), readyState: 0 },
      }),
    ),
  );
}
