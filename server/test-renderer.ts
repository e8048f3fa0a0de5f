import { pageModulesLoaded, render } from '../src/app/entry-server.tsx';
import type { PageRenderer } from './renderer.ts';

// Importing the page bundle starts loading every page module: a test file that ends before they
// are in would leave those imports to fail after its environment is gone (an unhandled error).
await pageModulesLoaded();

/** The real server rendering with fixed asset names, for tests that build the whole server. */
export const testRenderer: PageRenderer = {
  render,
  assets: () => ({ scripts: ['/assets/entry.js'], styles: ['/assets/entry.css'] }),
  close: async () => {},
};
