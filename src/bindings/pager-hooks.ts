import { useActorRef, useSelector } from '@xstate/react';
import { pagerMachine } from '@/machines/pager-machine';
import { useInspect } from './inspect-context';

export interface Pager {
  /** The active page, from 0. */
  page: number;
  /** The visitor has changed page: new pages fade in. */
  moved: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  next: () => void;
  previous: () => void;
}

/**
 * A paged list's pager (spec §2 Other displays): its own actor, started on the page marked centre,
 * so the server's HTML and the first paint in the browser show the same page.
 */
export function usePager(pageCount: number, centre = 0): Pager {
  const actor = useActorRef(pagerMachine, { input: { pageCount, centre }, inspect: useInspect() });
  const page = useSelector(actor, (s) => s.context.page);
  const moved = useSelector(actor, (s) => s.context.moved);
  const canGoBack = useSelector(actor, (s) => s.matches('between') || s.matches('atEnd'));
  const canGoForward = useSelector(actor, (s) => s.matches('between') || s.matches('atStart'));
  return {
    page,
    moved,
    canGoBack,
    canGoForward,
    next: () => actor.send({ type: 'pager.next' }),
    previous: () => actor.send({ type: 'pager.previous' }),
  };
}
