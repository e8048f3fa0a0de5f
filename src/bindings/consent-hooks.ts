import { useSelector } from '@xstate/react';
import { createActor, type Actor } from 'xstate';
import { sharedGa4, type Ga4 } from '@/effects/ga4';
import { consentMachine, type ConsentCategory, type ConsentChoice } from '@/machines/consent-machine';
import { readConsent, writeConsent } from '@/persistence/consent-storage';
import { defineLazyActor } from './actors/site-actors';
import { useSiteActors } from './site-context';

/**
 * The cookie choice: read from storage (a missing or unreadable one shows the banner), kept when
 * made, and applied to GA4. Only with a GA4 measurement id: without one nothing needs consent.
 */
export function connectConsent(consent: Actor<typeof consentMachine>, ga4: Pick<Ga4, 'applyConsent'>, storage?: Storage | null): () => void {
  const subscriptions = [
    consent.on('consent.store.requested', ({ choice }) => writeConsent(choice, storage)),
    consent.on('consent.applied', ({ choice }) => ga4.applyConsent(choice)),
  ];
  consent.send({ type: 'consent.restored', choice: readConsent(storage) });
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}

// The consent actor and its code come with the banner's module, on pages of a site with GA4.
defineLazyActor('consent', {
  create: () => createActor(consentMachine),
  connect: (actor, _actors, page) => {
    const id = page.settings.analytics?.ga4_measurement_id ?? '';
    return id ? connectConsent(actor, sharedGa4(id)) : () => {};
  },
});

/** The cookie banner's state and actions (issue 16 Consent). */
export function useConsent(): {
  shown: boolean;
  choosing: boolean;
  draft: ConsentChoice;
  accept: () => void;
  reject: () => void;
  choose: () => void;
  toggle: (category: ConsentCategory) => void;
  save: () => void;
  close: () => void;
} {
  const { consent } = useSiteActors();
  const shown = useSelector(consent, (s) => s.hasTag('banner'));
  const choosing = useSelector(consent, (s) => s.matches('choosing'));
  const draft = useSelector(consent, (s) => s.context.draft);
  return {
    shown,
    choosing,
    draft,
    accept: () => consent.send({ type: 'consent.accepted' }),
    reject: () => consent.send({ type: 'consent.rejected' }),
    choose: () => consent.send({ type: 'consent.choose.opened' }),
    toggle: (category) => consent.send({ type: 'consent.category.toggled', category }),
    save: () => consent.send({ type: 'consent.saved' }),
    close: () => consent.send({ type: 'consent.closed' }),
  };
}
