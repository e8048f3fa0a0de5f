/**
 * Search documents kept as their JSON text, one per line, and parsed only when one is needed
 * (issue 27): a restart from the search snapshot with the embedded engine's index image parses
 * the documents a search returns, not a million of them (ten seconds at a million listings, and
 * more than a GiB of heap).
 *
 *   const lines = DocumentLines.fromDocuments(documents);   // in memory (tests, a small index)
 *   lines.length; lines.id(0); lines.get(0);                // the first document's id, the document
 *
 * The search snapshot (search-service.ts) is a file of such lines after a header line; reading it
 * keeps the file's bytes in one buffer (outside the JS heap) and the start of each line.
 */
import type { SearchDocument, StoredDocuments } from './types.ts';

const NEWLINE = 10;
const QUOTE = 34;
const BACKSLASH = 92;
/** `{"id":"`: a line written by documentLine starts so when its id is a string. */
const ID_PREFIX = Buffer.from('{"id":"');

/** A document as one line of JSON, its id first (so DocumentLines.id reads it without parsing the line). JSON escapes every newline. */
export function documentLine(doc: SearchDocument): string {
  let first: string | undefined;
  for (first in doc) break;
  // (fromEntries defines its keys: a field named __proto__ stays a field, as JSON.parse gives it.)
  return `${JSON.stringify(first === 'id' || typeof doc.id !== 'string' ? doc : Object.fromEntries([['id', doc.id], ...Object.entries(doc)]))}\n`;
}

export class DocumentLines implements StoredDocuments {
  /**
   * `data` holds the lines from `starts[0]`; line i is `starts[i]` up to the newline before
   * `starts[i + 1]`. Offsets are doubles: a snapshot of a few million listings passes 4 GiB.
   */
  private constructor(
    private readonly data: Buffer,
    private readonly starts: Float64Array,
  ) {}

  /** The lines of `data` from `from` (each ending with a newline), or null when the last is cut short. */
  static fromBuffer(data: Buffer, from = 0): DocumentLines | null {
    const starts: number[] = [from];
    for (let at = from; at < data.length; ) {
      const end = data.indexOf(NEWLINE, at);
      if (end < 0) return null;
      at = end + 1;
      starts.push(at);
    }
    return new DocumentLines(data, Float64Array.from(starts));
  }

  static fromDocuments(documents: readonly SearchDocument[]): DocumentLines {
    return DocumentLines.fromBuffer(Buffer.from(documents.map(documentLine).join('')))!;
  }

  get length(): number {
    return this.starts.length - 1;
  }

  id(i: number): string {
    const data = this.data;
    const start = this.starts[i]!;
    const end = this.starts[i + 1]! - 1;
    if (data.compare(ID_PREFIX, 0, ID_PREFIX.length, start, start + ID_PREFIX.length) === 0) {
      // The id's closing quote, unless it has an escape (then the whole line is parsed).
      for (let at = start + ID_PREFIX.length; at < end; at++) {
        const byte = data[at];
        if (byte === QUOTE) return data.toString('utf8', start + ID_PREFIX.length, at);
        if (byte === BACKSLASH) break;
      }
    }
    const { id } = this.get(i);
    return typeof id === 'string' ? id : '';
  }

  get(i: number): SearchDocument {
    return JSON.parse(this.data.toString('utf8', this.starts[i], this.starts[i + 1]! - 1)) as SearchDocument;
  }

  toArray(): SearchDocument[] {
    const out: SearchDocument[] = new Array(this.length);
    for (let i = 0; i < out.length; i++) out[i] = this.get(i);
    return out;
  }
}
