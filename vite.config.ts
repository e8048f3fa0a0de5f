import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const src = fileURLToPath(new URL('./src', import.meta.url));
/** React Router's production build (its package exports only the development one). */
const routerBuild = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));

/**
 * React Router's build names its components for React's dev tools (`Link.displayName = …`):
 * writes that keep Link, NavLink, Form… in the bundle although the site uses none of them.
 */
const withoutRouterDisplayNames: Plugin = {
  name: 'without-router-display-names',
  apply: 'build',
  transform(code, id) {
    if (!id.includes('/node_modules/react-router/dist/')) return null;
    return { code: code.replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, ''), map: null };
  },
};

// Client build: `vite build` (hashed assets and a manifest in dist/client).
// Server-rendering build: `vite build --ssr src/app/entry-server.tsx --outDir dist/server`.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), withoutRouterDisplayNames],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // React 19 has useSyncExternalStore: @xstate/react's imports of the React 16/17 shim take React's own.
      { find: /^use-sync-external-store\/shim$/, replacement: `${src}/vendor/use-sync-external-store-shim.ts` },
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      // The browser's build gets React Router's production build: no development warnings, and
      // no displayName writes that keep its unused components (Link, Form…) in every page.
      ...(command === 'build' && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: `${routerBuild}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${routerBuild}dom-export.mjs` },
          ]
        : []),
    ],
    // rxjs's ES2015 build: native classes, without the tslib helpers of its ES5 build.
    conditions: ['es2015', 'module', 'browser', 'development|production'],
  },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', sourcemap: true }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // Built, but not referenced from the scripts: scripts/ensure-build.mjs moves them to dist/sourcemaps.
        sourcemap: 'hidden',
        assetsDir: 'assets',
        rollupOptions: {
          input: 'src/app/entry-client.tsx',
          // React Router's components (Link, Form…) are made by React calls rolldown cannot tell are
          // pure; unused, they would still ride along in every page's first script.
          treeshake: { manualPureFunctions: ['React', 'React2', 'React3', 'React8', 'React10'] },
          // What every page runs at once (the entry's static imports) in one file: compressed
          // together it is smaller than the many small chunks modules shared with lazy ones make.
          // Hex hashes: every import between chunks names one, and hex compresses better than base64.
          output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] }, hashCharacters: 'hex' },
        },
      },
  // Bundling react-aria into the server build loads it in a fraction of the time of its many files.
  ssr: { noExternal: [/^react-aria/, /^@react-aria\//, /^react-stately/, /^@react-stately\//, /^@internationalized\//, /^@react-types\//] },
}));
