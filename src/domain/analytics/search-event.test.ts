import { describe, expect, it } from 'vitest';
import { parseBatch } from './events';

/** The GA4 `search` event the dashboard counts searches and zero-result queries from (issue 16). */
describe('the search event', () => {
  it('takes a search term (empty too) and how many results it found', () => {
    const parsed = parseBatch({ events: [{ name: 'search', page: '/search', params: { search_term: 'castle', results: 0 } }, { name: 'search', params: { search_term: '', results: 12 } }] });
    expect(parsed).toEqual({
      ok: true,
      batch: { events: [{ name: 'search', page: '/search', params: { search_term: 'castle', results: 0 } }, { name: 'search', params: { search_term: '', results: 12 } }] },
    });
  });

  it('refuses a negative or fractional count and a term longer than 200 characters, naming the field', () => {
    expect(parseBatch({ events: [{ name: 'search', params: { search_term: 'x', results: -1 } }] })).toMatchObject({ ok: false, message: expect.stringContaining('events.0.params.results') });
    expect(parseBatch({ events: [{ name: 'search', params: { results: 1.5 } }] })).toMatchObject({ ok: false });
    expect(parseBatch({ events: [{ name: 'search', params: { search_term: 'x'.repeat(201), results: 1 } }] })).toMatchObject({ ok: false, message: expect.stringContaining('search_term') });
  });
});
