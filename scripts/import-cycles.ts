/**
 * The import graph of the server's modules (server/**, tests left out) and the cycles in it:
 * groups of modules that import each other in a circle, type-only imports included (a circle of
 * types still means none of them can be read, moved or tested without the others).
 *   npx tsx scripts/import-cycles.ts     prints every cycle (none, when the code is untied)
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Every relative module a file imports or re-exports, statically or with `import()`, resolved to a file. */
export function importsOf(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] as string);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .map((target) => [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? target);
}

export function serverModules(root = ROOT): string[] {
  return (fs.readdirSync(path.join(root, 'server'), { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$|test-support\.ts$|test-renderer\.ts$/.test(name))
    .map((name) => path.join(root, 'server', name))
    .sort();
}

/** The strongly connected groups of more than one module (and modules importing themselves), by Tarjan's algorithm. */
export function cyclesIn(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

export function serverImportCycles(root = ROOT): string[][] {
  const graph = new Map(serverModules(root).map((file) => [file, importsOf(file)]));
  return cyclesIn(graph).map((group) => group.map((file) => path.relative(root, file)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cycles = serverImportCycles();
  for (const group of cycles) console.log(`cycle: ${group.join(' ↔ ')}`);
  console.log(cycles.length === 0 ? 'No import cycles in server/.' : `${cycles.length} import cycle(s) in server/.`);
}
