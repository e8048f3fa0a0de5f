/**
 * Generated inputs for fuzzing the query parser and the engine: arbitrary strings and
 * grammar-shaped queries (valid and deliberately broken), whole Solr requests, and the small index
 * they run against. Shared by the fuzz test (server/search/engine/fuzz.test.ts: every input gives a
 * valid response or a SearchRequestError) and the benchmark of how long that takes
 * (bench/hostile-queries.ts). Not used by the server itself.
 */
import fc from 'fast-check';
import type { SearchDocument } from '../types.ts';
import type { QuerySchema } from './query-parser.ts';

const TOWNS = ['Padstow', 'St Ives', 'Fowey', 'Looe'];
const TYPES = ['cottage', 'house', 'villa'];
export const docs: SearchDocument[] = Array.from({ length: 60 }, (_, i) => ({
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

export const FIELDS = ['ss_town', 'ss_type', 'is_bedrooms', 'fs_price', 'sm_amenities', 'bs_pets', 'ds_updated', 'tm_description', 'id', 'index_id', 'nope', 'locs_location', '*', '_val_'];
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
export const shaped = fc.oneof(
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

export const anyString = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'grapheme-ascii', maxLength: 120 }));

/** Mostly valid values, sometimes invalid ones. */
const mostly = (good: string[], bad: fc.Arbitrary<string>) => fc.oneof({ arbitrary: fc.constantFrom(...good), weight: 12 }, { arbitrary: bad, weight: 1 });
const badString = fc.oneof(fc.constantFrom('x', '-1', '', 'nope', '99999999999'), anyString);

export const params = fc.record(
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

export const toParams = (o: Record<string, string | string[]>) => new Map(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

/** The schema the fuzzed parser runs with: every field of FIELDS except the unknown ones. */
export const fuzzSchema: QuerySchema = {
  fieldType: (name: string) => (FIELDS.includes(name) && name !== 'nope' && name !== '_val_' ? { kind: 'string' as const, multi: false } : undefined),
};

/**
 * Queries built to make a parser slow (long runs of operators, escapes, quotes and wildcards),
 * each of about `chars` characters. The test checks that each is answered; the benchmark that
 * the time grows in proportion to the length.
 */
export const PATHOLOGICAL_QUERIES: Array<{ name: string; make: (chars: number) => string }> = [
  { name: 'NOT NOT … a', make: (chars) => 'NOT '.repeat(Math.floor((chars - 1) / 4)) + 'a' },
  { name: 'a OR a OR … a', make: (chars) => 'a OR '.repeat(Math.floor((chars - 1) / 5)) + 'a' },
  { name: 'backslashes', make: (chars) => '\\'.repeat(chars - 1) + 'a' },
  { name: 'quotes', make: (chars) => '"'.repeat(chars) },
  { name: 'wildcards', make: (chars) => '*?'.repeat(Math.floor(chars / 2)) },
];
