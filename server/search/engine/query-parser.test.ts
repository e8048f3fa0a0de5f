import { describe, expect, it } from 'vitest';
import { SearchRequestError } from '../types.ts';
import { fieldTypeFromName } from './analysis.ts';
import { PATHOLOGICAL_QUERIES } from './fuzz-inputs.ts';
import { MAX_QUERY_LENGTH, type QuerySchema, formatQuery, parseQuery, splitLocalParams } from './query-parser.ts';

const schema: QuerySchema = {
  fieldType: (name) => (['ss_town', 'ss_type', 'is_bedrooms', 'fs_price', 'tm_description', 'ds_updated', 'sm_amenities', 'locs_location'].includes(name) || name === 'id' || name === 'index_id' ? fieldTypeFromName(name) : undefined),
};

const show = (q: string, op: 'AND' | 'OR' = 'OR') => formatQuery(parseQuery(q, { schema, defaultOperator: op }).ast);

describe('query parser: syntax forms', () => {
  it.each([
    // [query, rendering]
    ['*:*', '*:*'],
    ['*', '*:*'],
    ['', '*:*'],
    ['   ', '*:*'],
    ['cottage', 'cottage'],
    ['ss_town:Padstow', 'ss_town:Padstow'],
    ['ss_town: Padstow', 'ss_town:Padstow'],
    ['ss_town:Port\\ Isaac', 'ss_town:Port Isaac'],
    ['ss_town:"Port Isaac"', 'ss_town:"Port Isaac"'],
    ['ss_town:"say \\"hi\\""', 'ss_town:"say "hi""'],
    ['id:abc-default-12', 'id:abc-default-12'],
    ['id:http\\:\\/\\/x', 'id:http://x'],
    ['is_bedrooms:-3', 'is_bedrooms:-3'],
    ['"sea view"', '"sea view"'],
    ['"sea view"~2', '"sea view"~2'],
    ['padstw~', 'padstw~2'],
    ['padstw~1', 'padstw~1'],
    ['vill*', 'vill*'],
    ['ss_town:Pad*', 'ss_town:Pad*'],
    ['ss_town:P?d*w', 'ss_town:P?d*w'],
    ['ss_town:*', 'ss_town:*'],
    ['ss_town:Pad\\*', 'ss_town:Pad*'],
    ['fs_price:[100 TO 200]', 'fs_price:[100 TO 200]'],
    ['fs_price:{100 TO 200}', 'fs_price:{100 TO 200}'],
    ['fs_price:[100 TO 200}', 'fs_price:[100 TO 200}'],
    ['fs_price:{100 TO 200]', 'fs_price:{100 TO 200]'],
    ['fs_price:[* TO 200]', 'fs_price:[* TO 200]'],
    ['fs_price:[100 TO *]', 'fs_price:[100 TO *]'],
    ['fs_price:[ 1.5   TO  2e3 ]', 'fs_price:[1.5 TO 2e3]'],
    ['ss_town:[A TO M]', 'ss_town:[A TO M]'],
    ['ss_town:["A b" TO "M n"]', 'ss_town:[A b TO M n]'],
    ['ds_updated:[2024-01-01T00:00:00Z TO NOW]', 'ds_updated:[2024-01-01T00:00:00Z TO NOW]'],
    ['ds_updated:[NOW-1YEAR/DAY TO NOW+1DAY]', 'ds_updated:[NOW-1YEAR/DAY TO NOW+1DAY]'],
    ['a b', '(a b)'],
    ['a AND b', '(+a +b)'],
    ['a && b', '(+a +b)'],
    ['a OR b', '(a b)'],
    ['a || b', '(a b)'],
    ['a NOT b', '(a -b)'],
    ['a AND NOT b', '(+a -b)'],
    ['NOT a', '(-a)'],
    ['!a', '(-a)'],
    ['-a', '(-a)'],
    ['+a b', '(+a b)'],
    ['+a -b c', '(+a c -b)'],
    ['NOT NOT a', 'a'],
    ['a AND b OR c', '((+a +b) c)'],
    ['a OR b AND c', '(a (+b +c))'],
    ['(a OR b) AND c', '(+(a b) +c)'],
    ['ss_type:(villa OR cottage)', '(ss_type:villa ss_type:cottage)'],
    ['id:(a-1 OR b-2 OR c-3)', '(id:a-1 id:b-2 id:c-3)'],
    ['ss_type:(villa "big house")', '(ss_type:villa ss_type:"big house")'],
    ['-ss_type:villa', '(-ss_type:villa)'],
    ['a^2', 'a^2'],
    ['ss_type:villa^10', 'ss_type:villa^10'],
    ['"sea view"^1.5', '"sea view"^1.5'],
    ['(a b)^3', '(a b)^3'],
    ['*:*^2', '*:*^2'],
    ['a-b', 'a-b'],
    ['a+b', 'a+b'],
    ['a&&b', 'a&&b'],
    ['and or not', '(and or not)'],
    ['((((a))))', 'a'],
    ['a OR -b', '(a (-b))'],
  ])('%s', (query, expected) => {
    expect(show(query)).toBe(expected);
  });

  it('uses AND as the default operator with q.op=AND', () => {
    expect(show('a b', 'AND')).toBe('(+a +b)');
    expect(show('a b OR c', 'AND')).toBe('(+a +(b c))');
    expect(formatQuery(parseQuery('{!q.op=AND}a b').ast)).toBe('(+a +b)');
  });

  it('parses local params and returns them separately', () => {
    const parsed = parseQuery('{!tag=type,t2 key=x}ss_type:(villa OR cottage)', { schema });
    expect(parsed.localParams).toMatchObject({ tags: ['type', 't2'], ex: [], key: 'x', type: null });
    expect(parsed.body).toBe('ss_type:(villa OR cottage)');
    expect(splitLocalParams('{!ex=a,b}ss_type')).toEqual({
      localParams: { type: null, tags: [], ex: ['a', 'b'], key: null, params: { ex: 'a,b' } },
      body: 'ss_type',
    });
    expect(splitLocalParams("{!key='my key' ex=\"t\"}f").localParams).toMatchObject({ key: 'my key', ex: ['t'] });
    expect(splitLocalParams('plain').localParams).toBeNull();
    expect(formatQuery(parseQuery('{!term f=ss_town}Port Isaac: (x)', { schema }).ast)).toBe('ss_town:Port Isaac: (x)');
    expect(formatQuery(parseQuery('{!lucene v=a}').ast)).toBe('a');
    expect(formatQuery(parseQuery('{!tag=x}').ast)).toBe('*:*');
  });
});

