import { describe, expect, it } from 'vitest';
import { parseBatch } from './events';

describe('the search event (what the site owner counts: searches and zero-result queries)', () => {
  it('carries the typed text (may be empty) and numFound', () => {
    const parsed = parseBatch({ events: [{ name: 'search', page: '/search', params: { search_term: '', results: 0 } }] });
    expect(parsed).toEqual({ ok: true, batch: { events: [{ name: 'search', page: '/search', params: { search_term: '', results: 0 } }] } });
  });

  it('refuses a negative or fractional count and a term longer than 200 characters', () => {
    expect(parseBatch({ events: [{ name: 'search', params: { search_term: 'x', results: -1 } }] })).toMatchObject({ ok: false, message: expect.stringContaining('events.0.params.results') });
    expect(parseBatch({ events: [{ name: 'search', params: { results: 1.5 } }] })).toMatchObject({ ok: false });
    expect(parseBatch({ events: [{ name: 'search', params: { search_term: 'x'.repeat(201) } }] })).toMatchObject({ ok: false, message: expect.stringContaining('search_term') });
  });
});
