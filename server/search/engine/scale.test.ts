/**
 * The engine on a large generated index (bench/listings-generator.ts: realistic listings with
 * 80–200-word descriptions), against a plain reference implementation: a loop over the documents
 * with the same text analysis (analysis.ts analyze / words). Generated requests (fast-check) of
 * each kind the site sends — phrases and words with filters, facets with and without tag
 * exclusion, prefixes, deep pages sorted by price — must give the reference's numFound, page of
 * ids and facet counts; the spellcheck vocabulary must hold the reference's document counts, also
 * after documents are removed and replaced. Sized to take seconds (the 1M figures are the bench's).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEN_AMENITIES, GEN_TOWNS, GEN_TYPES, generateDocuments } from '../../../bench/listings-generator.ts';
import type { SearchDocument, SolrResponse } from '../types.ts';
import { analyze, fold, plainAsciiWords, unicodeWords, words } from './analysis.ts';
import { type EmbeddedEngine, createEmbeddedEngine } from './engine.ts';
import { SearchIndex } from './index.ts';

const N = 12_000;
const FACETS = ['ss_town', 'ss_type', 'sm_amenities', 'is_bedrooms'] as const;

interface Analysed {
  doc: SearchDocument;
  name: string[];
  description: string[];
}

let docs: SearchDocument[];
let analysed: Analysed[];
let engine: EmbeddedEngine;
/** Word pairs that follow each other somewhere in the descriptions (phrases that match), and single words. */
let pairs: [string, string][];
let vocabulary: string[];

beforeAll(async () => {
  docs = generateDocuments(N, 7);
  analysed = docs.map((doc) => ({ doc, name: analyze(String(doc.tm_name)), description: analyze(String(doc.tm_description)) }));
  engine = createEmbeddedEngine({ defaultSearchFields: ['tm_name', 'tm_description'], maxRows: 100 });
  await engine.replaceAll(docs);
  const seen = new Set<string>();
  pairs = [];
  for (const a of analysed.slice(0, 300)) {
    const surface = words(String(a.doc.tm_description));
    for (let i = 0; i + 1 < surface.length; i += 7) {
      const key = `${surface[i]} ${surface[i + 1]}`;
      if (!seen.has(key)) {
        seen.add(key);
        pairs.push([surface[i]!, surface[i + 1]!]);
      }
    }
  }
  vocabulary = [...new Set(analysed.slice(0, 300).flatMap((a) => words(String(a.doc.tm_description))))];
}, 120_000);

// ---------------------------------------------------------------------------------------------
// The reference: plain loops over the documents.

type Query = { kind: 'phrase'; words: [string, string] } | { kind: 'terms'; words: string[]; op: 'AND' | 'OR' } | { kind: 'prefix'; prefix: string } | { kind: 'all' };

interface Filters {
  types: string[] | null;
  price: [number, number] | null;
  sleeps: number | null;
  town: string | null;
}

function hasPhrase(tokens: string[], a: string, b: string): boolean {
  for (let i = 0; i + 1 < tokens.length; i++) if (tokens[i] === a && tokens[i + 1] === b) return true;
  return false;
}

function matchesQuery(x: Analysed, q: Query): boolean {
  switch (q.kind) {
    case 'all':
      return true;
    case 'phrase': {
      const [a, b] = q.words.map((w) => analyze(w)[0]!);
      return hasPhrase(x.name, a!, b!) || hasPhrase(x.description, a!, b!);
    }
    case 'terms': {
      const has = (w: string) => {
        const t = analyze(w)[0]!;
        return x.name.includes(t) || x.description.includes(t);
      };
      return q.op === 'AND' ? q.words.every(has) : q.words.some(has);
    }
    case 'prefix': {
      const p = fold(q.prefix);
      return x.description.some((t) => t.startsWith(p));
    }
  }
}

type FilterName = keyof Filters;

