/**
 * Fuzzing the query parser and the engine with generated inputs (fuzz-inputs.ts): arbitrary
 * strings and grammar-shaped queries (valid and deliberately broken). Every input must give either
 * a valid response or a SearchRequestError. How long that takes is measured by
 * bench/hostile-queries.ts, not here.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SolrResponse, SearchRequestError } from '../types.ts';
import { type EmbeddedEngine, createEmbeddedEngine } from './engine.ts';
import { anyString, docs, fuzzSchema, params, shaped, toParams } from './fuzz-inputs.ts';
import { parseQuery } from './query-parser.ts';

function checkResponse(r: SolrResponse): void {
  expect(r.responseHeader.status).toBe(0);
  expect(Number.isInteger(r.response.numFound)).toBe(true);
  expect(r.response.numFound).toBeGreaterThanOrEqual(0);
  expect(r.response.numFound).toBeLessThanOrEqual(docs.length);
  expect(Array.isArray(r.response.docs)).toBe(true);
  expect(r.response.docs.length).toBeLessThanOrEqual(Math.min(r.response.numFound, 100));
  expect(() => JSON.stringify(r)).not.toThrow();
}

describe('fuzz', () => {
  let engine: EmbeddedEngine;
  beforeAll(async () => {
    engine = createEmbeddedEngine({ maxRows: 100 });
    await engine.replaceAll(docs);
  });

  it('parses any string or grammar-shaped query into an AST or a SearchRequestError', () => {
    fc.assert(
      fc.property(fc.oneof(shaped, anyString), (q) => {
        try {
          const parsed = parseQuery(q, { schema: fuzzSchema });
          expect(parsed.ast).toBeTypeOf('object');
        } catch (e) {
          expect(e).toBeInstanceOf(SearchRequestError);
          expect((e as Error).message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('answers any request with a valid response or a SearchRequestError', async () => {
    let ok = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(params, async (p) => {
        try {
          checkResponse(await engine.select(toParams(p as Record<string, string | string[]>)));
          ok++;
        } catch (e) {
          if (!(e instanceof SearchRequestError)) throw e;
          refused++;
        }
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
