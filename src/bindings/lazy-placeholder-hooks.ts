import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { map, switchMap, from, type Observable } from 'rxjs';
import { createActor, type ActorRefFrom } from 'xstate';
import { HttpError, requestAnswer } from '@/effects/http-client';
import { firstVisible$ } from '@/effects/visibility';
import { lazyPlaceholderMachine } from '@/machines/lazy-placeholder-machine';
import { useInspect } from './inspect-context';

type PlaceholderActor = ActorRefFrom<typeof lazyPlaceholderMachine>;

/**
 * GET {url} as HTML (spec §7 GET {data-bto-jump-select url}), passed through the one sanitizer
 * before it goes anywhere: the sanitizer (DOMPurify) loads with it, not with the page.
 */
export function fetchPlaceholderHtml(url: string): Observable<string> {
  return requestAnswer(url, { headers: { Accept: 'text/html' } }).pipe(
    map(({ status, statusText, text }) => {
      if (status < 200 || status > 299) throw new HttpError(status, url, `HTTP ${status} ${statusText}`.trim());
      return text;
    }),
    switchMap((html) => from(import('./html-sanitizer').then(({ sanitizeHtml }) => sanitizeHtml(html)))),
  );
}

/** The I/O of a lazy placeholder; tests play the page and the server through it. */
export interface LazyPlaceholderEffects {
  visible: (element: Element) => Observable<void>;
  fetchHtml: (url: string) => Observable<string>;
}

export const browserLazyPlaceholderEffects: LazyPlaceholderEffects = { visible: (element) => firstVisible$(element), fetchHtml: fetchPlaceholderHtml };

/** Wires one placeholder's actor: seen when visible, its HTML fetched when asked. Returns the disposer. */
export function connectLazyPlaceholder(actor: PlaceholderActor, element: Element, effects: LazyPlaceholderEffects = browserLazyPlaceholderEffects): () => void {
  const seen = effects.visible(element).subscribe(() => actor.send({ type: 'placeholder.seen' }));
  let fetching = { unsubscribe: () => {} };
  const asked = actor.on('placeholder.fetch', ({ url }) => {
    fetching.unsubscribe();
    fetching = effects.fetchHtml(url).subscribe({
      next: (html) => actor.send({ type: 'placeholder.loaded', html }),
      error: (error: unknown) => actor.send({ type: 'placeholder.failed', message: error instanceof Error ? error.message : String(error) }),
    });
  });
  return () => {
    seen.unsubscribe();
    asked.unsubscribe();
    fetching.unsubscribe();
  };
}

export interface LazyPlaceholderView {
  state: 'waiting' | 'loading' | 'shown' | 'failed';
  /** The sanitized HTML, once shown. */
  html: string;
  retry: () => void;
}

/**
 * A lazy placeholder block (spec §2, §4 Lazy content): its actor is made once the block is in the
 * page, fetches its HTML when the block comes into view and replaces it with that HTML.
 */
export function useLazyPlaceholder<T extends HTMLElement>(url: string, effects?: LazyPlaceholderEffects): [RefObject<T | null>, LazyPlaceholderView] {
  const ref = useRef<T>(null);
  const inspect = useInspect();
  const [actor, setActor] = useState<PlaceholderActor | undefined>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const made = createActor(lazyPlaceholderMachine, { input: { url }, inspect });
    made.start();
    const disconnect = connectLazyPlaceholder(made, element, effects);
    setActor(made);
    return () => {
      disconnect();
      made.stop();
    };
  }, [url, inspect, effects]);
  const state = useSelector(actor, (s) => (s ? (s.value as LazyPlaceholderView['state']) : 'waiting'));
  const html = useSelector(actor, (s) => s?.context.html ?? '');
  return [ref, { state, html, retry: () => actor?.send({ type: 'placeholder.retried' }) }];
}
