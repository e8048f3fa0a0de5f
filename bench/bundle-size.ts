/**
 * The budget check of issue 10: what each page makes a first visit download before it can run.
 *
 * Starts the production server from the build in dist/ on a fresh data directory, fetches each
 * page's HTML and takes the modules it starts (the entry) and preloads (the page's chunks),
 * closed over their static imports with Vite's manifest, and its stylesheets. Sizes are gzip
 * (level 9). Budgets (the team's guide): initial JS <= 150 kB on the search pages and a listing,
 * <= 120 kB on every other page; CSS <= 20 kB. A chunk the page needs at once that its HTML does
 * not preload (a waterfall) fails too. Prints a table and exits non-zero when a budget is exceeded.
 *   npm run check:budgets                     (the check; part of npm test; writes nothing)
 *   npx tsx bench/bundle-size.ts --save       (also writes bench/results/bundle-size.json for docs/benchmarks.md)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startSite } from './browser-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist', 'client');
const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) throw new Error('No build: run `npm run build` first');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

const KB = 1000;
const SEARCH_PAGE_JS = 150 * KB;
const OTHER_PAGE_JS = 120 * KB;
const CSS_BUDGET = 20 * KB;

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The attribute values of the tags in `html` that match `tag` (a regular expression source). */
function attributes(html: string, tag: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const match of html.matchAll(new RegExp(tag.source, 'g'))) {
    const value = new RegExp(`\\s${attribute}="([^"]+)"`).exec(match[0])?.[1];
    if (value) values.push(value.replace(/^\//, ''));
  }
  return values;
}

/** A script and everything it imports statically: what runs before the page is interactive. */
function withStaticImports(files: string[]): string[] {
  const result = new Set<string>();
  const visit = (file: string) => {
    if (result.has(file)) return;
    result.add(file);
    byFile.get(file)?.imports?.forEach((name) => {
      const imported = manifest[name];
      if (imported) visit(imported.file);
    });
  };
  files.forEach(visit);
  return [...result];
}

interface PageFigures {
  page: string;
  path: string;
  jsGzip: number;
  jsBudget: number;
  cssGzip: number;
  cssBudget: number;
  scripts: string[];
  /** Chunks the page needs at once that its HTML neither loads nor preloads. */
  notPreloaded: string[];
  ok: boolean;
}

// Beside the end-to-end servers (E2E_PORT, E2E_PORT + 1) when npm test runs it.
const port = Number(process.env.BENCH_PORT ?? (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 2 : 4392));
const site = await startSite('bundle-size', port);
let figures: PageFigures[];
try {
  const html = async (pagePath: string) => {
    const response = await fetch(site.origin + pagePath);
    if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
    return response.text();
  };
  const listing = /href="(\/listing\/[^"#]+)"/.exec(await html('/search'))?.[1];
  const event = /href="(\/events\/[^"#]+)"/.exec(await html('/events'))?.[1];
  if (!listing || !event) throw new Error('No listing or event link found on /search and /events');
  const pages: Array<[string, string, number]> = [
    ['home', '/', OTHER_PAGE_JS],
    ['search', '/search', SEARCH_PAGE_JS],
    ['map search', '/search/map', SEARCH_PAGE_JS],
    ['favourites view', '/favourites', SEARCH_PAGE_JS],
    ['listing', listing, SEARCH_PAGE_JS],
    ['my trip', '/mytrip', OTHER_PAGE_JS],
    ['checkout', '/rescms/order/checkout', OTHER_PAGE_JS],
    ['events', '/events', OTHER_PAGE_JS],
    ['event', event, OTHER_PAGE_JS],
    ['things to do', '/things-to-do', OTHER_PAGE_JS],
    ['inquiry', '/inquiry', OTHER_PAGE_JS],
    ['content page', '/about-us', OTHER_PAGE_JS],
    ['state charts', '/statecharts', OTHER_PAGE_JS],
  ];
  figures = [];
  for (const [page, pagePath, jsBudget] of pages) {
    const document = await html(pagePath);
    // The modules the page fetches and starts after its first paint (server/html.ts startScripts).
    const started = /\((\{"scripts":[^<]*?\}),document\.currentScript\.nonce\)<\/script>/.exec(document)?.[1];
    const modules = (started ? JSON.parse(started) : { scripts: [], preloads: [] }) as { scripts: string[]; preloads: string[] };
    const entries = modules.scripts.map((src) => src.replace(/^\//, ''));
    const preloaded = modules.preloads.map((src) => src.replace(/^\//, ''));
    const styles = attributes(document, /<link\b[^>]*rel="stylesheet"[^>]*>/, 'href');
    const scripts = withStaticImports([...entries, ...preloaded]);
    const referenced = new Set([...entries, ...preloaded]);
    const notPreloaded = scripts.filter((file) => !referenced.has(file));
    const jsGzip = scripts.reduce((sum, file) => sum + gzipSize(file), 0);
    const cssGzip = styles.reduce((sum, file) => sum + gzipSize(file), 0);
    const ok = jsGzip <= jsBudget && cssGzip <= CSS_BUDGET && notPreloaded.length === 0 && entries.length > 0;
    figures.push({ page, path: pagePath, jsGzip, jsBudget, cssGzip, cssBudget: CSS_BUDGET, scripts, notPreloaded, ok });
  }
} finally {
  await site.stop();
}

// The owner's pages (/admin/listings, /admin/listings/:eid, /admin/content/…) are behind the login and load the owner's
// own build (vite.owner.config.ts): their first script is its entry and the entry's static imports.
const OWNER_PAGE_JS = 200 * KB;
const ownerManifestFile = path.join(clientDir, '.vite', 'owner-manifest.json');
if (fs.existsSync(ownerManifestFile)) {
  const owner = JSON.parse(fs.readFileSync(ownerManifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = owner['src/app/owner-entry.tsx'];
  if (!entry) throw new Error('The owner build has no src/app/owner-entry.tsx entry');
  const visit = (chunk: ManifestChunk, files: Set<string>) => {
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach((name) => {
      const imported = owner[name];
      if (imported) visit(imported, files);
    });
  };
  // The guests' pages must not load a module of the owner's build.
  const leaked = figures.filter((row) => row.scripts.some((file) => file.startsWith('assets/owner/')));
  // A content page (/admin/content/…) loads its screen's chunk as soon as the entry runs: it counts as first JS.
  const pages = [
    { page: 'owner listings', path: '/admin/listings', modules: [] as string[] },
    { page: 'owner content', path: '/admin/content/pages', modules: ['src/views/owner/owner-site-content-screen.tsx'] },
  ];
  for (const { page, path: pagePath, modules } of pages) {
    const files = new Set<string>();
    visit(entry, files);
    for (const name of modules) {
      const chunk = owner[name];
      if (!chunk) throw new Error(`The owner build has no ${name} chunk`);
      visit(chunk, files);
    }
    const scripts = [...files];
    const jsGzip = scripts.reduce((sum, file) => sum + gzipSize(file), 0);
    const cssGzip = (entry.css ?? []).reduce((sum, file) => sum + gzipSize(file), 0);
    const ok = jsGzip <= OWNER_PAGE_JS && cssGzip <= CSS_BUDGET && leaked.length === 0;
    figures.push({ page, path: pagePath, jsGzip, jsBudget: OWNER_PAGE_JS, cssGzip, cssBudget: CSS_BUDGET, scripts, notPreloaded: [], ok });
  }
} else {
  throw new Error('No owner build (dist/client/.vite/owner-manifest.json): run `npm run build` first');
}

const kB = (bytes: number) => (bytes / KB).toFixed(1);
console.log(`${'page'.padEnd(16)} ${'path'.padEnd(36)} ${'JS gzip'.padStart(9)} ${'budget'.padStart(7)} ${'CSS gzip'.padStart(9)} ${'budget'.padStart(7)}  chunks`);
for (const row of figures) {
  const mark = row.ok ? 'ok' : 'OVER BUDGET';
  console.log(
    `${row.page.padEnd(16)} ${row.path.slice(0, 36).padEnd(36)} ${kB(row.jsGzip).padStart(6)} kB ${kB(row.jsBudget).padStart(4)} kB ${kB(row.cssGzip).padStart(6)} kB ${kB(row.cssBudget).padStart(4)} kB  ${String(row.scripts.length).padStart(3)}  ${mark}`,
  );
  if (row.notPreloaded.length > 0) console.log(`  not preloaded by the HTML (a waterfall): ${row.notPreloaded.join(', ')}`);
}
// The check leaves the working tree as it was (npm test must not change committed files); the
// benchmark run saves the figures docs/benchmarks.md is written from.
if (process.argv.includes('--save')) {
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench', 'results', 'bundle-size.json'),
    JSON.stringify({ date: new Date().toISOString(), gzipLevel: 9, loadAverage: os.loadavg(), pages: figures }, null, 2) + '\n',
  );
}
const failed = figures.filter((row) => !row.ok);
if (failed.length > 0) {
  console.error(`Budget exceeded on ${failed.map((row) => row.page).join(', ')}`);
  process.exitCode = 1;
} else {
  console.log('Every page is within its budgets.');
}
