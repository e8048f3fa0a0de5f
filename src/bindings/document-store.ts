import type { DocumentStore } from '@/domain/search/document-store';
import type { PageSettings } from '@/domain/settings';
import type * as DocCache from '@/persistence/doc-cache';

let loading: Promise<typeof DocCache> | null = null;

/**
 * The page's document cache (src/persistence/doc-cache.ts), whose code (idb-keyval with it) comes
 * with the first read or write, so it adds nothing to the page's first script. A module that
 * cannot be loaded keeps nothing: the network is asked as before.
 */
export function pageDocumentStore(page: Pick<PageSettings, 'settings' | 'contentVersion'>): DocumentStore {
  const cache = () => {
    loading ??= import('@/persistence/doc-cache').catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading.then((module) => module.pageDocumentCache({ lifetimeMs: page.settings.search.doc_cache, contentVersion: page.contentVersion }));
  };
  return {
    read: (ids, options) => cache().then((store) => store.read(ids, options), () => new Map()),
    write: (docs) => void cache().then((store) => store.write(docs), () => undefined),
  };
}
