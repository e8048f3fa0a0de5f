/**
 * The documentation's links hold (README.md and docs/): every relative link names a file of the
 * repository, and every #anchor a heading (or an `<a id>`) of the page it points at, as GitHub
 * makes them. A section moved or renamed without its links fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, markdownFiles, readMarkdown } from './bench-readme.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The markdown links of a text outside code (`[text](target)`), with their line numbers. */
function linksOf(markdown: string): Array<{ target: string; line: number }> {
  const links: Array<{ target: string; line: number }> = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced) return;
    const outsideCode = text.replace(/`[^`]*`/g, '');
    for (const match of outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push({ target: match[1] as string, line: index + 1 });
  });
  return links;
}

describe('the documentation links', () => {
  const pages = readMarkdown(markdownFiles(root));

  it('name files that exist and anchors their pages have', () => {
    const broken: string[] = [];
    for (const [file, markdown] of pages) {
      for (const { target, line } of linksOf(markdown)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [filePart = '', anchor] = target.split('#');
        const resolved = filePart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(filePart));
        const where = `${path.relative(root, file)}:${line} → ${target}`;
        if (!fs.existsSync(resolved)) {
          broken.push(`${where}: no such file`);
          continue;
        }
        if (anchor === undefined || anchor === '') continue;
        const text = pages.get(resolved) ?? (resolved.endsWith('.md') ? fs.readFileSync(resolved, 'utf8') : null);
        if (text === null) broken.push(`${where}: an anchor into a file that is not markdown`);
        else if (!anchorsOf(text).has(decodeURIComponent(anchor))) broken.push(`${where}: no heading makes #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('reach every docs page from the README', () => {
    const readme = pages.get(path.join(root, 'README.md')) ?? '';
    const linked = new Set(linksOf(readme).map(({ target }) => path.resolve(root, target.split('#')[0] ?? '')));
    const unlinked = [...pages.keys()].filter((file) => path.relative(root, file).startsWith(`docs${path.sep}`) && !linked.has(file)).map((file) => path.relative(root, file));
    expect(unlinked).toEqual([]);
  });
});
