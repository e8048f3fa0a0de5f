import { hydrateRoot } from 'react-dom/client';
import { createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PageSettings } from '@/domain/settings';
import { hydrationContext, type RouteData } from './route-data';
import { createRoutes, loadMatchedRoutes } from './routes';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { AppRoot } from './app-root';
import { wireEffects } from './wire-effects';
import '@/views/styles.css';

const json = <T,>(id: string): T => JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T;
const page = json<PageSettings>('page-settings');
const actors = createSiteActors(page, window.location.origin);
wireEffects(actors, page);

/*
 * Every link on the site is a page load (the server renders each page), so the browser never
 * navigates between routes: it hydrates the server's route tree with React Router's static data
 * router, given the routes' loader data and errors from the page. (A browser router would add
 * its navigation engine, about 15 kB gzip, to every page for nothing.) The page's own module,
 * preloaded by the server's HTML, is in place before hydration starts.
 */
const routes = createRoutes(page.settings);
const { pathname, search, hash } = window.location;
void loadMatchedRoutes(routes, pathname).then(() => {
  const context = hydrationContext(routes, { pathname, search, hash, state: null, key: 'default' }, json<RouteData>('route-data'));
  const router = createStaticRouter(routes, context);
  hydrateRoot(
    document.getElementById('root') as HTMLElement,
    <AppRoot page={page} actors={actors}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
});
