import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import type { StateTrigger } from '@/machines/insurance-state-machine';
import { useSiteActors } from './site-context';
import './actors/insurance-state-actors';

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
