import { connectFlagCookie } from '@/persistence/flag-cookie';
import { markHasJs } from '@/persistence/has-js-cookie';
import { logRefusedTarget, navigateTo } from '@/effects/navigation';
import { scrollPosition$ } from '@/effects/scroll';
import type { PageSettings } from '@/domain/settings';
import type { SiteActors } from './site-actors';

/**
 * Connects the page's actors to the browser: persistence restores and saves them, effects
 * feed them events and carry out what they emit. Returns the disposer.
 */
export function wireEffects(actors: SiteActors, page: PageSettings): () => void {
  if (page.settings.site.has_js_cookie) markHasJs();
  const disposers: Array<() => void> = [];
  disposers.push(connectFlagCookie(actors.favourites));

  const scroll = scrollPosition$().subscribe((y) => actors.header.send({ type: 'header.scrolled', y }));
  disposers.push(() => scroll.unsubscribe());

  const navigation = actors.jumpMenu.on('navigation.requested', ({ url }) => navigateTo(url));
  const refused = actors.jumpMenu.on('jump.target.refused', ({ value, reason }) => logRefusedTarget(value, reason));
  const full = actors.favourites.on('favourites.limit.reached', ({ limit }) =>
    console.warn(`Favourites are full: at most ${limit} items can be kept.`),
  );
  disposers.push(() => {
    navigation.unsubscribe();
    refused.unsubscribe();
    full.unsubscribe();
  });
  return () => disposers.forEach((dispose) => dispose());
}
