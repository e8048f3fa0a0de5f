/**
 * The documentation says what the code does (issue-free, generated where it can be):
 * - every environment variable the code reads has its row in docs/configuration.md, and no row
 *   names one the code no longer reads (the tables are what `npm run docs:generate` writes);
 * - every route the server registers has its section in docs/api.md, and no section a route the
 *   server does not have;
 * - nothing is left TODO(docs), and no page of docs/ or the README names a tracker issue
 *   ("issue 16", "#16") or says a part is "not built yet": the docs say what is, not its history.
 * Links and anchors are checked by scripts/docs-links.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFiles, readMarkdown } from './bench-readme.ts';
import { between, describedRoutes, describedSettings, registeredRoutes, renderApi, renderConfiguration, ROOT, routeHeading, settingsReadByCode, TODO } from './docs-generate.ts';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('docs/configuration.md', () => {
  const page = read('docs/configuration.md');

  it('has a row for every setting the code reads, and none for a setting it does not', () => {
    const documented = [...describedSettings(between(page, 'settings').inside).keys()].sort();
    expect(documented).toEqual([...settingsReadByCode().keys()].sort());
  });

  it('is as `npm run docs:generate` writes it, with every setting described', () => {
    expect(page).toBe(renderConfiguration(page));
    expect(between(page, 'settings').inside).not.toContain(TODO);
  });
});

describe('docs/api.md', () => {
  const page = read('docs/api.md');

  it('has a section for every route the server registers, and none for a route it does not', async () => {
    const routes = await registeredRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const documented = [...describedRoutes(between(page, 'routes').inside).keys()].sort();
    expect(documented).toEqual(routes.map(routeHeading).sort());
    expect(page).toBe(renderApi(page, routes));
  });

  it('describes every route', () => {
    const empty = [...describedRoutes(between(page, 'routes').inside)].filter(([, body]) => body === '' || body.includes(TODO)).map(([heading]) => heading);
    expect(empty).toEqual([]);
  });
});

describe('the README and docs/', () => {
  const pages = readMarkdown(markdownFiles(ROOT));

  /** Lines that speak of the project's history instead of what is: issue numbers and unfinished parts. */
  function historyIn(markdown: string): string[] {
    return markdown
      .split('\n')
      .map((text, index) => ({ text, line: index + 1 }))
      .filter(({ text }) => /\bissues? #?\d+\b|(?:^|[\s(])#\d+\b|\bnot (?:yet )?built(?: yet)?\b|\bTODO\b/i.test(text))
      .map(({ text, line }) => `${line}: ${text.trim().slice(0, 120)}`);
  }

  it('name no tracker issue and say nothing is "not built yet"', () => {
    const found = [...pages].flatMap(([file, markdown]) => historyIn(markdown).map((hit) => `${path.relative(ROOT, file)}:${hit}`));
    expect(found).toEqual([]);
  });

  it('catch a page that does (the check itself)', () => {
    expect(historyIn('The browser side is not built yet (issue 16).')).toHaveLength(1);
    expect(historyIn('Done in #16.')).toHaveLength(1);
    expect(historyIn('Not built yet: consent.')).toHaveLength(1);
    expect(historyIn('A link to [rate limits](security.md#rate-limits) and spec §7.')).toEqual([]);
  });

  it('start each docs page by saying who it is for', () => {
    const without = [...pages]
      .filter(([file]) => path.relative(ROOT, file).startsWith(`docs${path.sep}`))
      .filter(([, markdown]) => !/^# .+\n\n(?:<!--[^]*?-->\n\n)?\*\*For\b/.test(markdown))
      .map(([file]) => path.relative(ROOT, file));
    expect(without).toEqual([]);
  });
});
