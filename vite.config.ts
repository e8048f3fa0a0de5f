import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const src = fileURLToPath(new URL('./src', import.meta.url));

// Client build: `vite build` (hashed assets and a manifest in dist/client).
// Server-rendering build: `vite build --ssr src/app/entry-server.tsx --outDir dist/server`.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { alias: { '@': src } },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', sourcemap: true }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // Built, but not referenced from the scripts: scripts/ensure-build.mjs moves them to dist/sourcemaps.
        sourcemap: 'hidden',
        assetsDir: 'assets',
        rollupOptions: { input: 'src/app/entry-client.tsx' },
      },
  // Bundling react-aria into the server build loads it in a fraction of the time of its many files.
  ssr: { noExternal: [/^react-aria/, /^@react-aria\//, /^react-stately/, /^@react-stately\//, /^@internationalized\//, /^@react-types\//] },
}));
