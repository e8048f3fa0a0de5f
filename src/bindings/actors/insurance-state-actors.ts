import { createActor } from 'xstate';
import { insuranceStateMachine } from '@/machines/insurance-state-machine';
import { readInsuranceState } from '@/persistence/insurance-state-cookie';
import { connectInsuranceState } from './insurance-state-wiring';
import { defineLazyActor } from './site-actors';

/*
 * The insurance state check's actor (spec §5), made by the checkout page and by the first guarded
 * click of another page without a known state (src/bindings/state-guard-hooks.ts); it comes with the chooser.
 */
defineLazyActor('insuranceState', {
  create: (page) => {
    const states = page.settings.insurance.states;
    return createActor(insuranceStateMachine, { input: { configured: Object.keys(states).length > 0, province: readInsuranceState(states) } });
  },
  connect: connectInsuranceState,
});
