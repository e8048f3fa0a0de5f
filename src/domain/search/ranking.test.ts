import { describe, expect, it } from 'vitest';
import {
  MAX_RANKED_ENTITIES,
  gaIdFromCookie,
  parseRankingResponse,
  rankedDocuments,
  rankingSortFor,
  rankPositions,
  rankingRequestUrl,
  rankingSort,
  rankingTrackers,
  tieBreaker,
  trackerUrl,
} from './ranking';

const BASE = 'https://coralhaven.example/search';

describe('gaIdFromCookie (spec §7 Ranking)', () => {
  it.each([
    ['GA1.2.1234567890.1700000000', '1234567890.1700000000'],
    ['GA1.1.abc-def.99', 'abc-def.99'],
    ['GA1.2.111.222.333', '111.222'],
    ['GA1.2.1234567890', null],
    ['GA1.2', null],
    ['', null],
    [undefined, null],
    [null, null],
    ['GA1.2..1700000000', null],
    ['GA1.2.<script>.1', null],
    ['GA1.2.1.' + '9'.repeat(300), null],
  ])('%j → %j', (cookie, expected) => {
    expect(gaIdFromCookie(cookie)).toBe(expected);
  });
});

describe('rankingRequestUrl', () => {
  const request = { cid: 'chc-web', hostName: 'coralhaven.example', fullUrl: 'https://coralhaven.example/search#q=a b&fq=x:1' };

  it('sends cid, host_name, full_url and usage=search, URL-encoded', () => {
    expect(rankingRequestUrl('https://rank.example/', 'coral haven', request)).toBe(
      'https://rank.example/api/v2/coral%20haven/ranking?cid=chc-web&host_name=coralhaven.example&full_url=https%3A%2F%2Fcoralhaven.example%2Fsearch%23q%3Da%20b%26fq%3Dx%3A1&usage=search',
    );
  });

  it('adds ga_id only when there is one', () => {
    expect(rankingRequestUrl('', 'coralhaven', { ...request, gaId: '111.222' })).toMatch(/^\/api\/v2\/coralhaven\/ranking\?.*&usage=search&ga_id=111.222$/);
    expect(rankingRequestUrl('', 'coralhaven', { ...request, gaId: null })).not.toContain('ga_id');
  });
});

describe('parseRankingResponse', () => {
  it('reads ids and http(s) tracker URLs, relative ones resolved against the page', () => {
    expect(
      parseRankingResponse(
        {
          entities: [
            { id: 'P1', impression_tracker_url: 'https://t.example/i?p=1', landing_page_click_tracker_url: '/api/v2/coralhaven/click?p=1', score: 9 },
            { id: 42 },
          ],
          extra: true,
        },
        BASE,
      ),
    ).toEqual({
      ok: true,
      value: [
        { id: 'P1', impressionTrackerUrl: 'https://t.example/i?p=1', landingPageClickTrackerUrl: 'https://coralhaven.example/api/v2/coralhaven/click?p=1' },
        { id: '42', impressionTrackerUrl: null, landingPageClickTrackerUrl: null },
      ],
    });
  });

  it.each([
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['ftp://t.example/x', null],
    [42, null],
    ['', null],
    ['http://t.example/i', 'http://t.example/i'],
    ['https://t.example/' + 'x'.repeat(3000), null],
  ])('keeps tracker URL %j as %j', (url, expected) => {
    expect(trackerUrl(url, BASE)).toBe(expected);
  });

  it('keeps the first place of a repeated id', () => {
    const result = parseRankingResponse({ entities: [{ id: 'A' }, { id: 'B' }, { id: 'A' }] }, BASE);
    expect(result.ok && result.value.map((entity) => entity.id)).toEqual(['A', 'B']);
  });

  it.each([
    ['no entities', {}],
    ['entities not a list', { entities: { id: 'A' } }],
    ['an entity without id', { entities: [{ impression_tracker_url: 'https://t.example' }] }],
    ['an empty id', { entities: [{ id: '  ' }] }],
    ['an id too long', { entities: [{ id: 'x'.repeat(129) }] }],
    ['an object id', { entities: [{ id: { a: 1 } }] }],
    ['too many entities', { entities: Array.from({ length: MAX_RANKED_ENTITIES + 1 }, (_, i) => ({ id: `P${i}` })) }],
    ['null', null],
  ])('refuses %s', (_title, input) => {
    const result = parseRankingResponse(input, BASE);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Invalid ranking response: /);
  });
});

