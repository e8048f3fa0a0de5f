import { render } from '../src/app/entry-server.tsx';
import type { PageRenderer } from './renderer.ts';

/** The real server rendering with fixed asset names, for tests that build the whole server. */
export const testRenderer: PageRenderer = {
  render,
  assets: () => ({ scripts: ['/assets/entry.js'], styles: ['/assets/entry.css'] }),
  close: async () => {},
};
