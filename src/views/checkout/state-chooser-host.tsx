import { useMadeActor } from '@/app/made-actor-hooks';
import { stateChooser } from '@/app/state-guard-hooks';
import { useDeferred } from '@/app/use-deferred';

/**
 * The page shell's insurance state chooser (spec §5): its code loads once the page has made its
 * actor — the checkout page, or a guarded click without a known state — and never otherwise.
 */
export function StateChooserHost() {
  const made = useMadeActor('insuranceState') !== undefined;
  const loaded = useDeferred(stateChooser, made);
  return made && loaded ? <loaded.StateChooser /> : null;
}
