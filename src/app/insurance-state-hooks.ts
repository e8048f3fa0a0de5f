import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { insuranceStateMachine, type StateTrigger } from '@/machines/insurance-state-machine';
import { readInsuranceState } from '@/persistence/insurance-state-cookie';
import { connectInsuranceState } from './insurance-state-wiring';
import { defineLazyActor } from './site-actors';
import { useSiteActors } from './site-context';

/*
 * The insurance state check's actor (spec §5), made by the checkout page and by the first guarded
 * click of another page without a known state (src/app/state-guard-hooks.ts); it comes with the chooser.
 */
defineLazyActor('insuranceState', {
  create: (page) => {
    const states = page.settings.insurance.states;
    return createActor(insuranceStateMachine, { input: { configured: Object.keys(states).length > 0, province: readInsuranceState(states) } });
  },
  connect: connectInsuranceState,
});

/** The insurance state chooser (spec §5 Insurance state check). */
export function useInsuranceState() {
  const { insuranceState } = useSiteActors();
  const open = useSelector(insuranceState, (s) => s.matches('choosing'));
  const canConfirm = useSelector(insuranceState, (s) => s.matches({ choosing: 'chosen' }));
  const choice = useSelector(insuranceState, (s) => s.context.choice);
  const province = useSelector(insuranceState, (s) => s.context.province);
  /** Hears the click that goes ahead once the state is known (one listener per page, not per render). */
  const onProceed = useCallback(
    (listener: (trigger: StateTrigger, province: string | null) => void) => {
      const subscription = insuranceState.on('state.proceed', ({ trigger, province: chosen }) => listener(trigger, chosen));
      return () => subscription.unsubscribe();
    },
    [insuranceState],
  );
  return {
    open,
    canConfirm,
    choice,
    province,
    trigger: (trigger: StateTrigger) => insuranceState.send({ type: 'state.triggered', trigger }),
    change: (value: string) => insuranceState.send({ type: 'state.choice.changed', value }),
    confirm: () => insuranceState.send({ type: 'state.confirmed' }),
    dismiss: () => insuranceState.send({ type: 'state.dismissed' }),
    onProceed,
  };
}
