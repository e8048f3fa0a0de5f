import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { madeActor, subscribeToMadeActors, type LazyActorKey, type LazyActors } from './actors/site-actors';
import { useSiteActors } from './site-context';

/**
 * A lazy actor once some view has made it, else undefined (asking here never makes one): for
 * the page-wide parts that open when a feature's actor says so (its dialogs).
 */
export function useMadeActor<K extends LazyActorKey>(key: K): LazyActors[K] | undefined {
  const actors = useSiteActors();
  const get = () => madeActor(actors, key);
  return useSyncExternalStore((listener) => subscribeToMadeActors(actors, listener), get, get);
}

/** Whether a pricing modal or the Detailed Quote is open or on its way (their code is loaded then). */
export function usePricingDialogsWanted(): boolean {
  const modal = useMadeActor('availabilityModal');
  const quote = useMadeActor('quote');
  const modalOpen = useSelector(modal, (s) => s !== undefined && !s.matches('closed'));
  const quoteWanted = useSelector(quote, (s) => s !== undefined && (s.hasTag('pending') || s.matches('showing')));
  return modalOpen || quoteWanted;
}

/** Whether the share modal is open (its code is loaded with the order's dialogs). */
export function useShareShown(): boolean {
  return useSelector(useMadeActor('shareOrder'), (s) => s !== undefined && s.matches('shown'));
}
