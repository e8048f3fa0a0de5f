/**
 * Writes the parts of docs/ that are read off the code, so they cannot drift from it:
 *
 * - docs/configuration.md, between `<!-- generated:settings -->` and `<!-- /generated:settings -->`:
 *   every environment variable the code reads (found in the source, with the files that read it),
 *   the default and range of every whole-number setting (from its `integer(…)` call in
 *   server/config.ts), and the meaning of each, kept from the table as it stands.
 * - docs/api.md, between `<!-- generated:routes -->` and `<!-- /generated:routes -->`: a section per
 *   route the server registers (read from Fastify's onRoute hook while the app is built with every
 *   feature on), each keeping the request, answer and errors written under it.
 *
 * A setting or route new to the code gets a row or section marked TODO(docs), which
 * scripts/docs-truth.test.ts refuses until someone describes it; one the code no longer has is
 * dropped. Run it after adding a setting or a route, or after a merge: `npm run docs:generate`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const TODO = 'TODO(docs)';

// ---------------------------------------------------------------------------------------------
// Settings

/** The files whose environment reads are settings: the server, the scripts and the tool configs (not tests). */
export function settingSources(root = ROOT): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'migrations') walk(relative);
      } else if (/\.(ts|mts|mjs|js|cjs)$/.test(entry.name) && !/\.test\.|test-support\.ts$|test-renderer\.ts$/.test(entry.name)) {
        files.push(relative);
      }
    }
  };
  walk('server');
  for (const entry of fs.readdirSync(path.join(root, 'scripts'))) {
    if (/\.(ts|mjs|cjs)$/.test(entry) && !entry.includes('.test.') && entry !== 'docs-generate.ts') files.push(`scripts/${entry}`);
  }
  for (const entry of ['playwright.config.ts', 'vite.config.ts', 'drizzle.config.ts']) if (fs.existsSync(path.join(root, entry))) files.push(entry);
  return files.sort();
}

/** `env.NAME`, `process.env.NAME`, `env['NAME']` and `const { NAME } = process.env`. */
const ENV_READ = /\benv(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\])/g;
const ENV_DESTRUCTURE = /\{([^{}]*)\}\s*=\s*(?:process\.)?env\b/g;

/** Every environment variable the code reads, with the files that read it. */
export function settingsReadByCode(root = ROOT, files = settingSources(root)): Map<string, string[]> {
  const reads = new Map<string, Set<string>>();
  const add = (name: string, file: string) => reads.set(name, (reads.get(name) ?? new Set()).add(file));
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(ENV_READ)) add((match[1] ?? match[2]) as string, file);
    for (const match of text.matchAll(ENV_DESTRUCTURE)) {
      for (const part of (match[1] as string).split(',')) {
        const name = /^\s*([A-Z][A-Z0-9_]*)\b/.exec(part)?.[1];
        if (name) add(name, file);
      }
    }
  }
  return new Map([...reads].sort(([a], [b]) => a.localeCompare(b)).map(([name, where]) => [name, [...where].sort()]));
}

/** The default and range of each whole-number setting, from its `integer('NAME', env.NAME, fallback, min, max)` call. */
export function integerSettings(root = ROOT): Map<string, { fallback: string; min: string; max: string }> {
  const found = new Map<string, { fallback: string; min: string; max: string }>();
  const text = fs.readFileSync(path.join(root, 'server/config.ts'), 'utf8');
  const call = /integer\(\s*'([A-Z][A-Z0-9_]*)'\s*,\s*env\.\1\s*,\s*([\d_]+)\s*,\s*([\d_]+)\s*,\s*([\d_]+)\s*\)/g;
  const plain = (digits: string) => digits.replace(/_/g, '');
  for (const match of text.matchAll(call)) found.set(match[1] as string, { fallback: plain(match[2] as string), min: plain(match[3] as string), max: plain(match[4] as string) });
  return found;
}

interface SettingRow {
  default: string;
  meaning: string;
}

/** The rows of the generated tables as they stand: setting name → default and meaning. */
export function describedSettings(block: string): Map<string, SettingRow> {
  const rows = new Map<string, SettingRow>();
  for (const line of block.split('\n')) {
    const cells = /^\|\s*(`[A-Z][^|]*?)\s*\|\s*(.*?)\s*\|\s*(.*?)\s*\|/.exec(line);
    if (!cells) continue;
    for (const name of (cells[1] as string).matchAll(/`([A-Z][A-Z0-9_]*)`/g)) rows.set(name[1] as string, { default: cells[2] as string, meaning: cells[3] as string });
  }
  return rows;
}

export function between(text: string, name: string): { before: string; inside: string; after: string } {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`No ${open} … ${close} block`);
  return { before: text.slice(0, start + open.length), inside: text.slice(start + open.length, end), after: text.slice(end) };
}

/** docs/configuration.md with its settings tables rewritten from the code. */
export function renderConfiguration(page: string, reads = settingsReadByCode(), integers = integerSettings()): string {
  const { before, inside, after } = between(page, 'settings');
  const described = describedSettings(inside);
  const row = (name: string, files: string[]) => {
    const known = described.get(name);
    const whole = integers.get(name);
    // A default said in words (a setting whose fallback is computed, not a number) is kept, with the range.
    const said = known && !known.default.startsWith('`') && known.default !== TODO ? known.default.replace(/ \(\d+–\d+\)$/, '') : undefined;
    const fallback = whole ? `${said ?? `\`${whole.fallback}\``} (${whole.min}–${whole.max})` : (known?.default ?? TODO);
    const meaning = known?.meaning ?? `${TODO}: say what it does, then run \`npm run docs:generate\``;
    const where = files.map((file) => `[${path.posix.basename(file)}](../${file})`).join(', ');
    return `| \`${name}\` | ${fallback} | ${meaning} | ${where} |`;
  };
  const table = (entries: Array<[string, string[]]>) => ['| Setting | Default | Meaning | Read in |', '|---|---|---|---|', ...entries.map(([name, files]) => row(name, files))].join('\n');
  const server = [...reads].filter(([, files]) => files.some((file) => file.startsWith('server/')));
  const tools = [...reads].filter(([, files]) => !files.some((file) => file.startsWith('server/')));
  return `${before}
<!-- Written by \`npm run docs:generate\` from the code that reads each setting (scripts/docs-generate.ts).
     Edit a default or meaning here; rows come and go with the code. -->

### Read by the server

${table(server)}

### Read by the tests and tools

${table(tools)}

${after}`;
}

