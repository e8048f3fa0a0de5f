import { catchError, debounceTime, map, of, Subject, switchMap, type Observable } from 'rxjs';
import { requestJson } from './http-client';

/**
 * Autocomplete requests (spec §5): debounced while the visitor types, the older request
 * cancelled when a newer one starts. Yields `{ text, suggestions }` or `{ text, failed }`.
 */
export function suggestionsFor(
  url: string,
  limit: number,
  debounceMs = 120,
): { ask: (text: string) => void; replies$: Observable<{ text: string; suggestions: string[] } | { text: string; failed: true }> } {
  const asks = new Subject<string>();
  const replies$ = asks.pipe(
    debounceTime(debounceMs),
    switchMap((text) =>
      requestJson<{ suggestions?: unknown }>(`${url}?${new URLSearchParams({ q: text, limit: String(limit) })}`).pipe(
        map((body) => ({
          text,
          suggestions: Array.isArray(body.suggestions)
            ? body.suggestions.filter((s): s is string => typeof s === 'string' && s.length <= 200).slice(0, limit)
            : [],
        })),
        catchError(() => of({ text, failed: true as const })),
      ),
    ),
  );
  return { ask: (text) => asks.next(text), replies$ };
}
