/**
 * Fuzzing the query parser and the engine with generated inputs: arbitrary strings and
 * grammar-shaped queries (valid and deliberately broken). Every input must give either a valid
 * response or a SearchRequestError, quickly.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SearchDocument, type SolrResponse, SearchRequestError } from '../types.ts';
import { type EmbeddedEngine, createEmbeddedEngine } from './engine.ts';
import { parseQuery } from './query-parser.ts';

const TOWNS = ['Padstow', 'St Ives', 'Fowey', 'Looe'];
const TYPES = ['cottage', 'house', 'villa'];
const docs: SearchDocument[] = Array.from({ length: 60 }, (_, i) => ({
  id: `fz-default-${i}`,
  index_id: 'default',
  ss_town: TOWNS[i % 4]!,
  ss_type: TYPES[i % 3]!,
  is_bedrooms: 1 + (i % 5),
  fs_price: 50 + i * 7.5,
  sm_amenities: i % 2 ? ['wifi', 'pool'] : ['parking'],
  bs_pets: i % 3 === 0,
  ds_updated: `2024-0${1 + (i % 9)}-15T00:00:00Z`,
  tm_description: `${TYPES[i % 3]} in ${TOWNS[i % 4]} with sea view number ${i}`,
  locs_location: '50.1,-5.1',
}));

const FIELDS = ['ss_town', 'ss_type', 'is_bedrooms', 'fs_price', 'sm_amenities', 'bs_pets', 'ds_updated', 'tm_description', 'id', 'index_id', 'nope', 'locs_location', '*', '_val_'];
const WORDS = ['padstow', 'Padstow', 'cottage', 'villa', 'sea', '3', '-5', '120.5', '1e3', '*', 'pad*', 'p?d*w', 'NOW', 'NOW-1DAY', '2024-01-01T00:00:00Z', 'true', 'AND', 'OR', 'NOT', 'TO', '&&', '||', 'St\\ Ives', 'a\\:b', '\\"', '\\\\', 'fz-default-3'];

const word = fc.oneof(fc.constantFrom(...WORDS), fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.string({ maxLength: 5 }));
const field = fc.constantFrom(...FIELDS);
const bound = fc.oneof(fc.constantFrom('*', '0', '100', '2.5', 'abc', '"a b"', 'NOW', '2024-05-01T00:00:00Z'), fc.stringMatching(/^[0-9]{1,4}$/));

const grammar = fc.letrec<{ node: string; leaf: string; group: string; binary: string; unary: string }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('group'), tie('binary'), tie('unary')),
  leaf: fc.oneof(
    word,
    fc.tuple(field, word).map(([f, w]) => `${f}:${w}`),
    fc.tuple(field, word, word).map(([f, a, b]) => `${f}:"${a} ${b}"`),
    fc.tuple(field, fc.constantFrom('[', '{'), bound, bound, fc.constantFrom(']', '}')).map(([f, o, a, b, c]) => `${f}:${o}${a} TO ${b}${c}`),
    fc.tuple(word, fc.constantFrom('~', '~1', '^2', '^0.5', '~2^3')).map(([w, s]) => `${w}${s}`),
    fc.constant('*:*'),
    fc.tuple(field, fc.array(word, { minLength: 1, maxLength: 3 })).map(([f, ws]) => `${f}:(${ws.join(' OR ')})`),
  ),
  group: tie('node').map((n) => `(${n})`),
  binary: fc.tuple(tie('node'), fc.constantFrom(' AND ', ' OR ', ' ', ' && ', ' || ', ' NOT ', ' -', ' +'), tie('node')).map(([a, op, b]) => `${a}${op}${b}`),
  unary: fc.tuple(fc.constantFrom('-', '+', 'NOT ', '!'), tie('node')).map(([op, n]) => `${op}${n}`),
}));

/** Grammar-shaped queries, sometimes broken by inserting or deleting a few characters. */
const shaped = fc.oneof(
  grammar.node,
  fc.tuple(grammar.node, fc.nat(), fc.constantFrom('(', ')', '"', '[', ']', '{', '}', ':', '\\', '^', '~', '*', ' AND', '{!tag=x}')).map(([q, at, s]) => {
    const i = at % (q.length + 1);
    return q.slice(0, i) + s + q.slice(i);
  }),
  fc.tuple(grammar.node, fc.nat(), fc.nat({ max: 3 })).map(([q, at, n]) => {
    const i = at % (q.length + 1);
    return q.slice(0, i) + q.slice(i + n);
  }),
  fc.tuple(fc.constantFrom('{!tag=t}', '{!ex=t}', '{!key=k tag=a,b}', '{!term f=ss_town}', '{!lucene q.op=AND}', '{!frange l=1}', '{!tag=', ''), grammar.node).map(([lp, q]) => lp + q),
);

