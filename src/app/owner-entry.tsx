/**
 * The owner's app at /admin/listings and /admin/listings/:eid: a build of its own (vite.owner.config.ts),
 * so nothing of it rides in the guests' pages. The server's shell (server/admin/owner-app-pages.ts)
 * renders no markup: the page is drawn here from the options it embeds.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OwnerEditorPage } from '@/views/owner/owner-editor-screen';
import { OwnerListingsPage, type OwnerPageOptions } from '@/views/owner/owner-listings-screen';
import type { MapTilesConfig } from '@/views/owner/owner-pin-map';
import '@/views/styles.css';
import '@/views/owner/owner.css';

interface OwnerShellOptions extends OwnerPageOptions {
  tiles: MapTilesConfig;
}

const root = document.getElementById('owner-root');
const options = JSON.parse(document.getElementById('owner-options')?.textContent ?? 'null') as OwnerShellOptions | null;
const shell: OwnerShellOptions = options ?? { areas: [], types: [], tiles: { url: '/tiles/{z}/{x}/{y}.svg', attribution: '' } };
const editing = /^\/admin\/listings\/(\d+)\/?$/.exec(window.location.pathname);

if (root) {
  createRoot(root).render(
    <StrictMode>{editing ? <OwnerEditorPage eid={Number(editing[1])} tiles={shell.tiles} /> : <OwnerListingsPage options={shell} />}</StrictMode>,
  );
}
