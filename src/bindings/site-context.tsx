import { createContext, useContext, type ReactNode } from 'react';
import type { PageSettings, SiteSettings } from '@/domain/settings';
import type { SiteActors } from './actors/site-actors';

const SiteContext = createContext<{ page: PageSettings; actors: SiteActors } | null>(null);

export function SiteProvider({ page, actors, children }: { page: PageSettings; actors: SiteActors; children: ReactNode }) {
  return <SiteContext.Provider value={{ page, actors }}>{children}</SiteContext.Provider>;
}

function useSite() {
  const site = useContext(SiteContext);
  if (!site) throw new Error('SiteProvider is missing above this component');
  return site;
}

export function useSiteActors(): SiteActors {
  return useSite().actors;
}

/** The page's content version (PageSettings.contentVersion): what its documents were made from. */
export function useContentVersion(): string {
  return useSite().page.contentVersion;
}

export function useSettings(): SiteSettings {
  return useSite().page.settings;
}
