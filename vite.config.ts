import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const src = fileURLToPath(new URL('./src', import.meta.url));

// Client build: `vite build` (hashed assets and a manifest in dist/client).
// Server-rendering build: `vite build --ssr src/app/entry-server.tsx --outDir dist/server`.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: { '@': src },
    // rxjs's ES2015 build: native classes, without the tslib helpers of its ES5 build.
    conditions: ['es2015', 'module', 'browser', 'development|production'],
  },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', sourcemap: true }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        assetsDir: 'assets',
        rollupOptions: {
          input: 'src/app/entry-client.tsx',
          // React Router's components (Link, Form…) are made by React calls rolldown cannot tell are
          // pure; unused, they would still ride along in every page's first script.
          treeshake: { manualPureFunctions: ['React', 'React2', 'React3', 'React8', 'React10'] },
        },
      },
  // Bundling react-aria into the server build loads it in a fraction of the time of its many files.
  ssr: { noExternal: [/^react-aria/, /^@react-aria\//, /^react-stately/, /^@react-stately\//, /^@internationalized\//, /^@react-types\//] },
}));
