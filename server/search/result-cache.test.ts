import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DocumentLines } from './document-lines.ts';
import { createEmbeddedEngine } from './engine/engine.ts';
import { withResultCache } from './result-cache.ts';
import type { SearchBackend, SearchDocument } from './types.ts';

const doc = (n: number, town: string): SearchDocument => ({ id: `abc-default-${n}`, index_id: 'default', ss_name: `Rental ${n}`, ss_town: town, is_bedrooms: n });
const params = (o: Record<string, string | string[]>) => new Map(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
const IN_PADSTOW = params({ q: '*:*', fq: 'ss_town:Padstow', facet: 'true', 'facet.field': 'ss_town', 'json.nl': 'map', wt: 'json' });

async function cachedEngine(entries?: number) {
  const engine = createEmbeddedEngine();
  await engine.replaceAll([doc(1, 'Padstow'), doc(2, 'Fowey'), doc(3, 'Padstow')]);
  const select = vi.spyOn(engine, 'select');
  return { engine, select, backend: withResultCache(engine, { entries }) };
}

describe('withResultCache', () => {
  it('answers a repeated search from what it kept, without asking the engine again', async () => {
    const { backend, select } = await cachedEngine();
    const first = await backend.select(IN_PADSTOW);
    const again = await backend.select(params({ q: '*:*', fq: 'ss_town:Padstow', facet: 'true', 'facet.field': 'ss_town', 'json.nl': 'map', wt: 'json' }));
    expect(first.response.numFound).toBe(2);
    expect(again).toBe(first);
    expect(select).toHaveBeenCalledTimes(1);
    // Another filter is another search.
    expect((await backend.select(params({ q: '*:*', fq: 'ss_town:Fowey' }))).response.numFound).toBe(1);
    expect(select).toHaveBeenCalledTimes(2);
  });

  it('drops what it kept when the index changes, so an added or removed listing shows at once', async () => {
    const { backend } = await cachedEngine();
    expect((await backend.select(IN_PADSTOW)).response.numFound).toBe(2);
    await backend.update([doc(4, 'Padstow')], []);
    expect((await backend.select(IN_PADSTOW)).response.numFound).toBe(3);
    await backend.update([], ['abc-default-1', 'abc-default-4']);
    expect((await backend.select(IN_PADSTOW)).response.numFound).toBe(1);
    await backend.replaceAll([doc(9, 'Padstow'), doc(10, 'Padstow'), doc(11, 'Padstow'), doc(12, 'Padstow')]);
    expect((await backend.select(IN_PADSTOW)).response.numFound).toBe(4);
  });

  it('never keeps an answer that depends on the clock (date math NOW)', async () => {
    const { backend, select } = await cachedEngine();
    const recent = params({ q: '*:*', fq: 'ds_updated:[NOW-1DAY TO *]' });
    await backend.select(recent);
    await backend.select(recent);
    expect(select).toHaveBeenCalledTimes(2);
  });

  it('keeps no failure: the next request asks the engine again', async () => {
    const { backend, select } = await cachedEngine();
    select.mockRejectedValueOnce(new Error('engine busy'));
    await expect(backend.select(IN_PADSTOW)).rejects.toThrow('engine busy');
    expect((await backend.select(IN_PADSTOW)).response.numFound).toBe(2);
    expect(select).toHaveBeenCalledTimes(2);
  });

  it('keeps at most `entries` answers, dropping the least recently used', async () => {
    const { backend, select } = await cachedEngine(2);
    const byTown = (town: string) => params({ q: '*:*', fq: `ss_town:${town}` });
    await backend.select(byTown('Padstow'));
    await backend.select(byTown('Fowey'));
    await backend.select(byTown('Padstow')); // kept; Fowey is now the least recently used
    await backend.select(byTown('Truro')); // a third answer: Fowey goes
    expect(select).toHaveBeenCalledTimes(3);
    await backend.select(byTown('Padstow'));
    expect(select).toHaveBeenCalledTimes(3);
    await backend.select(byTown('Fowey'));
    expect(select).toHaveBeenCalledTimes(4);
  });

  it('passes the index image through: saved as the engine built it, and loading it drops what was kept', async () => {
    const { backend } = await cachedEngine();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cache-image-')), 'index.bin');
    const four = [doc(9, 'Padstow'), doc(10, 'Padstow'), doc(11, 'Padstow'), doc(12, 'Fowey')];
    await backend.replaceAll(four);
    expect(await backend.saveImage!(file, 'k')).toBe(true);
    await backend.replaceAll([doc(1, 'Padstow')]);
    expect((await backend.select(IN_PADSTOW)).response.numFound).toBe(1);
    expect(await backend.loadImage!(file, 'k', DocumentLines.fromDocuments(four))).toBe(true);
    expect((await backend.select(IN_PADSTOW)).response.numFound).toBe(3);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('offers no index image when the engine behind it has none (Solr)', () => {
    const solrLike: SearchBackend = { kind: 'solr', select: vi.fn(), suggest: vi.fn(), replaceAll: vi.fn(), update: vi.fn(), close: vi.fn() };
    const wrapped = withResultCache(solrLike);
    expect(wrapped.saveImage).toBeUndefined();
    expect(wrapped.loadImage).toBeUndefined();
  });
});
