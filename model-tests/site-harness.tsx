import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import siteJson from '../config/site.json';
import { createSiteActors, LAZY_KEYS, provideActor, stopSiteActors, type LazyActorKey, type SiteActors } from '@/bindings/actors/site-actors';
import { SiteProvider } from '@/bindings/site-context';
import { parseSiteSettings, type PageSettings } from '@/domain/settings';


/** The site owner's real configuration, validated as the server does. */
export const siteSettings = parseSiteSettings(siteJson);

export function pageSettings(overrides: Partial<Omit<PageSettings, 'settings'>> = {}): PageSettings {
  return { settings: siteSettings, messages: [], flagged: [], specials: [], contentVersion: 'test', ...overrides };
}

/**
 * The page's actors as the app creates them, except the one under test, which the test creates
 * itself with the same input and an inspector (`createSiteActors` starts its actors before
 * anyone could inspect them).
 */
const LAZY: readonly string[] = LAZY_KEYS;

export function siteActorsWith<K extends keyof SiteActors>(page: PageSettings, key: K, underTest: SiteActors[K]): SiteActors {
  const actors = createSiteActors(page, window.location.origin);
  // Actors of features (prices, sharing) are made on first use: the one under test is handed in.
  if (LAZY.includes(key)) provideActor(actors, key as LazyActorKey, underTest as SiteActors[LazyActorKey]);
  else {
    actors[key].stop();
    Object.assign(actors, { [key]: underTest });
  }
  return actors;
}

export interface MountedSite {
  actors: SiteActors;
  view: RenderResult;
  /** Renders new content inside the same SiteProvider (a page showing other flag buttons, say). */
  rerender: (ui: ReactNode) => void;
  unmount: () => void;
}

/** Renders `ui` inside the SiteProvider, as the app's entry points do. */
export function mountSite(ui: ReactNode, page: PageSettings, actors: SiteActors): MountedSite {
  const withSite = (content: ReactNode) => (
    <SiteProvider page={page} actors={actors}>
      {content}
    </SiteProvider>
  );
  const view = render(withSite(ui));
  return {
    actors,
    view,
    rerender: (content) => view.rerender(withSite(content)),
    unmount: () => {
      view.unmount();
      stopSiteActors(actors);
    },
  };
}
