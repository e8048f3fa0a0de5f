/**
 * The index image (image.ts): an engine that loads it answers every request as the engine that
 * built it did, before and after the same changes; an image that does not belong to the documents,
 * the key, the engine's settings or is damaged is refused, and the engine keeps its index.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocuments } from '../../../bench/listings-generator.ts';
import { DocumentLines } from '../document-lines.ts';
import type { SearchDocument, SolrResponse } from '../types.ts';
import { type EmbeddedEngine, createEmbeddedEngine } from './engine.ts';
import { docs as fuzzDocs, params, toParams } from './fuzz-inputs.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-image-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;
const imageFile = () => path.join(dir, `index-${++files}.bin`);

// Generated listings, the fuzz documents (odd values), a repeated id (the later one wins), ids
// with quotes, escapes and other scripts, one not first among its fields, ones without a string
// id (skipped).
const DOCUMENTS: SearchDocument[] = [
  ...generateDocuments(1500),
  ...fuzzDocs,
  { ...generateDocuments(3)[1]!, tm_description: 'the same id again, replacing the first' },
  { index_id: 'default', tm_description: 'no id' } as unknown as SearchDocument,
  { index_id: 'default', id: 'a "quoted" id\\with\nescapes', tm_description: 'odd id' },
  { index_id: 'default', id: 'Ünïcødé-☃-𝄞-日本語-\ud800', tm_description: 'another odd id' },
  { tm_description: 'id not first', index_id: 'default', id: 'zz-not-first' },
  { id: 42, index_id: 'default', tm_description: 'a number for an id' } as unknown as SearchDocument,
];
const STORED = DocumentLines.fromDocuments(DOCUMENTS);

/** The answer without its timing. */
async function answer(engine: EmbeddedEngine, p: Record<string, string | string[]>): Promise<unknown> {
  try {
    const r: SolrResponse = await engine.select(toParams(p));
    return { ...r, responseHeader: { ...r.responseHeader, QTime: 0 } };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

const SAMPLE: Record<string, string | string[]>[] = [
  { q: 'sea view', fl: 'id,score', rows: '20', facet: 'true', 'facet.field': ['ss_town', 'ss_type', 'sm_amenities'] },
  { q: '"ocean view"', fq: 'fs_price:[100 TO 300]', fl: 'id,score', sort: 'score desc,id asc' },
  { q: 'tm_description:co* OR tm_description:*ing', rows: '5', sort: 'fs_price asc,id asc' },
  { q: '*:*', start: '900', rows: '7', sort: 'id desc' },
  { q: 'harbor cotage', spellcheck: 'true', 'spellcheck.collate': 'true' },
  // Whole documents, the odd ids among them (read from the stored lines after a load).
  { q: '*:*', fl: '*', rows: '6', sort: 'id asc' },
  { q: '*:*', fl: '*', rows: '6', sort: 'id desc' },
  { ids: 'zz-not-first,fz-default-3', fl: '*' },
];

async function sameAnswers(a: EmbeddedEngine, b: EmbeddedEngine): Promise<void> {
  for (const p of SAMPLE) expect(await answer(b, p)).toEqual(await answer(a, p));
  await fc.assert(
    fc.asyncProperty(params, async (p) => {
      expect(await answer(b, p)).toEqual(await answer(a, p));
    }),
    { numRuns: 150 },
  );
  for (const prefix of ['co', 'pad', 'sea v', 'x']) expect(await b.suggest(prefix, 10)).toEqual(await a.suggest(prefix, 10));
}

describe('embedded engine: index image', () => {
  it('loads an index that answers as the one it was built as, and keeps doing so through the same changes', async () => {
    const built = createEmbeddedEngine({ maxRows: 100 });
    await built.replaceAll(DOCUMENTS);
    const file = imageFile();
    expect(await built.saveImage(file, 'k1')).toBe(true);
    const loaded = createEmbeddedEngine({ maxRows: 100 });
    expect(await loaded.loadImage(file, 'k1', STORED)).toBe(true);
    expect(loaded.documentCount()).toBe(built.documentCount());
    await sameAnswers(built, loaded);

    // The same additions, replacements and removals on both (new words, new fields, a new town).
    const more = generateDocuments(1700).slice(1500).map((d, i) => ({ ...d, ss_town: i % 2 ? 'Newquay Bay' : d.ss_town!, tm_summary: `zephyr ${i}` }));
    const changes: [SearchDocument[], string[]][] = [
      [more.slice(0, 100), []],
      [[{ ...DOCUMENTS[3]!, tm_description: 'an entirely rewritten text about a lighthouse' }], [DOCUMENTS[5]!.id as string, DOCUMENTS[6]!.id as string]],
      [more.slice(100), DOCUMENTS.slice(10, 600).map((d) => d.id as string)],
    ];
    for (const [add, remove] of changes) {
      await built.update(add, remove);
      await loaded.update(add, remove);
      await sameAnswers(built, loaded);
    }
    // Changed since its build: there is no image to save of it.
    expect(await loaded.saveImage(imageFile(), 'k1')).toBe(false);
  });

  it('refuses an image of other documents, another key or other settings, a damaged or missing one, and keeps its index', async () => {
    const built = createEmbeddedEngine({ maxRows: 100 });
    await built.replaceAll(DOCUMENTS);
    const file = imageFile();
    await built.saveImage(file, 'k1');
    const engine = createEmbeddedEngine({ maxRows: 100 });
    const small = fuzzDocs.slice(0, 10);
    await engine.replaceAll(small);
    const swapped = [...DOCUMENTS];
    [swapped[7], swapped[8]] = [swapped[8]!, swapped[7]!];
    const renamed = DOCUMENTS.map((d, i) => (i === 40 ? { ...d, id: `${d.id}-x` } : d));
    const bytes = fs.readFileSync(file);
    const cut = imageFile();
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = imageFile();
    const damaged = Buffer.from(bytes);
    damaged.fill(0xff, bytes.indexOf(10) + 1, bytes.indexOf(10) + 64);
    fs.writeFileSync(flipped, damaged);
    const oneByte = imageFile();
    const late = Buffer.from(bytes);
    late[late.length - 100] = late[late.length - 100]! ^ 1;
    fs.writeFileSync(oneByte, late);
    const refusals: [string, string, SearchDocument[], EmbeddedEngine?][] = [
      ['other key', file, DOCUMENTS],
      ['fewer documents', file, DOCUMENTS.slice(0, -3)],
      ['more documents', file, [...DOCUMENTS, ...fuzzDocs.map((d) => ({ ...d, id: `${d.id}-more` }))]],
      ['documents in another order', file, swapped],
      ['an id changed', file, renamed],
      ['cut short', cut, DOCUMENTS],
      ['damaged', flipped, DOCUMENTS],
      ['one bit of its arrays changed', oneByte, DOCUMENTS],
      ['missing', path.join(dir, 'none.bin'), DOCUMENTS],
      ['other autocomplete fields', file, DOCUMENTS, createEmbeddedEngine({ maxRows: 100, suggestFields: ['ss_town'] })],
    ];
    for (const [why, f, documents, other] of refusals) {
      const target = other ?? engine;
      const key = why === 'other key' ? 'k2' : 'k1';
      expect(await target.loadImage(f, key, DocumentLines.fromDocuments(documents)), why).toBe(false);
    }
    expect(engine.documentCount()).toBe(10);
    expect(((await engine.select(toParams({ q: '*:*', rows: '0' }))) as SolrResponse).response.numFound).toBe(10);
  });
});
