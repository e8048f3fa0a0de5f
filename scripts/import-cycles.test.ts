/**
 * The server's modules import each other without going round in a circle, and the settings
 * reader (server/config.ts), which every part may read, reaches into no feature of the site.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesIn, importsOf, serverImportCycles } from './import-cycles.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('server imports', () => {
  it('have no cycle', () => {
    expect(serverImportCycles()).toEqual([]);
  });

  it('are read with their cycles found (the check itself)', () => {
    const file = path.join(root, 'server/orders/example.ts');
    expect(importsOf(file, "import type { A } from './a.ts';\nexport { b } from '../b';\nconst c = await import('./c.ts');\nimport 'node:fs';\n")).toEqual([
      path.join(root, 'server/orders/a.ts'),
      path.join(root, 'server/b'),
      path.join(root, 'server/orders/c.ts'),
    ]);
    const graph = new Map([
      ['routes', ['quote', 'store']],
      ['quote', ['adapter']],
      ['adapter', ['routes']],
      ['store', []],
    ]);
    expect(cyclesIn(graph)).toEqual([['adapter', 'quote', 'routes']]);
    expect(cyclesIn(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('of server/config.ts stay below the features: settings parsers and the domain only', () => {
    const config = path.join(root, 'server/config.ts');
    const reached = importsOf(config).map((target) => path.relative(root, target)).filter((target) => !/^(src\/domain\/|server\/security\/|server\/(captcha|calendar)\/config\.ts$)/.test(target));
    expect(reached).toEqual([]);
  });
});
