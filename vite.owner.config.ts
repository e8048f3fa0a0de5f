import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The owner's app (src/app/owner-entry.tsx): a build of its own, so no module of it can end up in
 * a chunk the guests' pages load. Written into dist/client/assets/owner beside the guests' assets
 * (served under /assets/), with its manifest at dist/client/.vite/owner-manifest.json; run after
 * the guests' build, which empties dist/client.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      { find: /^use-sync-external-store\/shim$/, replacement: `${src}/vendor/use-sync-external-store-shim.ts` },
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
    conditions: ['es2015', 'module', 'browser', 'development|production'],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    manifest: '.vite/owner-manifest.json',
    sourcemap: 'hidden',
    assetsDir: 'assets/owner',
    rollupOptions: { input: 'src/app/owner-entry.tsx' },
  },
});
