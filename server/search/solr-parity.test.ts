/**
 * The fixes `npm run test:solr` found (docs/search.md "Tested on a real SolrCloud"), held here
 * without Solr: each fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { listingFromDocument } from '../../src/domain/listing-document.ts';
import { analyze } from './engine/analysis.ts';
import { createEmbeddedEngine } from './engine/engine.ts';
import { normLength } from './engine/filters.ts';
import { checkSearchParams, withTieBreak } from './proxy.ts';
import type { SearchDocument } from './types.ts';

const docs: SearchDocument[] = [
  { id: 'b', index_id: 'x', ss_name: 'B', ss_area: 'Coral Bay', sm_amenities: ['Ocean view'], tm_summary: 'A house.', is_bedrooms: 2 },
  { id: 'a', index_id: 'x', ss_name: 'A', ss_area: 'Harbour', sm_amenities: ['Pool'], tm_summary: "The captain's cottage.", is_bedrooms: 2 },
];

describe('the same answers as Solr', () => {
  it('every order is total: ties by id, the ids fetch keeps its own order', () => {
    expect(withTieBreak(new Map([['sort', ['is_bedrooms desc']]])).get('sort')).toEqual(['is_bedrooms desc,id asc']);
    expect(withTieBreak(new Map([['q', ['*:*']]])).get('sort')).toEqual(['score desc,id asc']);
    expect(withTieBreak(new Map([['sort', ['id desc']]])).get('sort')).toEqual(['id desc']);
    expect(withTieBreak(new Map([['ids', ['b,a']]])).has('sort')).toBe(false);
  });

  it('bare words search the catch-all copy: area, type and amenities too', async () => {
    const engine = createEmbeddedEngine();
    await engine.replaceAll(docs);
    expect((await engine.select(new Map([['q', ['view']]]))).response.docs.map((d) => d.id)).toEqual(['b']);
    expect((await engine.select(new Map([['q', ['coral']]]))).response.numFound).toBe(1);
  });

  it('multi-valued fields come back as lists, and listing cards read their first value', async () => {
    const engine = createEmbeddedEngine();
    await engine.replaceAll(docs);
    const [doc] = (await engine.select(new Map([['ids', ['a']]]))).response.docs;
    expect(doc!.tm_summary).toEqual(["The captain's cottage."]);
    expect(listingFromDocument({ ...(doc as { id: string }), ss_url: '/listing/a', entity_id: 1 })?.summary).toBe("The captain's cottage.");
  });

  it('words as Lucene StandardTokenizer cuts them, lengths as Lucene keeps them', () => {
    expect(analyze("The captain's 2.5 baths, ss_area wi-fi")).toEqual(['the', "captain'", '2.5', 'bath', 'ss_area', 'wi', 'fi']);
    expect([1, 23, 24, 39, 40, 152, 161, 167, 168, 169].map(normLength)).toEqual([1, 23, 24, 39, 40, 152, 152, 152, 168, 168]);
  });

  it('facet.query may exclude a tagged filter (multi-select)', () => {
    expect(() => checkSearchParams(new Map([['facet.query', ['{!ex=price}is_price_min:[* TO 100]']]]))).not.toThrow();
    expect(() => checkSearchParams(new Map([['facet.query', ['{!lucene}x']]]))).toThrow(/local parameters/);
  });
});
