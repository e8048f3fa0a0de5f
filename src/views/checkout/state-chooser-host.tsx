import { useMadeActor } from '@/bindings/made-actor-hooks';
import { deferred } from '@/bindings/deferred';
import { useDeferred } from '@/bindings/use-deferred';

const stateChooser = deferred(() => import('./state-chooser'));

/**
 * The page shell's insurance state chooser (spec §5): its code loads once the page has made its
 * actor — the checkout page, or a guarded click without a known state — and never otherwise.
 */
export function StateChooserHost() {
  const made = useMadeActor('insuranceState') !== undefined;
  const loaded = useDeferred(stateChooser, made);
  return made && loaded ? <loaded.StateChooser /> : null;
}
