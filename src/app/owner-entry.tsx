/**
 * The owner's app at /admin/listings and /admin/listings/:eid: a build of its own (vite.owner.config.ts),
 * so nothing of it rides in the guests' pages. The server's shell (server/admin/owner-app-pages.ts)
 * renders no markup: the page is drawn here from the options it embeds.
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { OwnerEditorPage } from '@/views/owner/owner-editor-screen';
import { OwnerListingsPage, type OwnerPageOptions } from '@/views/owner/owner-listings-screen';
import type { MapTilesConfig } from '@/views/owner/owner-pin-map';
import { SITE_CONTENT_KINDS, type SiteContentKind } from '@/domain/owner/site-content';
import '@/views/styles.css';
import '@/views/owner/owner.css';

interface OwnerShellOptions extends OwnerPageOptions {
  tiles: MapTilesConfig;
  today: string;
}

// The content pages load their own code: the listings page keeps its budget.
const OwnerSiteContentPage = lazy(() => import('@/views/owner/owner-site-content-screen').then((module) => ({ default: module.OwnerSiteContentPage })));

const root = document.getElementById('owner-root');
const options = JSON.parse(document.getElementById('owner-options')?.textContent ?? 'null') as OwnerShellOptions | null;
const shell: OwnerShellOptions = options ?? { areas: [], types: [], tiles: { url: '/tiles/{z}/{x}/{y}.svg', attribution: '' }, today: new Date().toISOString().slice(0, 10) };
const editing = /^\/admin\/listings\/(\d+)\/?$/.exec(window.location.pathname);
const content = /^\/admin\/content\/([a-z]+)\/?$/.exec(window.location.pathname)?.[1];
const kind = SITE_CONTENT_KINDS.find((candidate): candidate is SiteContentKind => candidate === content);

function Page() {
  if (editing) return <OwnerEditorPage eid={Number(editing[1])} tiles={shell.tiles} />;
  if (kind) {
    return (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <OwnerSiteContentPage kind={kind} today={shell.today} tiles={shell.tiles} />
      </Suspense>
    );
  }
  return <OwnerListingsPage options={shell} />;
}

if (root) {
  createRoot(root).render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
}
