import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { NewListingEntries } from '@/domain/owner/editor-checks';
import type { FieldProblem } from '@/domain/owner/listing-content';
import type { OwnerListingRow } from '@/domain/owner/owner-api';
import { focusInView } from '@/effects/focus';
import { navigateTo } from '@/effects/navigation';
import { connectOwnerListings } from '@/effects/owner-listings';
import { ownerListingsMachine } from '@/machines/owner-listings-machine';
import { useInspect } from './inspect-context';

export type OwnerListingsState = 'loading' | 'failed' | 'browsing' | 'adding' | 'creating' | 'createFailed' | 'created';

export interface OwnerListings {
  state: OwnerListingsState;
  listings: OwnerListingRow[];
  message: string;
  entries: NewListingEntries;
  problems: FieldProblem[];
  retry: () => void;
  openAdd: () => void;
  closeAdd: () => void;
  change: (field: keyof NewListingEntries, value: string) => void;
  submit: () => void;
}

/** The id of a field of the 'Add a home' dialog (its focus target). */
export const addFieldId = (field: string): string => `add-home-${field}`;

/**
 * The owner's listings actor (src/machines/owner-listings-machine.ts), wired to its effects;
 * `open` leaves for the new listing's editor (a stand-in in tests).
 */
export function useOwnerListings(open: (url: string) => void = navigateTo): OwnerListings {
  const inspect = useInspect();
  const actor = useActorRef(ownerListingsMachine, { inspect });
  useEffect(() => {
    const disconnect = connectOwnerListings(actor, {
      open,
      focusField: (field) => {
        const element = document.getElementById(addFieldId(field));
        if (element) focusInView(element);
      },
    });
    actor.send({ type: 'listings.opened' });
    return disconnect;
  }, [actor, open]);
  const state = useSelector(actor, (s): OwnerListingsState => {
    if (s.matches('ready')) return (s.value as { ready: OwnerListingsState }).ready;
    return s.value === 'failed' ? 'failed' : 'loading';
  });
  return {
    state,
    listings: useSelector(actor, (s) => s.context.listings),
    message: useSelector(actor, (s) => s.context.message),
    entries: useSelector(actor, (s) => s.context.entries),
    problems: useSelector(actor, (s) => s.context.problems),
    retry: () => actor.send({ type: 'listings.retried' }),
    openAdd: () => actor.send({ type: 'listing.add.opened' }),
    closeAdd: () => actor.send({ type: 'listing.add.closed' }),
    change: (field, value) => actor.send({ type: 'listing.add.changed', field, value }),
    submit: () => actor.send({ type: 'listing.add.submitted' }),
  };
}