function passes(d: SearchDocument, f: Filters, skip?: FilterName): boolean {
  if (f.types && skip !== 'types' && !f.types.includes(String(d.ss_type))) return false;
  if (f.price && skip !== 'price' && !(Number(d.fs_price) >= f.price[0] && Number(d.fs_price) <= f.price[1])) return false;
  if (f.sleeps !== null && skip !== 'sleeps' && !(Number(d.is_sleeps) >= f.sleeps)) return false;
  if (f.town !== null && skip !== 'town' && d.ss_town !== f.town) return false;
  return true;
}

function facetCounts(matched: SearchDocument[], field: (typeof FACETS)[number]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of matched) {
    const v = d[field];
    for (const value of Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]) out[String(value)] = (out[String(value)] ?? 0) + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The engine's requests.

function qParam(q: Query): string {
  switch (q.kind) {
    case 'all':
      return '*:*';
    case 'phrase':
      return `"${q.words.join(' ')}"`;
    case 'terms':
      return q.words.join(' ');
    case 'prefix':
      return `tm_description:${q.prefix}*`;
  }
}

function fqParams(f: Filters, tagTypes: boolean): string[] {
  const out: string[] = [];
  if (f.types) out.push(`${tagTypes ? '{!tag=ty}' : ''}ss_type:(${f.types.map((t) => `"${t}"`).join(' OR ')})`);
  if (f.price) out.push(`fs_price:[${f.price[0]} TO ${f.price[1]}]`);
  if (f.sleeps !== null) out.push(`is_sleeps:[${f.sleeps} TO *]`);
  if (f.town !== null) out.push(`ss_town:"${f.town}"`);
  return out;
}

