/**
 * The search response (spec §3 Search response fields read), untrusted: validated with one
 * schema and normalised into a {@link SearchResult}. Only the fields of spec §3 are read;
 * anything else in the body is ignored. Facet counts arrive in Solr's two shapes, a map
 * `{value: count}` (json.nl=map) or a flat list `[value, count, value, count]`; both become
 * `[value, count]` pairs, the facet_missing bucket having the value null (a null name in the
 * flat list, the empty key in the map form, which is how Solr writes a null name as a key).
 */
import * as v from 'valibot';

/** One facet bucket: the value (null for facet_missing) and its count. */
export type FacetCount = readonly [value: string | null, count: number];

export interface SearchResult {
  /** response.docs[].id in the response's order. */
  ids: string[];
  numFound: number;
  start: number;
  rows: number;
  facetFields: Record<string, FacetCount[]>;
  facetRanges: Record<string, FacetCount[]>;
  facetDates: Record<string, FacetCount[]>;
  /** The query corrected by spellcheck.suggestions, or null when nothing was misspelled. */
  didYouMean: string | null;
}

/** A full document (spec §3 Search document): its id plus fields the views read, unvalidated. */
export type SearchDocumentFields = { id: string } & Readonly<Record<string, unknown>>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export const MAX_DOCS = 1000;
export const MAX_ID_LENGTH = 256;
const MAX_FACET_VALUES = 10_000;
const MAX_QUERY_LENGTH = 2000;
const MAX_SUGGESTIONS = 100;

const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const Id = v.union([
  v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID_LENGTH)),
  v.pipe(v.number(), v.safeInteger(), v.transform(String)),
]);
const FacetMap = v.pipe(v.record(v.string(), Count), v.check((map) => Object.keys(map).length <= MAX_FACET_VALUES, 'too many facet values'));
const FacetFlatList = v.pipe(
  v.array(v.union([v.string(), v.number(), v.null()])),
  v.maxLength(MAX_FACET_VALUES * 2),
  v.check(
    (list) => list.length % 2 === 0 && list.every((entry, i) => (i % 2 === 0 ? typeof entry === 'string' || entry === null : v.is(Count, entry))),
    'a flat facet list alternates values and counts',
  ),
);
const FacetList = v.union([FacetMap, FacetFlatList]);

const ResponseSchema = v.object({
  responseHeader: v.optional(v.object({ params: v.optional(v.record(v.string(), v.unknown())) })),
  response: v.object({
    numFound: Count,
    start: v.optional(Count),
    docs: v.pipe(v.array(v.looseObject({ id: Id })), v.maxLength(MAX_DOCS)),
  }),
  facet_counts: v.optional(
    v.object({
      facet_fields: v.optional(v.record(v.string(), FacetList)),
      facet_ranges: v.optional(v.record(v.string(), v.object({ counts: FacetList }))),
      facet_dates: v.optional(v.record(v.string(), v.record(v.string(), v.unknown()))),
    }),
  ),
  spellcheck: v.optional(v.object({ suggestions: v.optional(v.unknown()) })),
});

function facetPairs(list: v.InferOutput<typeof FacetList>): FacetCount[] {
  if (!Array.isArray(list)) return Object.entries(list).map(([value, count]) => [value === '' ? null : value, count]);
  const pairs: FacetCount[] = [];
  for (let i = 0; i < list.length; i += 2) pairs.push([list[i] as string | null, list[i + 1] as number]);
  return pairs;
}

/** facet_dates mixes the buckets with gap/start/end/before/after/between: keep the buckets. */
const DATE_META = new Set(['gap', 'start', 'end', 'before', 'after', 'between', 'hardend', 'other']);
function dateFacetPairs(record: Record<string, unknown>): FacetCount[] {
  return Object.entries(record).flatMap(([value, count]): FacetCount[] =>
    DATE_META.has(value) || !v.is(Count, count) ? [] : [[value, count]],
  );
}

function mapValues<T, U>(record: Record<string, T> | undefined, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record ?? {}).map(([key, value]) => [key, map(value)]));
}

/** A header param: Solr echoes a single value as a string and a repeated one as a list. */
function headerParam(params: Record<string, unknown> | undefined, name: string): string | undefined {
  if (params === undefined || !Object.hasOwn(params, name)) return undefined;
  const value = params[name];
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  if (typeof first === 'number' && Number.isFinite(first)) return String(first);
  return typeof first === 'string' ? first : undefined;
}

