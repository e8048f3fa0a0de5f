import { StrictMode, useEffect, type ReactNode } from 'react';
import type { PageSettings } from '@/domain/settings';
import type { SiteActors } from '@/bindings/actors/site-actors';
import { SiteProvider } from '@/bindings/site-context';
import { releaseEarlyInput } from '@/bindings/early-input';

/**
 * Once hydration has committed and the page's effects have run (this is the last part of the
 * tree), what the visitor did before is played again (src/bindings/early-input.ts), and the
 * document is marked (end-to-end tests wait for it).
 */
function HydrationMark() {
  useEffect(() => {
    releaseEarlyInput();
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
