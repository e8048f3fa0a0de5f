import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import siteJson from '../config/site.json';
import { createSiteActors, stopSiteActors, type SiteActors } from '@/app/site-actors';
import { SiteProvider } from '@/app/site-context';
import { parseSiteSettings, type PageSettings } from '@/domain/settings';

/**
 * jsdom has no `CSS.escape`, which react-aria's Modal calls (getMetaValue). This is the
 * CSSOM algorithm (https://drafts.csswg.org/cssom/#serialize-an-identifier), for tests only.
 */
function cssEscape(value: string): string {
  const text = String(value);
  let result = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const char = text.charAt(i);
    if (code === 0) result += '\uFFFD';
    else if ((code >= 0x1 && code <= 0x1f) || code === 0x7f || (i === 0 && code >= 0x30 && code <= 0x39) || (i === 1 && code >= 0x30 && code <= 0x39 && text.charCodeAt(0) === 0x2d)) {
      result += `\\${code.toString(16)} `;
    } else if (i === 0 && text.length === 1 && code === 0x2d) result += `\\${char}`;
    else if (code >= 0x80 || code === 0x2d || code === 0x5f || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) {
      result += char;
    } else result += `\\${char}`;
  }
  return result;
}
const globalCss = globalThis as unknown as { CSS?: { escape?: (value: string) => string } };
if (typeof globalCss.CSS?.escape !== 'function') globalCss.CSS = { ...(globalCss.CSS ?? {}), escape: cssEscape };

/** The site owner's real configuration, validated as the server does. */
export const siteSettings = parseSiteSettings(siteJson);

export function pageSettings(overrides: Partial<Omit<PageSettings, 'settings'>> = {}): PageSettings {
  return { settings: siteSettings, messages: [], flagged: [], ...overrides };
}

/**
 * The page's actors as the app creates them, except the one under test, which the test creates
 * itself with the same input and an inspector (`createSiteActors` starts its actors before
 * anyone could inspect them).
 */
export function siteActorsWith<K extends keyof SiteActors>(page: PageSettings, key: K, underTest: SiteActors[K]): SiteActors {
  const actors = createSiteActors(page, window.location.origin);
  actors[key].stop();
  return { ...actors, [key]: underTest };
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
