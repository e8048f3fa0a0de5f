import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContentSource } from '../src/domain/content.ts';
import type { PageSettings } from '../src/domain/settings.ts';
import type { RenderResult, SearchPorts, render as renderPage } from '../src/app/entry-server.tsx';
import type { PageAssets } from './html.ts';

export type { RenderResult };

/** Renders pages on the server: the production build, or Vite's module graph in development. */
export interface PageRenderer {
  render(options: { request: Request; content: ContentSource; page: PageSettings; nonce: string; search?: SearchPorts }): Promise<RenderResult>;
  /** The page's scripts and styles; `modules` are the page modules of its routes (their chunks are preloaded). */
  assets(nonce: string, modules?: readonly string[]): PageAssets;
  /** Static client files (production): served under /assets with long cache headers. */
  clientDir?: string;
  /** Vite's connect middleware (development). */
  middleware?: (req: unknown, res: unknown, next: () => void) => void;
  close(): Promise<void>;
}

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The files a chunk needs before it runs: its own and those of its static imports, each once,
 * imports first (`skip` holds files already counted, e.g. the entry's).
 */
export function chunkFiles(manifest: Manifest, names: readonly string[], skip: ReadonlySet<string> = new Set()): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) return;
    chunk.imports?.forEach(visit);
    if (!skip.has(chunk.file)) scripts.push(chunk.file);
    chunk.css?.forEach((css) => {
      if (!skip.has(css) && !styles.includes(css)) styles.push(css);
    });
  };
  names.forEach(visit);
  return { scripts, styles };
}

const CLIENT_ENTRY = 'src/app/entry-client.tsx';

/** The production renderer: `dist/server/entry-server.js` and the client manifest. */
export async function createBuildRenderer(distDir: string): Promise<PageRenderer> {
  const manifestFile = path.join(distDir, 'client', '.vite', 'manifest.json');
  const serverEntry = path.join(distDir, 'server', 'entry-server.js');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(serverEntry)) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` (npm start does it for you).`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  if (!manifest[CLIENT_ENTRY]) throw new Error(`The client manifest has no entry for ${CLIENT_ENTRY}`);
  const entry = chunkFiles(manifest, [CLIENT_ENTRY]);
  const loaded = new Set([...entry.scripts, ...entry.styles]);
  const url = (file: string) => `/${file}`;
  // Per page: the entry script, and the page module's chunks preloaded beside it (no waterfall).
  const byModules = new Map<string, PageAssets>();
  const assetsFor = (modules: readonly string[] = []): PageAssets => {
    const key = modules.join('|');
    let assets = byModules.get(key);
    if (!assets) {
      const page = chunkFiles(manifest, modules, loaded);
      const entryFile = entry.scripts[entry.scripts.length - 1] ?? '';
      assets = {
        scripts: [url(entryFile)],
        preloads: [...entry.scripts.slice(0, -1), ...page.scripts].map(url),
        styles: [...entry.styles, ...page.styles].map(url),
      };
      byModules.set(key, assets);
    }
    return assets;
  };
  const module = (await import(pathToFileURL(serverEntry).href)) as { render: typeof renderPage };
  return {
    render: module.render,
    assets: (_nonce, modules) => assetsFor(modules),
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
