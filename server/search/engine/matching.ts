/** Matching helpers shared by query evaluation, field lists and spellcheck: globs, edit distance, string ranges. */
import { WILD_ANY, WILD_ONE } from './query-parser.ts';

/** Glob match with WILD_ANY / WILD_ONE markers; iterative with single-star backtracking (O(n·m)). */
export function globMatch(pattern: string, text: string): boolean {
  let pi = 0;
  let ti = 0;
  let star = -1;
  let mark = 0;
  while (ti < text.length) {
    const pc = pattern[pi];
    if (pc !== undefined && (pc === WILD_ONE || pc === text[ti])) {
      pi++;
      ti++;
    } else if (pc === WILD_ANY) {
      star = pi++;
      mark = ti;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++mark;
    } else return false;
  }
  while (pattern[pi] === WILD_ANY) pi++;
  return pi === pattern.length;
}

/** Optimal-string-alignment edit distance, or max+1 as soon as it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Int32Array(n + 1);
  let prev = new Int32Array(n + 1);
  let cur = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

export function inStringRange(v: string, node: { lower: string | null; upper: string | null; includeLower: boolean; includeUpper: boolean }): boolean {
  if (node.lower !== null && (node.includeLower ? v < node.lower : v <= node.lower)) return false;
  if (node.upper !== null && (node.includeUpper ? v > node.upper : v >= node.upper)) return false;
  return true;
}
