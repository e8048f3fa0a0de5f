/** Sorting and paging: the sort keys of `sort`, and the page of documents picked by heap selection. */
import { fail } from './analysis.ts';
import { type Bits, firstDocs, hasBit, toDocs } from './bitset.ts';
import { hashString } from './index.ts';
import type { RequestState } from './request.ts';

export interface SortKey {
  cmp: (a: number, b: number) => number;
  usesScore: boolean;
  /** Per-slot values (NaN = missing) for the single-key fast path; null for scores (taken from the request). */
  values?: ArrayLike<number> | null;
  desc?: boolean;
  /** `id asc|desc`: values are the ids' ranks (unique), so it can settle ties of one numeric key. */
  isId?: boolean;
}

/** Heap selection of the `k` best items under `cmp` (a max-heap keeps the worst kept item at the root). */
class TopK {
  private readonly heap: number[] = [];
  constructor(
    private readonly k: number,
    private readonly cmp: (a: number, b: number) => number,
  ) {}

  offer(d: number): void {
    const heap = this.heap;
    const cmp = this.cmp;
    if (heap.length < this.k) {
      heap.push(d);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (cmp(heap[i]!, heap[p]!) <= 0) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (this.k > 0 && cmp(d, heap[0]!) < 0) {
      heap[0] = d;
      const n = heap.length;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const m = r < n && cmp(heap[r]!, heap[l]!) > 0 ? r : l;
        if (cmp(heap[m]!, heap[i]!) <= 0) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
  }

  sorted(): number[] {
    return this.heap.sort(this.cmp);
  }
}

/** The `k` best of `items` under `cmp`, sorted. */
export function topK(items: ArrayLike<number>, k: number, cmp: (a: number, b: number) => number): number[] {
  if (k >= items.length) return Array.from(items).sort(cmp);
  const top = new TopK(k, cmp);
  for (let i = 0; i < items.length; i++) top.offer(items[i]!);
  return top.sorted();
}

/** The `k` best set documents of `bits` under `cmp`, sorted (without materialising the set). */
function topKBits(bits: Bits, k: number, cmp: (a: number, b: number) => number): number[] {
  const top = new TopK(k, cmp);
  // Specialised loop, not forEachDoc: a per-document hot path (bitset.ts HOT_LOOP).
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const t = word & -word;
      top.offer((w << 5) + 31 - Math.clz32(t));
      word ^= t;
    }
  }
  return top.sorted();
}

/**
 * The `k` best set documents of `bits` by one numeric key (ascending, or descending with `desc`),
 * missing (NaN) values last, ties by a second numeric key when given (`tie`, ascending or with
 * `tieDesc` descending: the ids' ranks of the proxy's `id asc` tie-break), else in document order:
 * a specialised heap without comparator calls.
 */
function topKByValue(bits: Bits, values: ArrayLike<number>, desc: boolean, k: number, tie: ArrayLike<number> | null = null, tieDesc = false): number[] {
  // Keys are normalised so that smaller is better; the heap root holds the worst kept (key, tie key, doc).
  const hk = new Float64Array(k);
  const ht = new Float64Array(k);
  const hd = new Int32Array(k);
  let n = 0;
  const worse = (ka: number, ta: number, kb: number, tb: number) => ka > kb || (ka === kb && ta > tb);
  // Specialised loop, not forEachDoc: a per-document hot path (bitset.ts HOT_LOOP).
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const t = word & -word;
      const d = (w << 5) + 31 - Math.clz32(t);
      word ^= t;
      const raw = values[d]!;
      const key = raw !== raw ? Infinity : desc ? -raw : raw;
      const tk = tie === null ? d : tieDesc ? -tie[d]! : tie[d]!;
      if (n < k) {
        let i = n++;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (!worse(key, tk, hk[p]!, ht[p]!)) break;
          hk[i] = hk[p]!;
          ht[i] = ht[p]!;
          hd[i] = hd[p]!;
          i = p;
        }
        hk[i] = key;
        ht[i] = tk;
        hd[i] = d;
      } else if (worse(hk[0]!, ht[0]!, key, tk)) {
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= n) break;
          const r = l + 1;
          const m = r < n && worse(hk[r]!, ht[r]!, hk[l]!, ht[l]!) ? r : l;
          if (!worse(hk[m]!, ht[m]!, key, tk)) break;
          hk[i] = hk[m]!;
          ht[i] = ht[m]!;
          hd[i] = hd[m]!;
          i = m;
        }
        hk[i] = key;
        ht[i] = tk;
        hd[i] = d;
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => hk[a]! - hk[b]! || ht[a]! - ht[b]! || hd[a]! - hd[b]!);
  return order.map((i) => hd[i]!);
}

