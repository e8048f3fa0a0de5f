import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHES, README, readResults, renderReadme, RESULTS_DIR } from './bench-readme.ts';

/** The README's figures are the saved benchmark results (scripts/bench-readme.ts writes them). */
describe('the README figures', () => {
  const readme = fs.readFileSync(README, 'utf8');

  it('are what bench/results/ says (run `npm run bench:readme` after a benchmark)', () => {
    const expected = renderReadme(readme, readResults());
    // On a difference, the first differing line says which figure is stale.
    const lines = readme.split('\n');
    const wanted = expected.split('\n');
    const first = wanted.findIndex((line, i) => line !== lines[i]);
    expect(first === -1 ? null : { line: first + 1, readme: lines[first], results: wanted[first] }).toBeNull();
    expect(readme).toBe(expected);
  });

  it('change when a result changes', () => {
    const results = readResults();
    const availability = structuredClone(results.get('availability.json')) as unknown as { results: Array<{ name: string; kind: string; p95: number }> };
    const flex = availability.results.find((row) => row.name.startsWith('route') && row.kind === 'flex');
    if (!flex) throw new Error('availability.json has no route search over a flexible window');
    flex.p95 = 777;
    const changed = renderReadme(readme, new Map([...results, ['availability.json', availability as never]]));
    expect(changed).not.toBe(renderReadme(readme, results));
    expect(changed).toContain('p95 777 ms');
  });

  it('come from a results file for every benchmark entry, and every results file has an entry', () => {
    const files = fs.readdirSync(RESULTS_DIR).filter((name) => name.endsWith('.json'));
    expect(files.filter((file) => !BENCHES.some((entry) => entry.file === file))).toEqual([]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
    try {
      fs.writeFileSync(path.join(dir, 'new-bench.json'), '{"date":"2026-01-01T00:00:00Z"}');
      expect(() => readResults(dir)).toThrow(/No README entry for bench\/results\/new-bench\.json/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('say "not measured yet" for a benchmark without results, rather than an old figure', () => {
    const results = new Map([...readResults()].map(([file, result]) => [file, file === 'facet-paint.json' ? null : result]));
    expect(renderReadme(readme, results)).toMatch(/\| `npx tsx bench\/facet-paint\.ts` \| [^|]+ \| not measured yet \| — \|/);
  });

  it('refuse a README that has lost a block, or has one no benchmark writes', () => {
    const results = readResults();
    expect(() => renderReadme(readme.replace(/<!-- bench:availability -->[\s\S]*?<!-- \/bench:availability -->/, ''), results)).toThrow(/no place for <!-- bench:availability -->/);
    expect(() => renderReadme(`${readme}\n<!-- bench:nothing -->\n<!-- /bench:nothing -->\n`, results)).toThrow(/no benchmark writes/);
  });
});
