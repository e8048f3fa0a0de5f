import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PageSettings } from '@/domain/settings';
import { hydrationContext, type RouteData } from './route-data';
import { createRoutes, loadMatchedRoutes } from './routes';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { AppRoot } from './app-root';
import { wireEffects } from './wire-effects';
import { yieldToMain } from '@/effects/main-thread';
import '@/views/styles.css';

const json = <T,>(id: string): T => JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T;

/*
 * Every link on the site is a page load (the server renders each page), so the browser never
 * navigates between routes: it hydrates the server's route tree with React Router's static data
 * router, given the routes' loader data and errors from the page. (A browser router would add
 * its navigation engine, about 15 kB gzip, to every page for nothing.) The page's own module,
 * preloaded by the server's HTML, is in place before hydration starts.
 *
 * The start is split into tasks (issue 24): the modules' evaluation, the actors, their effects, and
 * hydration each give the main thread back before the next (a phone paints and hears taps
 * between them). Hydration is a transition: React then hydrates in slices of a few milliseconds and
 * gives the main thread back between them, instead of one task as long as the whole page (a
 * phone's first seconds). Taps meanwhile are kept by the head script and played once the page
 * has hydrated (src/bindings/early-input.ts); an input React hears on a part not hydrated yet
 * makes it hydrate that part at once.
 */
async function start(): Promise<void> {
  const page = json<PageSettings>('page-settings');
  const routes = createRoutes(page.settings);
  const { pathname, search, hash } = window.location;
  // The page's module was preloaded: it loads while the actors start.
  const matched = loadMatchedRoutes(routes, pathname);
  matched.catch(() => undefined); // its failure is start()'s, once awaited below
  await yieldToMain();
  const actors = createSiteActors(page, window.location.origin);
  await yieldToMain();
  wireEffects(actors, page);
  await matched;
  await yieldToMain();
  const context = hydrationContext(routes, { pathname, search, hash, state: null, key: 'default' }, json<RouteData>('route-data'));
  const router = createStaticRouter(routes, context);
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root') as HTMLElement,
      <AppRoot page={page} actors={actors}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>,
    );
  });
}

// The page's app starts only on a page the server rendered as one (its route data): a page of
// the server's own that imports a module sharing this chunk (the owner's login with the captcha)
// must not start the site's actors and effects.
if (document.getElementById('route-data')) void start();