const anyString = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'grapheme-ascii', maxLength: 120 }));

/** Mostly valid values, sometimes invalid ones. */
const mostly = (good: string[], bad: fc.Arbitrary<string>) => fc.oneof({ arbitrary: fc.constantFrom(...good), weight: 12 }, { arbitrary: bad, weight: 1 });
const badString = fc.oneof(fc.constantFrom('x', '-1', '', 'nope', '99999999999'), anyString);

const params = fc.record(
  {
    q: fc.oneof(shaped, anyString),
    fq: fc.array(fc.oneof({ arbitrary: shaped, weight: 3 }, { arbitrary: anyString, weight: 1 }), { maxLength: 3 }),
    defType: mostly(['lucene', 'edismax', 'dismax'], badString),
    qf: mostly(['tm_description', 'tm_description^2 ss_town'], fc.constantFrom('nope', 'tm_description^x')),
    bq: fc.oneof(shaped, anyString),
    boost: mostly(['fs_price', 'product(fs_price,2)', 'div(is_bedrooms,0)', 'recip(fs_price,1,1,1)', 'sum(fs_price,is_bedrooms)'], fc.constantFrom('sum(', 'ss_town', 'nope()', 'pow(2,9999)')),
    sort: mostly(['fs_price asc', 'score desc, ss_town asc', 'random_7 desc', 'is_bedrooms desc,fs_price asc', 'ss_type desc', 'id asc'], fc.oneof(fc.constantFrom('tm_description asc', 'nope', 'fs_price'), anyString)),
    rows: mostly(['0', '1', '10', '1000000'], badString),
    start: mostly(['0', '5', '99999999'], badString),
    facet: mostly(['true', 'false', 'on'], badString),
    'facet.field': fc.array(fc.oneof({ arbitrary: fc.tuple(fc.constantFrom('', '{!ex=t}', '{!key=k ex=a,t}'), fc.constantFrom('ss_town', 'ss_type', 'is_bedrooms', 'fs_price', 'sm_amenities', 'bs_pets', 'tm_description', 'index_id')).map(([lp, f]) => lp + f), weight: 10 }, { arbitrary: fc.oneof(field, anyString), weight: 1 }), { maxLength: 3 }),
    'facet.query': fc.oneof(shaped, anyString),
    'facet.range': mostly(['fs_price', 'is_bedrooms', '{!ex=t key=r}fs_price'], fc.constantFrom('ds_updated', 'ss_town', 'nope')),
    'facet.range.start': mostly(['0', '-10'], fc.constantFrom('2024-01-01T00:00:00Z', 'abc')),
    'facet.range.end': mostly(['500', '5', '1000'], fc.constantFrom('2024-12-01T00:00:00Z', '1e9')),
    'facet.range.gap': mostly(['50', '1', '100'], fc.constantFrom('+1MONTH', '0', '-5', 'x')),
    'facet.limit': mostly(['-1', '0', '3', '100'], badString),
    'facet.mincount': mostly(['0', '1', '5'], badString),
    'facet.sort': mostly(['count', 'index'], badString),
    'facet.missing': mostly(['true', 'false'], badString),
    'json.nl': mostly(['flat', 'map'], badString),
    fl: mostly(['id', 'id,score', '*', 'ss_*', '', 'nope'], anyString),
    spellcheck: mostly(['true', 'false'], badString),
    'spellcheck.q': fc.oneof(anyString, shaped),
    ids: fc.oneof(fc.constantFrom('fz-default-1,fz-default-2', 'nope', ','), anyString),
    'q.op': mostly(['AND', 'OR', 'and'], badString),
  },
  { requiredKeys: [] },
);

