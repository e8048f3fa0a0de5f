import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { connectLazyBackground } from '@/effects/lazy-background';
import { lazyBackgroundMachine } from '@/machines/lazy-background-machine';
import { useInspect } from './inspect-context';

export type LazyBackgroundState = 'rechecking' | 'gaveUp' | 'loading' | 'shown' | 'failed';

/**
 * A lazy background image (spec §4 Lazy content): its own actor, made and wired once the area is
 * in the page (the server and the first paint show the area's plain colour). Returns the ref to
 * put on the area and the actor's state; the background is drawn in 'shown'.
 */
export function useLazyBackground<T extends HTMLElement>(src: string): [RefObject<T | null>, LazyBackgroundState] {
  const ref = useRef<T>(null);
  const inspect = useInspect();
  const [actor, setActor] = useState<ActorRefFrom<typeof lazyBackgroundMachine> | undefined>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const made = createActor(lazyBackgroundMachine, { inspect });
    const disconnect = connectLazyBackground(made, element, src);
    made.start();
    setActor(made);
    return () => {
      disconnect();
      made.stop();
    };
  }, [src, inspect]);
  const state = useSelector(actor, (s) => (s ? (s.value as LazyBackgroundState) : 'rechecking'));
  return [ref, state];
}
