/**
 * The embedded search engine: Solr's select servlet semantics over the in-process index, no I/O.
 *
 * Request parameters (all optional):
 *  - q (default `*:*`, blank = `*:*`), q.op (OR | AND), df, defType (lucene | edismax | dismax);
 *  - fq (repeatable, ANDed; `{!tag=a,b}` tags them for facet exclusion; blank fq are ignored);
 *  - ids=a,b,c: those documents (fq still apply), in the requested order unless sort is given;
 *    rows defaults to the number of ids;
 *  - rows (default 10, capped at maxRows), start, sort (`field asc|desc`, comma-separated,
 *    `score desc`, `random_{seed} asc`; text and multi-valued fields are refused, missing values
 *    sort last, ties by index order), fl (comma/space list, `*`, `score`, globs like `ss_*`);
 *  - edismax/dismax: qf (`field^boost …`), tie, bq (repeatable, added to the score), bf
 *    (repeatable, additive function), boost (repeatable, multiplicative function) — functions
 *    per functions.ts; mm, pf and ps are not supported;
 *  - facet=true with facet.field (repeatable, `{!ex=a,b key=name}` and per-facet facet.* local
 *    params), facet.limit (100; -1 = all), facet.mincount (0), facet.missing, facet.sort
 *    (count | index), facet.offset, facet.prefix, facet.contains(.ignoreCase), per-field
 *    `f.{key or field}.facet.*`; facet.query (repeatable, `{!ex key}`; one counted under the
 *    top-level facet.mincount is left out, as SolrCloud does); facet.range with
 *    facet.range.start/end/gap (numbers, or dates with gaps like `+1DAY`), .hardend, .other
 *    (before/after/between/all/none), .include (lower/upper/edge/outer/all), per-field too;
 *    facet_dates is always `{}` (facet.date was removed in Solr 7);
 *  - json.nl (flat | map) for facet lists and spellcheck;
 *  - spellcheck=true with spellcheck.q (else the words of q), spellcheck.count (1),
 *    spellcheck.collate (true): for each word of 3+ letters not in the vocabulary (surface words
 *    of text fields and of name-like string fields), the vocabulary words within edit distance 2
 *    (optimal string alignment; same first letter, as Solr's DirectSolrSpellChecker), closest first
 *    then most frequent, as Solr 7+'s `suggestions` [word, {numFound, startOffset, endOffset,
 *    suggestion: [{word, freq}]}] (json.nl=map: {word: {…}}), and one collation: q (or the
 *    spellcheck text) with each misspelled word replaced by its first suggestion.
 * Scoring: BM25 (k1 1.2, b 0.75) on text fields, per-field statistics counting deleted documents
 * until compaction (as Lucene before merges); other fields score a constant 1 × boost; `*:*`
 * scores 1; bool queries add their clauses' scores; bare terms over several fields take the best
 * field (dismax, plus `tie` × the others).
 * Not supported: facet.pivot, facet.interval, facet.date (ignored), group/collapse, highlighting,
 * stats, mm/pf/ps, fl aliases and functions, sorting by functions, json.nl other than flat/map.
 * Unknown parameters are ignored (the proxy allow-lists them). Bad input raises SearchRequestError.
 */
import type { SearchBackend, SearchDocument, SolrParams, SolrResponse, StoredDocuments } from '../types.ts';
import { SearchIndex, defaultIsSuggestField, lowerBound } from './index.ts';
import { readIndexImage, writeIndexImage } from './image.ts';
import { checkEngineMemory, estimateEngineBytes } from './memory.ts';
import { type FilterQuery, RequestState, BufferPool } from './request.ts';
import { runSelect } from './select.ts';
import { type SuggestionCandidate, compareSuggestions, suggestRequest } from './suggest-order.ts';

/*
 * The engine is split by concern, around one shared bitset iterator (bitset.ts forEachDoc):
 *  - select.ts: one request's steps (main query, filters, scores, page, fields);
 *  - filters.ts: query and filter evaluation to document sets and BM25 scores;
 *  - boosts.ts: edismax bq / bf / boost; sort.ts: sort keys and heap selection of the page;
 *  - facets.ts: facet.query / facet.field / facet.range; spellcheck.ts: suggestions and collation;
 *  - request.ts: the request's state and parameter parsing; matching.ts: globs, edit distance.
 */

export interface EmbeddedEngineOptions {
  /** Fields searched by bare terms when neither df nor qf is given (default: every text field). */
  defaultSearchFields?: string[];
  /** Largest rows honoured (default 1,000); larger requests are capped. */
  maxRows?: number;
  /** String fields used for autocomplete phrases and spellcheck words (default: ss_/sm_ fields named like name, title, town, city, area, region…). */
  suggestFields?: string[];
  /**
   * Memory the engine may use, in bytes (documents and index, memory.ts's estimate): replaceAll()
   * with documents that would not fit throws SearchMemoryError, naming SOLR_URL, and keeps the
   * current index. Default: no limit.
   */
  memoryLimitBytes?: number;
}