describe('query parser: errors', () => {
  it.each([
    ['"sea view', /Unbalanced quotes: the quote at position 0 is not closed/],
    ['ss_town:"Padstow', /Unbalanced quotes: the quote at position 8/],
    ['(a OR b', /Unbalanced parentheses: the '\(' at position 0 is not closed/],
    ['a OR b)', /Unbalanced parentheses: unexpected '\)' at position 6/],
    ['()', /Empty parentheses at position 0/],
    ['foo:bar', /Unknown field 'foo'/],
    ['ss_nope:x', /Unknown field 'ss_nope'/],
    ['locs_location:x', /stored only/],
    ['is_bedrooms:three', /Value 'three' is not a number for the numeric field 'is_bedrooms'/],
    ['fs_price:[a TO 100]', /Range bound 'a' is not a number for the numeric field 'fs_price'/],
    ['fs_price:[10 TO b]', /Range bound 'b' is not a number/],
    ['ds_updated:[yesterday TO NOW]', /is not a date for the date field 'ds_updated'/],
    ['fs_price:10*', /Wildcard queries are not supported on the float field/],
    ['fs_price:[10 TO 20', /Unbalanced range: the '\[' at position 9 is not closed/],
    ['fs_price:[10 20]', /Malformed range/],
    ['fs_price:[10 TO]', /Malformed range/],
    ['a AND', /Expected a term after 'AND' at position 2/],
    ['a OR', /Expected a term after 'OR'/],
    ['AND a', /Unexpected 'AND' at position 0/],
    ['a AND OR b', /Expected a term after 'AND' at position 2, found 'OR'/],
    ['NOT', /Expected a term after 'NOT'/],
    ['a -', /Expected a term after '-'/],
    ['a + b', /Expected a term after '\+'/],
    ['ss_town:', /Expected a value after 'ss_town:'/],
    ['ss_town: ', /Expected a value after 'ss_town:'/],
    ['ss_town:)', /Expected a value after 'ss_town:'/],
    [':x', /Unexpected ':' at position 0/],
    ['a^', /Boost '\^' needs a number/],
    ['a^x', /Boost '\^' needs a number/],
    ['a^1.2.3', /Malformed number/],
    ['(a)~2', /'~' is allowed only after a term or a phrase/],
    ['fs_price:1~', /Fuzzy search '~' is not supported on the float field/],
    ['a\\', /Dangling backslash/],
    ['/reg.x/', /Regular expression queries are not supported/],
    ['ss_town:/x/', /Regular expression queries are not supported/],
    ['*:x', /The field '\*' is allowed only in '\*:\*'/],
    ['a {!tag=x}b', /only at the start/],
    ['f\\oo:bar', /Invalid field name/],
    ['{!tag=x', /Unbalanced local parameters/],
    ['{!tag="x}q', /Unbalanced quotes in local parameters/],
    ['{!frange l=0}x', /Unsupported query parser 'frange'/],
    ['{!term}x', /The term query parser needs a field/],
    ['{!q.op=XOR}a', /q.op must be AND or OR/],
    ['a'.repeat(2001), /Query too long: 2001 characters \(at most 2000\)/],
    ['('.repeat(33) + 'a' + ')'.repeat(33), /Query nests deeper than 32 levels/],
    ['ss_type:('.repeat(33) + 'a' + ')'.repeat(33), /Query nests deeper than 32 levels/],
  ])('%s', (query, message) => {
    let error: unknown;
    try {
      parseQuery(query, { schema });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SearchRequestError);
    expect((error as Error).message).toMatch(message);
  });

  it('accepts nesting up to 32 levels and any field without a schema', () => {
    expect(show('('.repeat(32) + 'a' + ')'.repeat(32))).toBe('a');
    expect(formatQuery(parseQuery('anything:goes').ast)).toBe('anything:goes');
  });

  it.each(PATHOLOGICAL_QUERIES.map(({ name, make }) => [name, make(MAX_QUERY_LENGTH)] as const))(
    'answers a query of %s at the longest length with an AST or a SearchRequestError (its time: bench/hostile-queries.ts)',
    (_name, query) => {
      expect(query.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
      try {
        expect(parseQuery(query, { schema }).ast).toBeTypeOf('object');
      } catch (e) {
        expect(e).toBeInstanceOf(SearchRequestError);
        expect((e as Error).message.length).toBeGreaterThan(0);
      }
    },
  );
});
