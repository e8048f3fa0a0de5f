import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { PageSettings } from '@/domain/settings';
import { createRoutes, documentTitle } from './routes';
import { createSiteActors } from './site-actors';
import { SiteProvider } from './site-context';
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
  const failed = state.errors !== null && Object.keys(state.errors).length > 0;
  document.title = documentTitle(state.matches, state.loaderData, page.settings.site.name, failed);
});

/** Marks the document once hydration has committed (end-to-end tests wait for it). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

hydrateRoot(
  document.getElementById('root') as HTMLElement,
  <StrictMode>
    <SiteProvider page={page} actors={actors}>
      <RouterProvider router={router} />
      <HydrationMark />
    </SiteProvider>
  </StrictMode>,
);
