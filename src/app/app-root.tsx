import { StrictMode, useEffect, type ReactNode } from 'react';
import type { PageSettings } from '@/domain/settings';
import type { SiteActors } from '@/bindings/actors/site-actors';
import { SiteProvider } from '@/bindings/site-context';

/** Marks the document once hydration has committed (end-to-end tests wait for it). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * The same tree on the server and in the browser around the router, so that React's ids
 * (react-aria labels and descriptions) match when the page hydrates.
 */
export function AppRoot({ page, actors, children }: { page: PageSettings; actors: SiteActors; children: ReactNode }) {
  return (
    <StrictMode>
      <SiteProvider page={page} actors={actors}>
        {children}
        <HydrationMark />
      </SiteProvider>
    </StrictMode>
  );
}
