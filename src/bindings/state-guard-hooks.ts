import { useCallback, type MouseEvent } from 'react';
import type { SiteSettings } from '@/domain/settings';
import { readInsuranceState } from '@/persistence/insurance-state-cookie';
import { buyPageUrl } from './actors/buy-page';
import { useSettings, useSiteActors } from './site-context';

/**
 * The insurance state check of every page (spec §5): before quote links, buy buttons and state
 * triggers go ahead — the booking box's and the search results' Book and Quote, the Trips
 * Collection's Buy and Quote, the Detailed Quote's buy link — when insurance states are configured
 * and no rcstate cookie holds one, the modal state chooser opens; confirming saves rcstate and
 * plays the original click again, which then goes with `&province={state}`.
 *
 * This module is all a page with such triggers carries; the chooser, its machine and its effects
 * load with the first click that needs them, and only where states are configured.
 */

/** Whether a click must wait for the chooser: states are configured and the rcstate cookie holds none of them. */
const mustChoose = ({ insurance }: SiteSettings): boolean => Object.keys(insurance.states).length > 0 && readInsuranceState(insurance.states) === null;

/**
 * `guard(proceed)`: runs `proceed` (the click's own action) at once when no state is needed or
 * it is known, else once the chooser is confirmed; a dismissed chooser drops the click. Should
 * the chooser fail to load, the click still goes ahead (without a state: the checkout asks again).
 *
 * @example <Button onPress={() => guard(() => actions.book(offer))}>Book</Button>
 */
export function useStateGuard(): (proceed: () => void) => void {
  const settings = useSettings();
  const actors = useSiteActors();
  return useCallback(
    (proceed: () => void) => {
      if (!mustChoose(settings)) {
        proceed();
        return;
      }
      // The actor's definition comes first: the wiring makes it (actors.insuranceState).
      Promise.all([import('./actors/insurance-state-actors'), import('./actors/insurance-state-wiring')]).then(
        ([, wiring]) => wiring.awaitInsuranceState(actors.insuranceState, proceed),
        (error: unknown) => {
          console.warn(`The state chooser could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
          proceed();
        },
      );
    },
    [settings, actors],
  );
}

/** The links the check applies to: an item's buy page (the Detailed Quote's and the Trips Collection's). */
const GUARDED_LINK = /^\/rescms\/item\/[^/]+\/buy(?:[?#]|$)/;

/**
 * One click handler (onClick) for an area of links, HTML from the server included: a click on a
 * buy link waits for the state as a button does, then goes with `&province={state}`.
 */
export function useStateGuardedLinks(): (event: MouseEvent<HTMLElement>) => void {
  const settings = useSettings();
  const guard = useStateGuard();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link) || event.button !== 0 || event.defaultPrevented) return;
      const href = link.getAttribute('href') ?? '';
      if (!GUARDED_LINK.test(href)) return;
      if (!mustChoose(settings)) {
        link.setAttribute('href', buyPageUrl(href, settings));
        return;
      }
      event.preventDefault();
      // Confirmed: the same link is clicked again, and now goes with the state.
      guard(() => link.click());
    },
    [settings, guard],
  );
}
