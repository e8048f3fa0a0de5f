import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContentSource } from '../src/domain/content.ts';
import type { PageSettings } from '../src/domain/settings.ts';
import type { RenderResult, render as renderPage } from '../src/app/entry-server.tsx';
import type { PageAssets } from './html.ts';

export type { RenderResult };

/** Renders pages on the server: the production build, or Vite's module graph in development. */
export interface PageRenderer {
  render(options: { request: Request; content: ContentSource; page: PageSettings; nonce: string }): Promise<RenderResult>;
  assets(nonce: string): PageAssets;
  /** Static client files (production): served under /assets with long cache headers. */
  clientDir?: string;
  /** Vite's connect middleware (development). */
  middleware?: (req: unknown, res: unknown, next: () => void) => void;
  close(): Promise<void>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const CLIENT_ENTRY = 'src/app/entry-client.tsx';

/** The production renderer: `dist/server/entry-server.js` and the client manifest. */
export async function createBuildRenderer(distDir: string): Promise<PageRenderer> {
  const manifestFile = path.join(distDir, 'client', '.vite', 'manifest.json');
  const serverEntry = path.join(distDir, 'server', 'entry-server.js');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(serverEntry)) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` (npm start does it for you).`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The client manifest has no entry for ${CLIENT_ENTRY}`);
  const styles = new Set<string>();
  const visit = (chunk: ManifestChunk | undefined) => {
    if (!chunk) return;
    chunk.css?.forEach((css) => styles.add(`/${css}`));
    chunk.imports?.forEach((name) => visit(manifest[name]));
  };
  visit(entry);
  const module = (await import(pathToFileURL(serverEntry).href)) as { render: typeof renderPage };
  return {
    render: module.render,
    assets: () => ({ scripts: [`/${entry.file}`], styles: [...styles] }),
    clientDir: path.join(distDir, 'client'),
    close: async () => {},
  };
}

/** The development renderer: Vite in middleware mode, modules reloaded on change. */
export async function createViteRenderer(root: string, options: { hmr: boolean } = { hmr: true }): Promise<PageRenderer> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root, server: { middlewareMode: true, hmr: options.hmr }, appType: 'custom' });
  return {
    render: async (options) => {
      const module = (await vite.ssrLoadModule('/src/app/entry-server.tsx')) as { render: typeof renderPage };
      return module.render(options);
    },
    assets: (nonce) => ({
      scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
      styles: [],
      headHtml:
        `<script type="module" nonce="${nonce}">import RefreshRuntime from "/@react-refresh";` +
        'RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};' +
        'window.$RefreshSig$=()=>(type)=>type;window.__vite_plugin_react_preamble_installed__=true;</script>',
    }),
    middleware: vite.middlewares as unknown as PageRenderer['middleware'],
    close: () => vite.close(),
  };
}