function headerCount(params: Record<string, unknown> | undefined, name: string): number | undefined {
  const raw = headerParam(params, name);
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/** One misspelled word of spellcheck.suggestions and its first suggestion. */
export interface Misspelling {
  word: string;
  startOffset?: number;
  endOffset?: number;
  suggestion: string;
}

const Word = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const SuggestionSchema = v.object({
  startOffset: v.optional(Count),
  endOffset: v.optional(Count),
  suggestion: v.pipe(v.array(v.union([Word, v.object({ word: Word })])), v.minLength(1)),
});

/**
 * Reads spellcheck.suggestions in Solr's flat form `[word, {…}, word, {…}, 'correctlySpelled', false]`
 * or its map form `{word: {…}}`; entries of another shape (correctlySpelled, collation) are skipped.
 *
 * @example readMisspellings({ sandy: { suggestion: ['sand'] } }) // [{ word: 'sandy', suggestion: 'sand' }]
 */
export function readMisspellings(suggestions: unknown): Misspelling[] {
  let pairs: [unknown, unknown][] = [];
  if (Array.isArray(suggestions)) {
    for (let i = 0; i + 1 < suggestions.length; i += 2) pairs.push([suggestions[i], suggestions[i + 1]]);
  } else if (typeof suggestions === 'object' && suggestions !== null) {
    pairs = Object.entries(suggestions);
  }
  const result: Misspelling[] = [];
  for (const [word, entry] of pairs.slice(0, MAX_SUGGESTIONS)) {
    if (!v.is(Word, word)) continue;
    const parsed = v.safeParse(SuggestionSchema, entry);
    if (!parsed.success) continue;
    const first = parsed.output.suggestion[0];
    if (first === undefined) continue;
    const { startOffset, endOffset } = parsed.output;
    result.push({
      word,
      suggestion: typeof first === 'string' ? first : first.word,
      ...(startOffset !== undefined && endOffset !== undefined ? { startOffset, endOffset } : {}),
    });
  }
  return result;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/**
 * 'Did you mean …': the query with each misspelled word replaced by its first suggestion —
 * at its offsets when they point at the word, otherwise every whole-word occurrence
 * (case-insensitive). Null when nothing changes.
 *
 * @example didYouMean('sandy beech', [{ word: 'beech', suggestion: 'beach' }]) // 'sandy beach'
 */
export function didYouMean(query: string, misspellings: readonly Misspelling[]): string | null {
  if (query.trim() === '' || query.length > MAX_QUERY_LENGTH) return null;
  const atOffsets = misspellings
    .filter(
      (m) =>
        m.startOffset !== undefined &&
        m.endOffset !== undefined &&
        m.endOffset <= query.length &&
        query.slice(m.startOffset, m.endOffset).toLowerCase() === m.word.toLowerCase(),
    )
    .sort((a, b) => (b.startOffset ?? 0) - (a.startOffset ?? 0));
  let corrected = query;
  let previousStart = Infinity;
  for (const m of atOffsets) {
    const start = m.startOffset ?? 0;
    const end = m.endOffset ?? 0;
    if (end > previousStart) continue; // overlapping offsets: keep the later one
    corrected = corrected.slice(0, start) + m.suggestion + corrected.slice(end);
    previousStart = start;
  }
  for (const m of misspellings) {
    if (atOffsets.includes(m)) continue;
    const word = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(m.word)}(?![\\p{L}\\p{N}_])`, 'giu');
    corrected = corrected.replace(word, () => m.suggestion);
  }
  return corrected === query ? null : corrected;
}

function issueText(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Validates and normalises a search response. `requested` fills in what the response header
 * may not echo (rows, start, q for 'Did you mean').
 *
 * @example
 * parseSearchResponse({ response: { numFound: 1, docs: [{ id: 'chc1-listings-7' }] } }, { rows: 10, start: 0 })
 * // { ok: true, value: { ids: ['chc1-listings-7'], numFound: 1, start: 0, rows: 10, …, didYouMean: null } }
 */
export function parseSearchResponse(
  input: unknown,
  requested: { rows: number; start: number; q?: string },
): Parsed<SearchResult> {
  const parsed = v.safeParse(ResponseSchema, input);
  if (!parsed.success) return { ok: false, error: `Invalid search response: ${issueText(parsed.issues)}` };
  const { responseHeader, response, facet_counts: facets, spellcheck } = parsed.output;
  const params = responseHeader?.params;
  const query = headerParam(params, 'spellcheck.q') ?? requested.q ?? headerParam(params, 'q') ?? '';
  return {
    ok: true,
    value: {
      ids: response.docs.map((doc) => doc.id),
      numFound: response.numFound,
      start: headerCount(params, 'start') ?? response.start ?? requested.start,
      rows: headerCount(params, 'rows') ?? requested.rows,
      facetFields: mapValues(facets?.facet_fields, facetPairs),
      facetRanges: mapValues(facets?.facet_ranges, (range) => facetPairs(range.counts)),
      facetDates: mapValues(facets?.facet_dates, dateFacetPairs),
      didYouMean: didYouMean(query, readMisspellings(spellcheck?.suggestions)),
    },
  };
}

/**
 * Validates a full-documents response (spec §7 Fetch full documents): response.docs, each
 * with an id; the other fields are passed on unvalidated for the views to read with care.
 *
 * @example parseDocumentsResponse({ response: { numFound: 1, docs: [{ id: 'a', ss_name: 'Villa' }] } })
 * // { ok: true, value: [{ id: 'a', ss_name: 'Villa' }] }
 */
export function parseDocumentsResponse(input: unknown): Parsed<SearchDocumentFields[]> {
  const parsed = v.safeParse(ResponseSchema, input);
  if (!parsed.success) return { ok: false, error: `Invalid documents response: ${issueText(parsed.issues)}` };
  return { ok: true, value: parsed.output.response.docs };
}

/**
 * Spec §7: the documents reordered to the requested id order; ids without a document are left out.
 *
 * @example orderDocuments([{ id: 'b' }, { id: 'a' }], ['a', 'b', 'c']) // [{ id: 'a' }, { id: 'b' }]
 */
export function orderDocuments<T extends { id: string }>(documents: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map<string, T>();
  for (const document of documents) if (!byId.has(document.id)) byId.set(document.id, document);
  return ids.flatMap((id) => {
    const document = byId.get(id);
    return document === undefined ? [] : [document];
  });
}