export type EmbeddedEngine = SearchBackend & Required<Pick<SearchBackend, 'saveImage' | 'loadImage'>> & { documentCount(): number };

export function createEmbeddedEngine(options: EmbeddedEngineOptions = {}): EmbeddedEngine {
  return new Engine(options);
}

// ---------------------------------------------------------------------------------------------

class Engine implements SearchBackend {
  readonly kind = 'embedded' as const;
  private index: SearchIndex;
  private pool = new BufferPool(0);
  /**
   * The filter cache (Solr's filterCache): the documents of each fq, by its text, for the
   * current index; emptied whenever the index changes. Pages send the same few filters again
   * and again (index_id, a town, a bedroom range), so most are not evaluated twice.
   */
  private filters = new Map<string, FilterQuery>();
  private readonly maxRows: number;
  private readonly indexOptions: { isSuggestField: (name: string) => boolean };
  /**
   * While the index is the one replaceAll() built (or an image of one), unchanged since (what
   * saveImage() saves): the memory estimate of its documents. Null once it changed.
   */
  private built: number | null = null;

  constructor(private readonly options: EmbeddedEngineOptions) {
    this.maxRows = options.maxRows ?? 1000;
    const suggest = options.suggestFields ? new Set(options.suggestFields) : null;
    this.indexOptions = { isSuggestField: suggest ? (name) => suggest.has(name) : defaultIsSuggestField };
    this.index = new SearchIndex(this.indexOptions);
  }

  documentCount(): number {
    return this.index.liveCount;
  }

  async replaceAll(documents: SearchDocument[]): Promise<void> {
    const needed = estimateEngineBytes(documents);
    checkEngineMemory(needed, documents.length, this.options.memoryLimitBytes);
    this.index = SearchIndex.build(documents, this.indexOptions);
    this.filters = new Map();
    this.built = needed;
  }

  async update(documents: SearchDocument[], deletedIds: string[]): Promise<void> {
    this.built = null;
    for (const id of deletedIds) this.index.remove(id);
    for (const doc of documents) this.index.add(doc);
    if (this.index.needsCompaction()) this.index = SearchIndex.build(this.index.liveDocs(), this.indexOptions);
    this.filters = new Map();
  }

  async saveImage(file: string, key: string): Promise<boolean> {
    if (this.built === null) return false;
    writeIndexImage(file, this.imageKey(key), this.index, this.built);
    return true;
  }

  async loadImage(file: string, key: string, documents: StoredDocuments): Promise<boolean> {
    const image = readIndexImage(file, this.imageKey(key), documents, this.indexOptions);
    if (!image) return false;
    // The estimate of the documents the image was built from, as replaceAll() checks it.
    checkEngineMemory(image.memoryBytes, image.index.liveCount, this.options.memoryLimitBytes);
    this.index = image.index;
    this.filters = new Map();
    this.built = image.memoryBytes;
    return true;
  }

  /** An image is read back only by an engine with the same autocomplete fields. */
  private imageKey(key: string): string {
    return `${JSON.stringify(this.options.suggestFields ?? null)}|${key}`;
  }

  async close(): Promise<void> {}

  async select(params: SolrParams): Promise<SolrResponse> {
    const index = this.index;
    if (this.pool.size !== index.maxDoc) this.pool = new BufferPool(index.maxDoc);
    try {
      return runSelect(new RequestState(index, params, this.maxRows, this.options.defaultSearchFields, this.pool, this.filters));
    } finally {
      this.pool.releaseAll();
    }
  }

  async suggest(prefix: string, limit: number): Promise<string[]> {
    return suggestFrom(this.index, prefix, limit);
  }
}

/**
 * Autocomplete (issue 11): the values of the suggest fields (listing names, towns, property types,
 * amenities) that start with what was typed, or have a word that does ('hav' → 'Coral Haven'),
 * those starting with it first, each group by weight (how many listings have the value, plus
 * their reviews: a name weighs by how often its listing was reviewed); never single words of
 * descriptions.
 */
function suggestFrom(index: SearchIndex, prefix: string, limit: number): string[] {
  const request = suggestRequest(prefix, limit);
  if (!request) return [];
  const { typed, max } = request;
  const candidates = new Map<string, SuggestionCandidate>();
  const add = (key: string, start: boolean) => {
    const entry = index.phrases.get(key);
    if (entry && !candidates.has(key)) candidates.set(key, { text: entry.display, weight: entry.weight, start });
  };
  const keys = index.phraseKeys();
  for (let i = lowerBound(keys, typed); i < keys.length && keys[i]!.startsWith(typed); i++) add(keys[i]!, true);
  const inner = index.phraseWordKeys();
  for (let i = lowerBound(inner, typed, (entry) => entry[0]); i < inner.length && inner[i]![0].startsWith(typed); i++) add(inner[i]![1], false);
  return [...candidates.values()]
    .sort(compareSuggestions)
    .slice(0, max)
    .map((c) => c.text);
}
