/** Spellcheck: suggestions for words not in the vocabulary, and the collation of the corrected query. */
import type { SolrResponse } from '../types.ts';
import { fold, stem, wordsWithOffsets } from './analysis.ts';
import { lowerBound } from './index.ts';
import { editDistance } from './matching.ts';
import { type RequestState, namedList, parseBoolParam, parseIntParam } from './request.ts';

export function spellcheckOf(req: RequestState): SolrResponse['spellcheck'] | null {
  const p = req.p;
  const explicit = p.get('spellcheck.q');
  const q = p.get('q');
  const text = explicit ?? (q && q.trim() !== '*:*' ? q : '');
  const count = parseIntParam('spellcheck.count', p.get('spellcheck.count'), 1, 1, 50);
  const collate = parseBoolParam('spellcheck.collate', p.get('spellcheck.collate'), true);
  const vocab = req.index.vocab;
  const entries: [string, unknown][] = [];
  const replacements: { start: number; end: number; word: string }[] = [];
  if (text.length <= 2000) {
    for (const w of wordsWithOffsets(text)) {
      if (explicit === undefined) {
        // Skip field names and operators of a query.
        if (text[w.end] === ':' || /^(AND|OR|NOT|TO)$/.test(text.slice(w.start, w.end))) continue;
      }
      if (w.word.length < 3 || /^\d+$/.test(w.word) || vocab.has(w.word) || vocab.has(stem(w.word))) continue;
      const suggestions = spellSuggestions(req, w.word, count);
      if (suggestions.length === 0) continue;
      entries.push([text.slice(w.start, w.end), { numFound: suggestions.length, startOffset: w.start, endOffset: w.end, suggestion: suggestions }]);
      replacements.push({ start: w.start, end: w.end, word: suggestions[0]!.word });
    }
  }
  const result: { suggestions: unknown[]; collations?: unknown[] } = { suggestions: namedList(entries, req.map) as unknown[] };
  if (collate) {
    // Like Solr, the collation corrects the main query (q) when there is one, else the spellcheck text.
    const base = explicit !== undefined && q !== undefined && q.trim() !== '' && q.trim() !== '*:*' ? q : text;
    let spans = replacements;
    if (base !== text) {
      const fixes = new Map(replacements.map((r) => [fold(text.slice(r.start, r.end)), r.word]));
      spans = [];
      for (const w of wordsWithOffsets(base)) {
        const fix = fixes.get(w.word);
        if (fix !== undefined && base[w.end] !== ':') spans.push({ start: w.start, end: w.end, word: fix });
      }
    }
    let collation = '';
    let at = 0;
    for (const r of spans) {
      collation += base.slice(at, r.start) + r.word;
      at = r.end;
    }
    collation += base.slice(at);
    result.collations = namedList(spans.length > 0 ? [['collation', collation]] : [], req.map) as unknown[];
  }
  return result;
}

export function spellSuggestions(req: RequestState, word: string, count: number): { word: string; freq: number }[] {
  const vocab = req.index.vocabWords();
  const first = word[0]!;
  const found: { word: string; freq: number; dist: number }[] = [];
  for (let i = lowerBound(vocab, first); i < vocab.length && vocab[i]![0] === first; i++) {
    const candidate = vocab[i]!;
    if (Math.abs(candidate.length - word.length) > 2) continue;
    const dist = editDistance(word, candidate, 2);
    if (dist <= 2) found.push({ word: candidate, freq: req.index.vocab.get(candidate) ?? 0, dist });
  }
  // Closest first (as Solr orders by edit distance), then most frequent, then alphabetical.
  found.sort((a, b) => a.dist - b.dist || b.freq - a.freq || (a.word < b.word ? -1 : 1));
  return found.slice(0, count).map(({ word: w, freq }) => ({ word: w, freq }));
}
