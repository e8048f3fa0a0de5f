import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { PageSettings } from '@/domain/settings';
import { createRoutes, documentTitle } from './routes';
import { createSiteActors } from './site-actors';
import { AppRoot } from './app-root';
import { wireEffects } from './wire-effects';
import '@/views/styles.css';

const settingsElement = document.getElementById('page-settings');
const page = JSON.parse(settingsElement?.textContent ?? 'null') as PageSettings;
const actors = createSiteActors(page, window.location.origin);
wireEffects(actors, page);

const router = createBrowserRouter(createRoutes(page.settings), {
  hydrationData: (window as unknown as { __staticRouterHydrationData?: object }).__staticRouterHydrationData,
});
router.subscribe((state) => {
  if (state.navigation.state !== 'idle') return;
  document.title = documentTitle(state.matches, state.loaderData, page.settings.site.name, state.errors);
});

hydrateRoot(
  document.getElementById('root') as HTMLElement,
  <AppRoot page={page} actors={actors}>
    <RouterProvider router={router} />
  </AppRoot>,
);
