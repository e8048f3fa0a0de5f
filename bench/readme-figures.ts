/**
 * Writes the page weight and speed figures into README.md from bench/results (bundle-size,
 * lighthouse, facet-paint, inp), between the `<!-- figures:page-speed -->` markers.
 *   npx tsx bench/readme-figures.ts
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = (name: string) => {
  const file = path.join(root, 'bench', 'results', `${name}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
};
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const load = (value: unknown) => (Array.isArray(value) ? (value as number[]).map((n) => n.toFixed(1)).join(' / ') : '?');
const day = (value: unknown) => String(value ?? '').slice(0, 10);

const lines: string[] = [];
const bundle = results('bundle-size') as { date: string; loadAverage: number[]; pages: Array<{ page: string; path: string; jsGzip: number; jsBudget: number; cssGzip: number; ok: boolean }> } | null;
if (bundle) {
  lines.push(`First-visit code per page (\`npm run check:budgets\`, gzip level 9, ${day(bundle.date)}): the entry and the modules the page's HTML preloads, with their static imports.`, '');
  lines.push('| Page | JS | Budget | CSS |', '|---|---|---|---|');
  for (const row of bundle.pages) lines.push(`| ${row.page} (\`${row.path.length > 30 ? `${row.path.slice(0, 28)}…` : row.path}\`) | ${kB(row.jsGzip)} | ${kB(row.jsBudget)} | ${kB(row.cssGzip)} |`);
  lines.push('');
}
const lighthouse = results('lighthouse') as { date: string; loadAverage: number[]; runs: number; pages: Array<{ page: string; performance: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number }> } | null;
if (lighthouse) {
  lines.push(`Lighthouse 13, mobile preset, median of ${lighthouse.runs} (\`npx tsx bench/lighthouse.ts\`, ${day(lighthouse.date)}, load average ${load(lighthouse.loadAverage)}; goals 95, LCP 1.5 s, TBT 100 ms, CLS 0.02):`, '');
  lines.push('| Page | Score | FCP | LCP | TBT | CLS |', '|---|---|---|---|---|---|');
  for (const row of lighthouse.pages) lines.push(`| ${row.page} | ${row.performance} | ${(row.fcpMs / 1000).toFixed(1)} s | ${(row.lcpMs / 1000).toFixed(1)} s | ${row.tbtMs} ms | ${row.cls.toFixed(3)} |`);
  lines.push('');
}
const facet = results('facet-paint') as { date: string; loadAverage: number[]; newValue: { p50: number; p90: number }; toggle: { p50: number; p90: number } } | null;
if (facet?.newValue) {
  lines.push(
    `A facet click to the new results painted (\`npx tsx bench/facet-paint.ts\`, ${day(facet.date)}, load average ${load(facet.loadAverage)}; goal 100 ms): a value not clicked before, on a fresh page, p50 ${facet.newValue.p50} ms, p90 ${facet.newValue.p90} ms; a value toggled (documents cached), p50 ${facet.toggle.p50} ms, p90 ${facet.toggle.p90} ms.`,
    '',
  );
}
const inp = results('inp') as { date: string; loadAverage: number[]; results: Array<{ cpuSlowdown: number; facetClick: { p50: number; p90: number }; calendarOpen: { p50: number }; calendarShown: { p50: number; p90: number }; dateChoice: { p50: number; p90: number } }> } | null;
if (inp) {
  lines.push(`Interaction to next paint in Chromium (\`npx tsx bench/inp.ts\`, ${day(inp.date)}, load average ${load(inp.loadAverage)}; goal 100 ms):`, '');
  lines.push('| CPU | Facet click p50 / p90 | Date choice p50 / p90 | First calendar press (INP) / to the calendar on screen |', '|---|---|---|---|');
  for (const row of inp.results) {
    lines.push(`| ×${row.cpuSlowdown} | ${row.facetClick.p50} / ${row.facetClick.p90} ms | ${row.dateChoice.p50} / ${row.dateChoice.p90} ms | ${row.calendarOpen.p50} ms / ${row.calendarShown.p50} ms |`);
  }
  lines.push('');
}

const readme = path.join(root, 'README.md');
const text = fs.readFileSync(readme, 'utf8');
const start = '<!-- figures:page-speed -->';
const end = '<!-- /figures:page-speed -->';
const from = text.indexOf(start);
const to = text.indexOf(end);
if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} section`);
fs.writeFileSync(readme, `${text.slice(0, from + start.length)}\n${lines.join('\n')}${text.slice(to)}`);
console.log(`README.md: ${lines.filter((line) => line.startsWith('|')).length} table rows written`);
