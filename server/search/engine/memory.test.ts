import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDocuments } from '../../../bench/listings-generator.ts';
import { DocumentLines } from '../document-lines.ts';
import { createEmbeddedEngine } from './engine.ts';
import { SearchMemoryError, engineMemoryLimit, estimateEngineBytes } from './memory.ts';

describe('embedded engine: memory bound', () => {
  const documents = generateDocuments(2000);

  it('estimates about 330 MiB per 100 000 generated listings, growing with their text', () => {
    const per100k = (estimateEngineBytes(documents) / documents.length) * 100_000;
    expect(per100k / 1048576).toBeGreaterThan(300);
    expect(per100k / 1048576).toBeLessThan(360);
    const longer = documents.map((d) => ({ ...d, tm_description: `${d.tm_description} ${d.tm_description}` }));
    expect(estimateEngineBytes(longer)).toBeGreaterThan(estimateEngineBytes(documents) * 1.3);
  });

  it('refuses to build an index that would not fit, naming SOLR_URL, and keeps the index it has', async () => {
    const needed = estimateEngineBytes(documents);
    const engine = createEmbeddedEngine({ memoryLimitBytes: needed * 2 });
    await engine.replaceAll(documents);
    expect(engine.documentCount()).toBe(2000);
    const more = generateDocuments(5000);
    const refusal = engine.replaceAll(more);
    await expect(refusal).rejects.toBeInstanceOf(SearchMemoryError);
    await expect(refusal).rejects.toThrow(/SOLR_URL/);
    await expect(refusal).rejects.toThrow(/5000 listings/);
    expect(engine.documentCount()).toBe(2000);
  });

  it('refuses to load an index image that would not fit, as it refuses to build one', async () => {
    const needed = estimateEngineBytes(documents);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-image-'));
    const file = path.join(dir, 'index.bin');
    try {
      const builder = createEmbeddedEngine();
      await builder.replaceAll(documents);
      expect(await builder.saveImage(file, 'k')).toBe(true);
      const stored = DocumentLines.fromDocuments(documents);
      const small = createEmbeddedEngine({ memoryLimitBytes: needed - 1 });
      await small.replaceAll(documents.slice(0, 100));
      await expect(small.loadImage(file, 'k', stored)).rejects.toThrow(/SOLR_URL/);
      expect(small.documentCount()).toBe(100);
      const enough = createEmbeddedEngine({ memoryLimitBytes: needed });
      expect(await enough.loadImage(file, 'k', stored)).toBe(true);
      expect(enough.documentCount()).toBe(2000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes SEARCH_MEMORY_MB up to the heap limit, and three quarters of the heap limit by default', () => {
    const byDefault = engineMemoryLimit(undefined);
    expect(byDefault).toBeGreaterThan(0);
    expect(engineMemoryLimit(64)).toBe(64 * 1048576);
    const heapLimit = engineMemoryLimit(1_048_576);
    expect(heapLimit).toBeLessThan(1_048_576 * 1048576);
    expect(Math.abs(byDefault - heapLimit * 0.75)).toBeLessThanOrEqual(1);
  });
});
