import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedEngine } from './engine/engine.ts';
import { registerSearchProxy } from './proxy.ts';
import { checkQueryCost, SEARCH_QUERY_CAPS } from './query-caps.ts';
import type { SearchDocument } from './types.ts';

const caps = SEARCH_QUERY_CAPS;
const WORDS = ['harbour', 'cottage', 'sandpiper', 'lighthouse', 'dune', 'pelican', 'coral', 'villa', 'orchard', 'tide'];
/** A wildcard pattern as long and as wild as the caps allow (`*a*e*i*o…q`). */
const widest = (i: number) => {
  let pattern = '';
  for (let w = 0; w < caps.maxWildcardsPerTerm; w++) pattern += `*${'aeiounrstl'[(i + w) % 10]}`;
  return `${pattern}${'q'.repeat(caps.maxPatternLength - pattern.length)}`;
};

let app: FastifyInstance;
const search = (params: Array<[string, string]>) =>
  app.inject({ method: 'POST', url: '/solr/select', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(params).toString() });

beforeAll(async () => {
  const engine = createEmbeddedEngine({ maxRows: 100 });
  const documents: SearchDocument[] = Array.from({ length: 200 }, (_, i) => ({
    id: `chc1-listings-${1001 + i}`,
    index_id: 'listings',
    ts_name: `${WORDS[i % 10]} ${WORDS[(i * 3) % 10]} ${i}`,
    tm_description: [`A ${WORDS[(i * 7) % 10]} by the ${WORDS[(i + 4) % 10]}, number ${i}`],
  }));
  await engine.replaceAll(documents);
  app = Fastify();
  await registerSearchProxy(app, { backend: engine, url: '/solr/select' });
});

afterAll(() => app?.close());

describe('what one search may expand to (issue 12 #6)', () => {
  it('answers the costliest search the caps allow (measured in bench/event-loop.ts)', async () => {
    const q = Array.from({ length: caps.maxExpansions }, (_, i) => widest(i)).join(' ');
    expect((await search([['q', q], ['rows', '100'], ['facet', 'true'], ['facet.field', 'ts_name'], ['facet.limit', '-1']])).statusCode).toBe(200);
    const clauses = Array.from({ length: caps.maxClauses }, (_, i) => WORDS[i % 10]).join(' OR ');
    expect((await search([['q', clauses]])).statusCode).toBe(200);
  });

  it.each([
    ['one wildcard term too many (the issue’s 16 KB wildcard search)', [['q', Array.from({ length: caps.maxExpansions + 1 }, (_, i) => widest(i)).join(' ')]], `it has ${caps.maxExpansions + 1} wildcard, prefix or fuzzy terms (at most ${caps.maxExpansions})`],
    ['wildcards spread over q and fq', [['q', Array.from({ length: 6 }, (_, i) => `${WORDS[i]}*`).join(' ')], ['fq', Array.from({ length: 6 }, (_, i) => `ts_name:${WORDS[i]}~2`).join(' OR ')]], `it has 12 wildcard, prefix or fuzzy terms (at most ${caps.maxExpansions})`],
    ['a wildcard pattern too long', [['q', `*${'a'.repeat(caps.maxPatternLength)}*`]], `a wildcard term is longer than ${caps.maxPatternLength} characters`],
    ['a pattern with too many wildcards', [['q', '*a*b*c*d*e']], `a wildcard term has 5 wildcards (at most ${caps.maxWildcardsPerTerm})`],
    ['too many clauses', [['q', Array.from({ length: caps.maxClauses + 1 }, (_, i) => WORDS[i % 10]).join(' ')]], `it has ${caps.maxClauses + 1} clauses (at most ${caps.maxClauses})`],
    ['too many boost functions', [['defType', 'edismax'], ['q', 'dune'], ...Array.from({ length: caps.maxFunctions + 1 }, (): [string, string] => ['boost', 'fs_rating'])], `it has ${caps.maxFunctions + 1} boost functions (at most ${caps.maxFunctions})`],
  ])('refuses %s with 400 naming the cap', async (_name, params, message) => {
    const response = await search(params as Array<[string, string]>);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`This search asks too much: ${message}. Please simplify it.`);
  });

  it('counts the site’s own searches as cheap: quoted filters, ranges and a typed word or two', () => {
    const params = new Map([
      ['q', ['sea view cottag*']],
      ['fq', ['{!tag=area}ss_area:"Coral Bay"', 'is_bedrooms:[2 TO *]', 'sm_amenities:("Pool" OR "Hot tub")']],
      ['facet.query', ['fs_rating:[4 TO 5]']],
    ]);
    expect(() => checkQueryCost(params)).not.toThrow();
  });
});