// ---------------------------------------------------------------------------------------------
// Routes

export interface RouteEntry {
  methods: string[];
  url: string;
}

/**
 * The routes the server registers with every feature on (the admin, the end-to-end test routes),
 * read from Fastify's onRoute hook. The services are stand-ins: registering a route calls none of them.
 */
export async function registeredRoutes(): Promise<RouteEntry[]> {
  const [{ buildServer }, { loadSiteSettings }, { createSearchService }] = await Promise.all([
    import('../server/app.ts'),
    import('../server/config.ts'),
    import('../server/search/search-service.ts'),
  ]);
  const settings = loadSiteSettings(path.join(ROOT, 'config/site.json'));
  // Any property, any call: a service that is never called while routes are registered.
  const standIn = (): never =>
    new Proxy(function standIn() {}, { get: (_target, key) => (key === 'then' ? undefined : standIn()), apply: () => standIn() }) as never;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-'));
  const routes = new Map<string, Set<string>>();
  try {
    const app = await buildServer({
      settings,
      content: standIn(),
      renderer: { ...(standIn() as object), clientDir: scratch, middleware: undefined } as never,
      mediaDir: scratch,
      cookieSecret: 'routes-routes-routes-routes-routes',
      search: createSearchService({ db: standIn(), settings, backend: standIn(), limits: { maxRows: 100 } }),
      ranking: standIn(),
      pricing: standIn(),
      orders: standIn(),
      checkout: standIn(),
      demoInfo: async () => null,
      leads: standIn(),
      sitemap: standIn(),
      analytics: standIn(),
      admin: { password: 'routes-routes-routes', db: standIn(), reviews: standIn(), owner: standIn(), listings: standIn(), siteContent: standIn(), photos: { mediaDir: scratch, db: standIn() } },
      calendar: standIn(),
      captcha: { ...(standIn() as object), provider: 'altcha' } as never,
      reviews: standIn(),
      testAnalyticsEvents: async () => [],
      testCaptchaForm: true,
      onRoute: (route) => {
        const methods = routes.get(route.url) ?? new Set<string>();
        for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') methods.add(method);
        routes.set(route.url, methods);
      },
    });
    await app.ready();
    await app.close();
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return [...routes]
    .filter(([, methods]) => methods.size > 0)
    .map(([url, methods]) => ({ url, methods: methods.size >= 6 ? ['ALL'] : [...methods].sort() }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** The heading of a route's section in docs/api.md: `GET, POST /path/:param`. */
export function routeHeading(route: RouteEntry): string {
  return `### \`${route.methods.join(', ')} ${route.url}\``;
}

/** The sections of the generated block as they stand: heading → the text under it. */
export function describedRoutes(block: string): Map<string, string> {
  const sections = new Map<string, string>();
  let heading: string | null = null;
  let body: string[] = [];
  const flush = () => {
    if (heading !== null) sections.set(heading, body.join('\n').trim());
  };
  for (const line of block.split('\n')) {
    if (line.startsWith('### ')) {
      flush();
      heading = line.trim();
      body = [];
    } else if (heading !== null) body.push(line);
  }
  flush();
  return sections;
}

/** docs/api.md with a section per registered route, in path order, keeping what is written under each. */
export function renderApi(page: string, routes: RouteEntry[]): string {
  const { before, inside, after } = between(page, 'routes');
  const described = describedRoutes(inside);
  const sections = routes.map((route) => {
    const heading = routeHeading(route);
    const body = described.get(heading) ?? `${TODO}: the request, the answer and the errors, then run \`npm run docs:generate\`.`;
    return `${heading}\n\n${body}\n`;
  });
  return `${before}
<!-- A section per route the server registers, written by \`npm run docs:generate\` (scripts/docs-generate.ts).
     Edit the text under a heading; headings come and go with the code. -->

${sections.join('\n')}
${after}`;
}

// ---------------------------------------------------------------------------------------------

export async function generate(root = ROOT): Promise<string[]> {
  const written: string[] = [];
  const rewrite = (file: string, render: (text: string) => string) => {
    const full = path.join(root, file);
    const text = fs.readFileSync(full, 'utf8');
    const next = render(text);
    if (next !== text) {
      fs.writeFileSync(full, next);
      written.push(file);
    }
  };
  rewrite('docs/configuration.md', (text) => renderConfiguration(text));
  const routes = await registeredRoutes();
  rewrite('docs/api.md', (text) => renderApi(text, routes));
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = await generate();
  console.log(written.length ? `Rewrote ${written.join(', ')}` : 'docs/ already matches the code');
  const pending = ['docs/configuration.md', 'docs/api.md'].filter((file) => fs.readFileSync(path.join(ROOT, file), 'utf8').includes(TODO));
  if (pending.length) console.log(`Still to describe (${TODO}): ${pending.join(', ')}`);
}
