/**
 * `use-sync-external-store/shim` for React 19, which has useSyncExternalStore built in: @xstate/react
 * imports the shim (written for React 16 and 17), and the shim's fallback code would otherwise ride
 * along in every page's first script. vite.config.ts points the import here.
 */
export { useSyncExternalStore } from 'react';