const toMap = (o: Record<string, string | string[]>) => new Map(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

async function compare(q: Query, f: Filters, exclude: boolean, start: number): Promise<SolrResponse> {
  const params: Record<string, string | string[]> = {
    q: qParam(q),
    fq: fqParams(f, exclude),
    sort: 'fs_price asc',
    rows: '20',
    start: String(start),
    fl: 'id',
    facet: 'true',
    'facet.limit': '-1',
    'facet.mincount': '1',
    'json.nl': 'map',
    'facet.field': FACETS.map((name) => (exclude && name === 'ss_type' ? '{!ex=ty}ss_type' : name)),
  };
  if (q.kind === 'terms') params['q.op'] = q.op;
  const r = await engine.select(toMap(params));

  const byQuery = analysed.filter((x) => matchesQuery(x, q)).map((x) => x.doc);
  const matched = byQuery.filter((d) => passes(d, f));
  expect(r.response.numFound).toBe(matched.length);
  // Price ascending, ties in index order (Array.prototype.sort is stable).
  const page = [...matched].sort((a, b) => Number(a.fs_price) - Number(b.fs_price)).slice(start, start + 20);
  expect(r.response.docs.map((d) => d.id)).toEqual(page.map((d) => d.id));
  const fields = r.facet_counts!.facet_fields as Record<string, Record<string, number>>;
  for (const name of FACETS) {
    const domain = exclude && name === 'ss_type' ? byQuery.filter((d) => passes(d, f, 'types')) : matched;
    expect(fields[name], name).toEqual(facetCounts(domain, name));
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Generated requests.

const filters: fc.Arbitrary<Filters> = fc.record({
  types: fc.option(fc.uniqueArray(fc.constantFrom(...GEN_TYPES), { minLength: 1, maxLength: 3 }), { nil: null }),
  price: fc.option(
    fc.tuple(fc.integer({ min: 50, max: 500 }), fc.integer({ min: 0, max: 400 })).map(([lo, span]): [number, number] => [lo, lo + span]),
    { nil: null },
  ),
  sleeps: fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }),
  town: fc.option(fc.constantFrom(...GEN_TOWNS), { nil: null, freq: 4 }),
});

describe(`embedded engine against a reference on ${N} generated listings`, () => {
  it('phrases with filters: numFound, the page by price and facet counts (with and without tag exclusion)', async () => {
    let hits = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1_000_000 }), filters, fc.boolean(), fc.integer({ min: 0, max: 60 }), async (i, f, exclude, start) => {
        const r = await compare({ kind: 'phrase', words: pairs[i % pairs.length]! }, f, exclude, start);
        if (r.response.numFound > 0) hits++;
      }),
      { numRuns: 60 },
    );
    // About 25 of the 60 phrases with random filters find listings; fewer than 12 would mean the generated phrases no longer match.
    expect(hits).toBeGreaterThan(12);
  }, 60_000);

  it('words (OR and AND) and prefixes with filters', async () => {
    const query: fc.Arbitrary<Query> = fc.oneof(
      fc.record({ kind: fc.constant('terms' as const), words: fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 3 }), op: fc.constantFrom('AND' as const, 'OR' as const) }),
      fc.record({ kind: fc.constant('prefix' as const), prefix: fc.constantFrom(...vocabulary).map((w) => w.slice(0, Math.max(2, w.length - 3))) }),
      fc.constant<Query>({ kind: 'all' }),
    );
    await fc.assert(
      fc.asyncProperty(query, filters, fc.boolean(), fc.integer({ min: 0, max: 3000 }), async (q, f, exclude, start) => {
        await compare(q, f, exclude, start);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('counts amenities and every facet value over the whole index', async () => {
    const r = await compare({ kind: 'all' }, { types: null, price: null, sleeps: null, town: null }, false, 9990);
    const amenities = Object.keys((r.facet_counts!.facet_fields as Record<string, Record<string, number>>).sm_amenities!);
    expect(amenities.length).toBe(GEN_AMENITIES.length);
  });

  it('keeps the spellcheck vocabulary equal to the reference, after removals and replacements too', () => {
    const index = SearchIndex.build(docs);
    const reference = new Map<string, number>();
    const count = (set: SearchDocument[]) => {
      reference.clear();
      for (const d of set) {
        const seen = new Set<string>();
        for (const name of ['tm_name', 'tm_description', 'ss_name', 'ss_town', 'ss_type', 'sm_amenities']) {
          const v = d[name];
          for (const value of Array.isArray(v) ? v : v === undefined ? [] : [v]) for (const w of words(String(value))) seen.add(w);
        }
        for (const w of seen) reference.set(w, (reference.get(w) ?? 0) + 1);
      }
    };
    const check = () => {
      expect(index.vocab.size).toBe(reference.size);
      for (const [w, n] of reference) expect(index.vocab.get(w), w).toBe(n);
      expect(index.vocabWords()).toEqual([...reference.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    };
    count(docs);
    check();
    // Remove a tenth, replace another tenth with different text, then compare again.
    const live = new Map(docs.map((d) => [String(d.id), d]));
    for (let i = 0; i < N; i += 10) {
      index.remove(String(docs[i]!.id));
      live.delete(String(docs[i]!.id));
    }
    for (let i = 5; i < N; i += 10) {
      const changed = { ...docs[i]!, tm_description: `Brand new zzyzx words for listing ${i}`, ss_town: 'Zennor' };
      index.add(changed);
      live.set(String(changed.id), changed);
    }
    count([...live.values()]);
    check();
    expect(index.vocab.get('zzyzx')).toBe(N / 10);
  }, 60_000);
});

describe('sorts settled by the ids, as the proxy sends every sort (`…,id asc`)', () => {
  type Key = { field: 'fs_price' | 'fs_rating' | 'is_sleeps' | 'id'; desc: boolean };
  const keyOf = (doc: SearchDocument, field: Key['field']) => (field === 'id' ? 0 : Number(doc[field] ?? NaN));
  /** The reference: the matching documents sorted by the key (missing last), then by id as strings. */
  function expected(live: SearchDocument[], fq: string | null, key: Key, idDesc: boolean, start: number): string[] {
    const town = fq?.slice('ss_town:'.length).replace(/"/g, '');
    return live
      .filter((d) => town === undefined || d.ss_town === town)
      .sort((a, b) => {
        if (key.field !== 'id') {
          const x = keyOf(a, key.field);
          const y = keyOf(b, key.field);
          // Missing values last in either direction, and among themselves by id.
          if ((x !== x) !== (y !== y)) return x !== x ? 1 : -1;
          if (x === x && x !== y) return key.desc ? y - x : x - y;
        }
        const c = String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0;
        return idDesc ? -c : c;
      })
      .slice(start, start + 20)
      .map((d) => String(d.id));
  }

  it('gives the reference page for every key, direction and depth, after removals and additions too', async () => {
    const small = createEmbeddedEngine({ maxRows: 100 });
    // Ids whose string order is not the order they were added in (…-10 before …-2), prices with ties.
    const base = generateDocuments(3000, 11).map((d, i) => ({ ...d, fs_price: i % 7 === 0 ? null : Math.round(Number(d.fs_price) / 50) * 50 }));
    await small.replaceAll(base);
    const live = new Map(base.map((d) => [String(d.id), d as SearchDocument]));
    const request = fc.record({
      key: fc.record({ field: fc.constantFrom('fs_price' as const, 'fs_rating' as const, 'is_sleeps' as const, 'id' as const), desc: fc.boolean() }),
      idDesc: fc.boolean(),
      town: fc.option(fc.constantFrom(...GEN_TOWNS), { nil: null, freq: 3 }),
      start: fc.integer({ min: 0, max: 2990 }),
    });
    const check = async () =>
      fc.assert(
        fc.asyncProperty(request, async ({ key, idDesc, town, start }) => {
          const fq = town === null ? null : `ss_town:"${town}"`;
          const sort = key.field === 'id' ? `id ${idDesc ? 'desc' : 'asc'}` : `${key.field} ${key.desc ? 'desc' : 'asc'},id ${idDesc ? 'desc' : 'asc'}`;
          const r = await small.select(toMap({ q: '*:*', ...(fq ? { fq } : {}), sort, start: String(start), rows: '20', fl: 'id' }));
          expect(r.response.docs.map((d) => d.id), sort).toEqual(expected([...live.values()], fq, key, idDesc, start));
        }),
        { numRuns: 80 },
      );
    await check();
    // The ids' order is kept through changes: remove some, add new ones whose ids fall in between, replace some.
    const removed: string[] = [];
    for (let i = 0; i < 3000; i += 9) {
      removed.push(String(base[i]!.id));
      live.delete(String(base[i]!.id));
    }
    const added: SearchDocument[] = [];
    for (let i = 0; i < 300; i++) {
      const doc = { ...base[(i * 13) % 3000]!, id: `${String(base[(i * 13) % 3000]!.id)}-b`, fs_price: (i % 5) * 100 };
      added.push(doc);
      live.set(doc.id, doc);
    }
    await small.update(added, removed);
    await check();
  }, 60_000);
});

describe('ASCII text is split into words as the Unicode rule (Lucene StandardTokenizer) splits it', () => {
  it('on listing-like text with joiners, underscores and digits', () => {
    for (const [text, expected] of [
      ["Captain's Cove, 2.5 baths; 1,000 sq ft", ['captain\'s', 'cove', '2.5', 'baths', '1,000', 'sq', 'ft']],
      ['ss_area:Oak a:b e.g. __ _x_ 3;4 x.5 5.x', ['ss_area:oak', 'a:b', 'e.g', '_x_', '3;4', 'x', '5', '5', 'x']],
    ] as const) {
      expect(words(text)).toEqual(expected);
      expect(unicodeWords(text)).toEqual(expected);
    }
  });

  it('on random ASCII text', () => {
    const ascii = fc.string({ unit: fc.constantFrom(...'aZ9_\':.,;- \t!x0'.split('')), maxLength: 40 });
    fc.assert(fc.property(ascii, (text) => {
      expect(words(text)).toEqual(unicodeWords(text));
    }), { numRuns: 3000 });
    // Where the index takes plain runs of [a-z0-9] (index.ts TextField.add), they are the same words.
    const plainRuns = (lower: string) => lower.match(/[a-z0-9]+/g) ?? [];
    fc.assert(
      fc.property(ascii, (text) => {
        const lower = text.toLowerCase();
        if (plainAsciiWords(lower)) expect(plainRuns(lower)).toEqual(unicodeWords(text));
      }),
      { numRuns: 3000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii', maxLength: 60 }), (text) => {
      expect(words(text)).toEqual(unicodeWords(text));
    }), { numRuns: 3000 });
  });
});