describe('rankPositions / rankingTrackers', () => {
  it('numbers the ranked ids from 0, first occurrence winning', () => {
    expect([...rankPositions([{ id: 'P2' }, { id: 'P1' }, { id: 'P2' }])]).toEqual([
      ['P2', 0],
      ['P1', 1],
    ]);
  });

  it('keeps the tracker URLs per property id', () => {
    const trackers = rankingTrackers([{ id: 'P1', impressionTrackerUrl: 'https://t/i', landingPageClickTrackerUrl: null }]);
    expect(trackers.get('P1')).toEqual({ impressionTrackerUrl: 'https://t/i', landingPageClickTrackerUrl: null });
    expect(trackers.get('P2')).toBeUndefined();
  });
});

describe('tieBreaker', () => {
  it.each([
    [0, 1],
    [0.5, 5000],
    [0.99999999, 9999],
    [1, 9999],
    [-3, 1],
    [Number.NaN, 1],
  ])('random %s → %s', (random, expected) => {
    expect(tieBreaker(() => random)).toBe(expected);
  });
});

describe('rankingSort (spec §9 Search ordering by ranking)', () => {
  interface Listing {
    code: string | null;
    price?: unknown;
  }
  const listing = (code: string | null, price?: unknown): Listing => ({ code, price });
  const codes = (list: Listing[]) => list.map((item) => `${item.code ?? '-'}${item.price === undefined ? '' : `@${String(item.price)}`}`);
  /** Random numbers handed out in the order the items are given. */
  const randoms = (...values: number[]) => {
    let i = 0;
    return () => values[i++] ?? 0;
  };
  const positions = rankPositions([{ id: 'P1' }, { id: 'P2' }, { id: 'P3' }]);

  it.each([
    ['by ranking position', [listing('P3'), listing('P1'), listing('P2')], randoms(), false, ['P1', 'P2', 'P3']],
    ['descending reverses the order', [listing('P3'), listing('P1'), listing('P2')], randoms(), true, ['P3', 'P2', 'P1']],
    [
      'unranked properties after the ranked ones, their ties broken by the random numbers',
      [listing('X'), listing('P2'), listing('Y'), listing(null)],
      randoms(0.9, 0.1, 0.2, 0.5),
      false,
      ['P2', 'Y', '-', 'X'],
    ],
    ['equal random numbers keep the given order', [listing('X'), listing('Y'), listing('Z')], randoms(0.3, 0.3, 0.3), false, ['X', 'Y', 'Z']],
  ])('%s', (_title, items, random, descending, expected) => {
    expect(codes(rankingSort(items, { positions, propertyId: (item) => item.code, random, descending }))).toEqual(expected);
  });

  it('gives unranked properties the position equal to the number of ranked entities', () => {
    // P3 is at position 2, unranked ones at 3: with ties broken toward the unranked item, P3 still comes first.
    const sorted = rankingSort([listing('X'), listing('P3')], { positions, propertyId: (item) => item.code, random: randoms(0, 0.99) });
    expect(codes(sorted)).toEqual(['P3', 'X']);
    const two = rankPositions([{ id: 'A' }, { id: 'B' }]);
    const mixed = rankingSort([listing('X'), listing('B'), listing('A')], { positions: two, propertyId: (item) => item.code, random: randoms() });
    expect(codes(mixed)).toEqual(['A', 'B', 'X']);
  });

  it.each([
    ['by the number first', [listing('P1', 300), listing('P2', 100), listing('P3', 200)], false, ['P2@100', 'P3@200', 'P1@300']],
    ['number ties broken by ranking position', [listing('P3', 100), listing('X', 100), listing('P1', 100), listing('P2', 50)], false, ['P2@50', 'P1@100', 'P3@100', 'X@100']],
    ['numeric strings read as numbers', [listing('P1', '20'), listing('P2', '3')], false, ['P2@3', 'P1@20']],
    ['non-numbers last', [listing('P1', 'n/a'), listing('P2', 5), listing('P3', null)], false, ['P2@5', 'P1@n/a', 'P3@null']],
    ['descending reverses the number order, the better-ranked still first among equals', [listing('P3', 100), listing('P1', 100), listing('P2', 50)], true, ['P1@100', 'P3@100', 'P2@50']],
    ['descending keeps non-numbers last', [listing('P1', null), listing('P2', 5), listing('P3', 9)], true, ['P3@9', 'P2@5', 'P1@null']],
    ['descending: unranked ties after ranked ones', [listing('X', 7), listing('P3', 7), listing('P1', 3)], true, ['P3@7', 'X@7', 'P1@3']],
  ])('numeric: %s', (_title, items, descending, expected) => {
    const sorted = rankingSort(items, { positions, propertyId: (item) => item.code, random: randoms(), descending, numericValue: (item) => item.price });
    expect(codes(sorted)).toEqual(expected);
  });

  it('draws one random number per item, in the items\' order', () => {
    let calls = 0;
    rankingSort([listing('A'), listing('B'), listing('C')], { positions, propertyId: (item) => item.code, random: () => (calls++, 0.5) });
    expect(calls).toBe(3);
  });
});