const toParams = (o: Record<string, string | string[]>) => new Map(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

function checkResponse(r: SolrResponse): void {
  expect(r.responseHeader.status).toBe(0);
  expect(Number.isInteger(r.response.numFound)).toBe(true);
  expect(r.response.numFound).toBeGreaterThanOrEqual(0);
  expect(r.response.numFound).toBeLessThanOrEqual(docs.length);
  expect(Array.isArray(r.response.docs)).toBe(true);
  expect(r.response.docs.length).toBeLessThanOrEqual(Math.min(r.response.numFound, 100));
  expect(() => JSON.stringify(r)).not.toThrow();
}

const PER_CALL_MS = 500;

describe('fuzz', () => {
  let engine: EmbeddedEngine;
  beforeAll(async () => {
    engine = createEmbeddedEngine({ maxRows: 100 });
    await engine.replaceAll(docs);
  });

  it('parses any string or grammar-shaped query into an AST or a SearchRequestError', () => {
    const schema = { fieldType: (name: string) => (FIELDS.includes(name) && name !== 'nope' && name !== '_val_' ? { kind: 'string' as const, multi: false } : undefined) };
    fc.assert(
      fc.property(fc.oneof(shaped, anyString), (q) => {
        const started = performance.now();
        try {
          const parsed = parseQuery(q, { schema });
          expect(parsed.ast).toBeTypeOf('object');
        } catch (e) {
          expect(e).toBeInstanceOf(SearchRequestError);
          expect((e as Error).message.length).toBeGreaterThan(0);
        }
        expect(performance.now() - started).toBeLessThan(PER_CALL_MS);
      }),
      { numRuns: 1500 },
    );
  });

  it('answers any request with a valid response or a SearchRequestError', async () => {
    let ok = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(params, async (p) => {
        const started = performance.now();
        try {
          checkResponse(await engine.select(toParams(p as Record<string, string | string[]>)));
          ok++;
        } catch (e) {
          if (!(e instanceof SearchRequestError)) throw e;
          refused++;
        }
        expect(performance.now() - started).toBeLessThan(PER_CALL_MS);
      }),
      { numRuns: 400 },
    );
    // Both paths are exercised.
    expect(ok).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('answers grammar-shaped q/fq alone mostly with results', async () => {
    let ok = 0;
    await fc.assert(
      fc.asyncProperty(shaped, fc.array(shaped, { maxLength: 2 }), async (q, fq) => {
        try {
          checkResponse(await engine.select(toParams({ q, fq, facet: 'true', 'facet.field': ['{!ex=t}ss_town', 'sm_amenities'] })));
          ok++;
        } catch (e) {
          if (!(e instanceof SearchRequestError)) throw e;
        }
      }),
      { numRuns: 400 },
    );
    expect(ok).toBeGreaterThan(40);
  });

  it('suggests for any prefix without failing', async () => {
    await fc.assert(
      fc.asyncProperty(anyString, fc.integer({ min: -5, max: 50 }), async (prefix, limit) => {
        const out = await engine.suggest(prefix, limit);
        expect(out.length).toBeLessThanOrEqual(Math.max(0, limit));
      }),
      { numRuns: 300 },
    );
  });
});
