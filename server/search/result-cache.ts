/**
 * The embedded engine's answers, kept until the index changes, as Solr's queryResultCache keeps
 * them until the next commit. A site's searches repeat (every visitor's first /search page, the
 * popular filters, the full-documents fetch of the same page): a kept answer costs no matching,
 * facet counting or sorting, only the proxy's checks and the write.
 *
 *   const backend = withResultCache(createEmbeddedEngine(), { entries: 256 });
 *
 * - The key is the checked parameters, in order; an answer that depends on the clock (any value
 *   with Solr date math `NOW`) is never kept.
 * - `replaceAll`, `update` and `loadImage` drop every answer, before and after the change, so an answer
 *   computed on the old index while the change was being made is not kept either.
 * - A failed search is not kept: the next request asks the engine again.
 * - The least recently used answer goes when `entries` are kept.
 *
 * Kept answers are shared between requests: callers read them and never change them (the proxy
 * writes them out; the server's first search parses them into new values).
 */
import type { SearchBackend, SolrParams, SolrResponse, StoredDocuments } from './types.ts';

export const RESULT_CACHE_ENTRIES = 256;

function keyOf(params: SolrParams): string | null {
  let key = '';
  for (const [name, values] of params) {
    for (const value of values) if (value.includes('NOW')) return null;
    key += `${name}\u0001${values.join('\u0002')}\u0000`;
  }
  return key;
}

export function withResultCache(backend: SearchBackend, options: { entries?: number } = {}): SearchBackend {
  const entries = options.entries ?? RESULT_CACHE_ENTRIES;
  const answers = new Map<string, Promise<SolrResponse>>();
  const changing = async <T>(change: Promise<T>): Promise<T> => {
    answers.clear();
    try {
      return await change;
    } finally {
      answers.clear();
    }
  };
  return {
    kind: backend.kind,
    select(params) {
      const key = entries > 0 ? keyOf(params) : null;
      if (key === null) return backend.select(params);
      const kept = answers.get(key);
      if (kept) {
        // Most recently used goes last: the first key is the one to drop.
        answers.delete(key);
        answers.set(key, kept);
        return kept;
      }
      const answer = backend.select(params);
      answers.set(key, answer);
      if (answers.size > entries) answers.delete(answers.keys().next().value as string);
      answer.catch(() => {
        if (answers.get(key) === answer) answers.delete(key);
      });
      return answer;
    },
    suggest: (prefix, limit) => backend.suggest(prefix, limit),
    replaceAll: (documents) => changing(backend.replaceAll(documents)),
    update: (documents, deletedIds) => changing(backend.update(documents, deletedIds)),
    // The embedded engine's index image: saving changes nothing; loading replaces the index.
    ...(backend.saveImage && { saveImage: (file: string, key: string) => backend.saveImage!(file, key) }),
    ...(backend.loadImage && { loadImage: (file: string, key: string, documents: StoredDocuments) => changing(backend.loadImage!(file, key, documents)) }),
    close: () => backend.close(),
  };
}