describe('rankingSortFor: which sorts the ranking applies to', () => {
  it.each([
    ['', { kind: 'ranking' }],
    [undefined, { kind: 'ranking' }],
    ['  ', { kind: 'ranking' }],
    ['is_price_min asc', { kind: 'numeric', field: 'is_price_min', descending: false }],
    ['is_price_max desc', { kind: 'numeric', field: 'is_price_max', descending: true }],
    ['fs_rating DESC', { kind: 'numeric', field: 'fs_rating', descending: true }],
    ['ss_name asc', { kind: 'search' }],
    ['is_bedrooms desc, ss_name asc', { kind: 'search' }],
    ['is_bedrooms', { kind: 'search' }],
    ['random_1 asc', { kind: 'search' }],
  ])('%j → %j', (sort, expected) => {
    expect(rankingSortFor(sort)).toEqual(expected);
  });
});

describe('rankedDocuments: one search page in ranked order', () => {
  const doc = (id: string, code: string | null, extra: Record<string, unknown> = {}) => ({ id, ss_vrfusion_site_property_code: code, ...extra });
  const ids = (docs: Array<{ id: string }>) => docs.map((d) => d.id);
  const page = [
    doc('d1', 'C', { fs_rating: 4.5, ss_name: 'Coral' }),
    doc('d2', 'A', { fs_rating: 4.0, ss_name: 'Anchor' }),
    doc('d3', 'X', { fs_rating: 4.5, ss_name: 'Xebec' }),
    doc('d4', 'B', { fs_rating: 4.5, ss_name: 'Bay' }),
    doc('d5', null, { ss_name: 'Nameless' }),
  ];
  const ranking = { rankedIds: ['A', 'B', 'C'], seed: 11 };

  it('keeps the search order without a ranking', () => {
    expect(ids(rankedDocuments(page, null, ''))).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
  });

  it('orders Recommended by ranking position, unranked ones after the ranked', () => {
    const sorted = ids(rankedDocuments(page, ranking, ''));
    expect(sorted.slice(0, 3)).toEqual(['d2', 'd4', 'd1']);
    expect(new Set(sorted.slice(3))).toEqual(new Set(['d3', 'd5']));
  });

  it('orders a numeric sort by the value, ranking position breaking ties, desc reversing the values', () => {
    expect(ids(rankedDocuments(page, ranking, 'fs_rating desc'))).toEqual(['d4', 'd1', 'd3', 'd2', 'd5']);
    expect(ids(rankedDocuments(page, ranking, 'fs_rating asc'))).toEqual(['d2', 'd4', 'd1', 'd3', 'd5']);
  });

  it('keeps the search order for a text sort', () => {
    expect(ids(rankedDocuments(page, ranking, 'ss_name asc'))).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
  });

  it('breaks ties among unranked documents the same way for the same seed, and differently for others', () => {
    const unranked = Array.from({ length: 12 }, (_, i) => doc(`u${i}`, `U${i}`));
    const once = ids(rankedDocuments(unranked, ranking, ''));
    expect(ids(rankedDocuments(unranked, { ...ranking }, ''))).toEqual(once);
    const others = [1, 2, 3, 4].map((seed) => ids(rankedDocuments(unranked, { ...ranking, seed }, '')).join());
    expect(others.some((order) => order !== once.join())).toBe(true);
    expect([...once].sort()).toEqual(ids(unranked).sort());
  });

  it('returns a new array and leaves the documents alone', () => {
    const before = ids(page);
    expect(rankedDocuments(page, ranking, '')).not.toBe(page);
    expect(ids(page)).toEqual(before);
  });

  it('reads numeric property codes too', () => {
    expect(ids(rankedDocuments([doc('a', null), { id: 'b', ss_vrfusion_site_property_code: 7 }], { rankedIds: ['7'], seed: 1 }, ''))).toEqual(['b', 'a']);
  });
});
