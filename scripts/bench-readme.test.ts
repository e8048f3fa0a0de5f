import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, BENCHES, githubSlug, markdownFiles, README, readMarkdown, readResults, renderMarkdown, renderReadme, RESULTS_DIR } from './bench-readme.ts';

const root = path.dirname(README);
const BENCHMARKS = path.join(root, 'docs', 'benchmarks.md');
const TESTING = path.join(root, 'docs', 'testing.md');

/** The figures of the README and docs/ are the saved benchmark results (scripts/bench-readme.ts writes them). */
describe('the README and docs figures', () => {
  const pages = readMarkdown();

  it('are what bench/results/ says, in every page (run `npm run bench:readme` after a benchmark)', () => {
    const expected = renderMarkdown(pages, readResults());
    for (const [file, text] of pages) {
      // On a difference, the first differing line says which page and which figure is stale.
      const lines = text.split('\n');
      const wanted = (expected.get(file) ?? '').split('\n');
      const first = wanted.findIndex((line, i) => line !== lines[i]);
      expect(first === -1 ? null : { file: path.relative(root, file), line: first + 1, page: lines[first], results: wanted[first] }).toBeNull();
    }
    expect(expected).toEqual(pages);
  });

  it('are read from README.md and every page of docs/', () => {
    const files = markdownFiles();
    expect(files[0]).toBe(README);
    expect(files).toContain(BENCHMARKS);
    expect(files).toContain(TESTING);
    expect(files.every((file) => file.endsWith('.md'))).toBe(true);
  });

  it('change when a result changes', () => {
    const results = readResults();
    const availability = structuredClone(results.get('availability.json')) as unknown as { results: Array<{ name: string; kind: string; p95: number }> };
    const flex = availability.results.find((row) => row.name.startsWith('route') && row.kind === 'flex');
    if (!flex) throw new Error('availability.json has no route search over a flexible window');
    flex.p95 = 777;
    const changed = renderMarkdown(pages, new Map([...results, ['availability.json', availability as never]]));
    expect(changed.get(BENCHMARKS)).not.toBe(renderMarkdown(pages, results).get(BENCHMARKS));
    expect(changed.get(BENCHMARKS)).toContain('p95 777 ms');
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
    expect(renderMarkdown(pages, results).get(BENCHMARKS)).toMatch(/\| `npx tsx bench\/facet-paint\.ts` \| [^|]+ \| not measured yet \| — \|/);
  });

  it('refuse pages that have lost a block, have one no benchmark writes, or have one twice', () => {
    const results = readResults();
    const edited = (file: string, edit: (text: string) => string) => new Map([...pages].map(([page, text]) => [page, page === file ? edit(text) : text]));
    const withoutAvailability = edited(BENCHMARKS, (text) => text.replace(/<!-- bench:availability -->[\s\S]*?<!-- \/bench:availability -->/, ''));
    expect(() => renderMarkdown(withoutAvailability, results)).toThrow(/no place for <!-- bench:availability -->/);
    expect(() => renderMarkdown(edited(TESTING, (text) => `${text}\n<!-- bench:nothing -->\n<!-- /bench:nothing -->\n`), results)).toThrow(/docs\/testing\.md has a block <!-- bench:nothing --> that no benchmark writes/);
    expect(() => renderMarkdown(edited(TESTING, (text) => `${text}\n<!-- bench:inp -->\n<!-- /bench:inp -->\n`), results)).toThrow(/<!-- bench:inp --> is in both docs\/benchmarks\.md and docs\/testing\.md/);
  });

  it('link to their sections as the links resolve from the page each block is in', () => {
    const rendered = renderMarkdown(pages, readResults());
    const benchmarks = rendered.get(BENCHMARKS) ?? '';
    // The table is in docs/benchmarks.md: its own sections by anchor, Tests on any day on docs/testing.md.
    expect(benchmarks).toContain('(see [Tests on any day](testing.md#tests-on-any-day))');
    expect(benchmarks).toContain('see [Event loop](#event-loop-figures)');
    expect(benchmarks).toContain('see [Server load](#server-load)');
    // Every link a block writes, from every page, names a page that exists and an anchor it has.
    for (const [file, text] of rendered) {
      for (const block of text.matchAll(/<!-- bench:([\w-]+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g)) {
        for (const link of (block[2] ?? '').matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)) {
          const target = link[1] ? path.resolve(path.dirname(file), link[1]) : file;
          expect({ from: path.relative(root, file), link: link[0], resolves: rendered.has(target) && anchorsOf(rendered.get(target) ?? '').has(link[2] ?? '') }).toMatchObject({ resolves: true });
        }
      }
    }
    // Had the table stayed in the README, the same links would lead into docs/.
    const inReadme = new Map([...pages].map(([file, text]) => [file, text.replace(/<!-- bench:table -->[\s\S]*?<!-- \/bench:table -->\n/, '')]));
    inReadme.set(README, `${inReadme.get(README) ?? ''}\n<!-- bench:table -->\n<!-- /bench:table -->\n`);
    const readme = renderMarkdown(inReadme, readResults()).get(README) ?? '';
    expect(readme).toContain('(see [Tests on any day](docs/testing.md#tests-on-any-day))');
    expect(readme).toContain('see [Server load](docs/benchmarks.md#server-load)');
  });

  it('refuse a link to a section no page has', () => {
    const results = readResults();
    const withoutSection = new Map([...pages].map(([file, text]) => [file, file === TESTING ? text.replace(/^## Tests on any day$/m, '## Tests on other days') : text]));
    expect(() => renderMarkdown(withoutSection, results)).toThrow(/links to #tests-on-any-day, which no page has/);
  });

  it('still render a single README that holds every block (renderReadme)', () => {
    const results = readResults();
    const all = [...pages.values()].join('\n');
    const rendered = renderReadme(all, results);
    expect(rendered).toContain('see [Tests on any day](#tests-on-any-day)');
    expect(() => renderReadme(pages.get(README) ?? '', results)).toThrow(/README\.md has no place for <!-- bench:table -->/);
  });

  it('make anchors as GitHub does', () => {
    expect(githubSlug("The site owner's dashboard")).toBe('the-site-owners-dashboard');
    expect(githubSlug('The site configuration: `config/site.json`')).toBe('the-site-configuration-configsitejson');
    expect(githubSlug('What is kept, and for how long')).toBe('what-is-kept-and-for-how-long');
    expect(githubSlug('Trips Collection (orders)')).toBe('trips-collection-orders');
    expect([...anchorsOf('# A\n\n```sh\n# not a heading\n```\n\n## A\n<a id="x-figures"></a>Figures')]).toEqual(['a', 'a-1', 'x-figures']);
  });
});