/** Murmur3 finaliser: a well-mixed 32-bit value. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}


export function selectDocs(req: RequestState, 
  base: Bits,
  numFound: number,
  start: number,
  rows: number,
  sortSpec: string | null,
  scores: Float32Array | null,
  scoreOf: (d: number) => number,
  ids: string[] | null,
): number[] {
  const hasScores = scores !== null;
  const keys: SortKey[] = sortSpec === null ? (ids ? [] : [{ cmp: (a, b) => scoreOf(b) - scoreOf(a), usesScore: true, values: null, desc: true }]) : parseSort(req, sortSpec, scoreOf);
  if (rows === 0 || start >= numFound) return [];
  if (ids && sortSpec === null) {
    const slots: number[] = [];
    for (const id of ids) {
      const slot = req.index.slotOf.get(id);
      if (slot !== undefined && hasBit(base, slot)) slots.push(slot);
    }
    return slots.slice(start, start + rows);
  }
  const effective = keys.filter((k) => !k.usesScore || hasScores);
  if (effective.length === 0) return firstDocs(base, start, rows);
  const cmp = (a: number, b: number) => {
    for (const k of effective) {
      const c = k.cmp(a, b);
      if (c !== 0) return c;
    }
    return a - b;
  };
  const k = Math.min(start + rows, numFound);
  // One numeric key (a field, the score, the ids' ranks), or one settled by the ids: the heap of numbers.
  const first = effective[0]!;
  const byIds = effective.length === 2 && effective[1]!.isId === true ? effective[1]! : null;
  const values = (effective.length === 1 || byIds) && first.values !== undefined ? (first.values ?? scores) : undefined;
  if (values && k < numFound) return topKByValue(base, values, first.desc === true, k, byIds ? byIds.values! : null, byIds?.desc === true).slice(start, start + rows);
  const picked = k >= numFound ? Array.from(toDocs(base, numFound)).sort(cmp) : topKBits(base, k, cmp);
  return picked.slice(start, start + rows);
}

export function parseSort(req: RequestState, spec: string, scoreOf: (d: number) => number): SortKey[] {
  const keys: SortKey[] = [];
  for (const part of spec.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const m = /^(\S+)\s+(\S+)$/.exec(item);
    if (!m) fail(`Malformed sort '${item}': expected 'field asc' or 'field desc'`);
    const [, field, dirRaw] = m as unknown as [string, string, string];
    const dir = dirRaw.toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') fail(`Sort direction must be asc or desc, got '${dirRaw}'`);
    const sign = dir === 'asc' ? 1 : -1;
    if (field === 'score') {
      keys.push({ cmp: (a, b) => sign * (scoreOf(a) - scoreOf(b)), usesScore: true, values: null, desc: sign < 0 });
      continue;
    }
    // Solr sorts randomly by a random_* field (RandomSortField in the config set); a bare "random" is unknown there too.
    if (/^random_\w+$/.test(field)) {
      const seed = hashString(field);
      const h = req.index.idHash;
      keys.push({ cmp: (a, b) => sign * (mix32(h[a]! ^ seed) - mix32(h[b]! ^ seed)), usesScore: false });
      continue;
    }
    if (field === 'id') {
      const ranks = req.index.idRanks();
      keys.push({ cmp: (a, b) => sign * (ranks[a]! - ranks[b]!), usesScore: false, values: ranks, desc: sign < 0, isId: true });
      continue;
    }
    const type = req.index.fieldType(field);
    if (!type) fail(`Cannot sort on unknown field '${field}'`);
    if (type.kind === 'text') fail(`Cannot sort on the text field '${field}': it is tokenized`);
    if (type.kind === 'location') fail(`Cannot sort on the location field '${field}'`);
    if (type.multi) fail(`Cannot sort on the multi-valued field '${field}'`);
    const kw = req.index.keyword.get(field);
    if (!kw) continue;
    if (kw.numeric) {
      const nums = kw.nums;
      keys.push({
        cmp: (a, b) => {
          const x = nums[a]!;
          const y = nums[b]!;
          if (x !== x) return y !== y ? 0 : 1;
          if (y !== y) return -1;
          return x === y ? 0 : sign * (x < y ? -1 : 1);
        },
        usesScore: false,
        values: nums,
        desc: sign < 0,
      });
    } else {
      const ranks = kw.sortedOrder().ranks;
      const ords = kw.ords;
      keys.push({
        cmp: (a, b) => {
          const x = ords[a]!;
          const y = ords[b]!;
          if (x < 0) return y < 0 ? 0 : 1;
          if (y < 0) return -1;
          return sign * (ranks[x]! - ranks[y]!);
        },
        usesScore: false,
      });
    }
  }
  return keys;
}
