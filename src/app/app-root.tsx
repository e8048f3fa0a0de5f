import { StrictMode, useEffect, type ReactNode } from 'react';
import type { PageSettings } from '@/domain/settings';
import type { SiteActors } from '@/bindings/actors/site-actors';
import { SiteProvider } from '@/bindings/site-context';
import { replayTypedValues } from '@/bindings/typed-values';

declare global {
  interface Window {
    /** Taps kept since the first paint, before the page was live (server/html.ts EARLY_INPUT_SCRIPT). */
    __earlyInput?: { release: (before?: () => void) => void };
  }
}

/**
 * Once hydration has committed and the page's effects have run (this is the last part of the
 * tree), plays again what the visitor did before: the text typed into fields of the hydrated
 * page, before any render could put the server's values back (parts still asleep tell theirs when
 * they wake), then, a task later, the kept taps. Then marks the document (end-to-end tests wait
 * for it).
 */
function HydrationMark() {
  useEffect(() => {
    const root = document.getElementById('root');
    window.__earlyInput?.release(() => root && replayTypedValues(root, (field) => field.closest('[data-island]:not([data-live])') !== null));
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
