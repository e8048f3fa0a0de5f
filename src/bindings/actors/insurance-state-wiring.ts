import { saveInsuranceState } from '@/persistence/insurance-state-cookie';
import type { SiteActors } from './site-actors';

type InsuranceStateActor = SiteActors['insuranceState'];

/** The guarded click of each page's chooser that waits for the state (one at a time: the chooser is modal). */
const waiting = new WeakMap<InsuranceStateActor, () => void>();

/**
 * Opens the state chooser for a guarded button or link (src/app/state-guard-hooks.ts); `proceed` plays
 * the original click again once the state is confirmed (or at once when it is known already).
 */
export function awaitInsuranceState(insuranceState: InsuranceStateActor, proceed: () => void): void {
  waiting.set(insuranceState, proceed);
  insuranceState.send({ type: 'state.triggered', trigger: 'guard' });
}

/** A chosen insurance state is saved (rcstate, path /); a guarded click that waited for it goes ahead. */
export function connectInsuranceState(insuranceState: InsuranceStateActor): () => void {
  const subscriptions = [
    insuranceState.on('state.saved', ({ province }) => saveInsuranceState(province)),
    insuranceState.on('state.proceed', ({ trigger }) => {
      const proceed = waiting.get(insuranceState);
      if (trigger !== 'guard' || !proceed) return;
      waiting.delete(insuranceState);
      proceed();
    }),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
