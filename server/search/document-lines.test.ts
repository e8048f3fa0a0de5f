/**
 * Documents kept as lines of JSON (document-lines.ts): every document comes back as JSON gives it
 * back, and its id is read without parsing the line when it can be, whatever the id holds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentLines, documentLine } from './document-lines.ts';
import type { SearchDocument } from './types.ts';

const value = fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.array(fc.string({ unit: 'grapheme' })));
const document = fc
  .tuple(fc.oneof(fc.string({ unit: 'binary', minLength: 1 }), fc.constantFrom('', 'a"b', 'a\\b', 'x\ny', '日本-☃'), fc.integer()), fc.dictionary(fc.string({ unit: 'binary' }), value), fc.boolean())
  .map(([id, fields, idLast]) => {
    const rest = { ...fields };
    delete rest.id;
    return (idLast ? { index_id: 'default', ...rest, id } : { id, index_id: 'default', ...rest }) as unknown as SearchDocument;
  });

describe('document lines', () => {
  it('gives back every document and its id (a string id, else "")', () => {
    fc.assert(
      fc.property(fc.array(document, { maxLength: 20 }), (documents) => {
        const lines = DocumentLines.fromDocuments(documents);
        expect(lines.length).toBe(documents.length);
        documents.forEach((doc, i) => {
          expect(lines.get(i)).toEqual(JSON.parse(JSON.stringify(doc)));
          expect(lines.id(i)).toBe(typeof doc.id === 'string' ? doc.id : '');
        });
        expect(lines.toArray()).toEqual(JSON.parse(JSON.stringify(documents)));
      }),
      { numRuns: 300 },
    );
  });

  it('writes one line per document, its string id first', () => {
    const line = documentLine({ index_id: 'default', tm_description: 'two\nlines', id: 'x-1' });
    expect(line).toBe('{"id":"x-1","index_id":"default","tm_description":"two\\nlines"}\n');
    expect(line.indexOf('\n')).toBe(line.length - 1);
    // A field named __proto__ (JSON.parse makes it an own field) stays a field when the id moves first.
    const odd = JSON.parse('{"index_id":"default","__proto__":false,"id":"x"}') as SearchDocument;
    expect(documentLine(odd)).toBe('{"id":"x","index_id":"default","__proto__":false}\n');
  });

  it('refuses lines whose last one is cut short', () => {
    expect(DocumentLines.fromBuffer(Buffer.from('{"id":"a"}\n{"id":"b"}'))).toBeNull();
    expect(DocumentLines.fromBuffer(Buffer.from('head\n{"id":"a"}\n'), 5)?.id(0)).toBe('a');
  });
});
