/**
 * The embedded engine's inverted index over SearchDocument[].
 *
 * Documents get dense internal numbers ("slots") in insertion order. Replacing a document deletes
 * its slot (a tombstone in the `live` bitset) and appends it again, as Lucene does; the index is
 * compacted when a quarter of the slots are dead.
 *
 * Fields are typed by their Solr dynamic-field prefix (see analysis.ts):
 *  - keyword fields (ss_/sm_ strings, is_/im_ ints, fs_/fm_ floats, bs_ booleans, ds_ dates,
 *    index_id): a value dictionary (value → ordinal), a per-document ordinal column (single-valued:
 *    Int32Array; multi-valued: CSR offsets + ordinals), a Float64Array of numeric values for
 *    ranges, sorting and functions, live counts per value, and postings per value built lazily in
 *    CSR form (documents added since are scanned as a short tail);
 *  - text fields (tm_/ts_): term dictionary with postings (a document and its term frequency
 *    packed into one Int32), per-document token ids as varints (the forward index, for phrases and
 *    text facets: one or two bytes a word instead of four) and lengths for BM25;
 *  - id: a Map from id to slot;
 *  - locs_ location fields are stored only.
 * A global vocabulary of surface words (with document frequencies) and a phrase list of name-like
 * string fields feed spellcheck and autocomplete.
 */
import type { FieldValue, SearchDocument, StoredDocuments } from '../types.ts';
import { type FieldType, CATCH_ALL_FIELD, copiedToCatchAll, fieldTypeFromName, fold, inferFieldType, isNumericKind, plainAsciiWords, stem, toBool, toNumeric, words } from './analysis.ts';
import { type Bits, FloatVec, IntVec, VarintVec, clearBit, growFloat64, growInt32, growUint32, hasBit, setBit, wordsFor } from './bitset.ts';
import { suggestionWeight } from './suggest-order.ts';

/** Postings of a keyword field in CSR form, covering slots below `upTo`. */
interface Csr {
  upTo: number;
  ords: number;
  starts: Int32Array<ArrayBuffer>;
  docs: Int32Array<ArrayBuffer>;
}

export class KeywordField {
  readonly numeric: boolean;
  readonly dict = new Map<string | number, number>();
  readonly values: (string | number)[] = [];
  liveCounts = new Int32Array(16);
  /** Single-valued: ordinal per slot (-1 = missing). */
  ords: Int32Array<ArrayBuffer>;
  /** Single-valued numeric: value per slot (NaN = missing). */
  nums: Float64Array<ArrayBuffer>;
  /** Multi-valued: values of slot d are mvals[offsets[d] .. offsets[d+1]). */
  offsets: Int32Array<ArrayBuffer>;
  readonly mvals = new IntVec(16);
  readonly mnums = new FloatVec(16);
  /** Live documents with at least one value. */
  liveWithField = 0;
  /** Bumped on every change (caches key on it). */
  version = 0;
  private csr: Csr | null = null;
  private sorted: { ranks: Int32Array; order: Int32Array } | null = null;

  constructor(
    readonly name: string,
    readonly type: FieldType,
    capacity: number,
  ) {
    this.numeric = isNumericKind(type.kind);
    const single = !type.multi;
    this.ords = new Int32Array(single ? capacity : 0).fill(-1);
    this.nums = new Float64Array(single && this.numeric ? capacity : 0).fill(NaN);
    this.offsets = new Int32Array(single ? 0 : capacity + 1);
  }

  resize(capacity: number): void {
    if (this.type.multi) this.offsets = growInt32(this.offsets, capacity + 1, 0);
    else {
      this.ords = growInt32(this.ords, capacity, -1);
      if (this.numeric) this.nums = growFloat64(this.nums, capacity, NaN);
    }
  }

  /** The dictionary key of a document value, or undefined when it is not a valid one. */
  keyOf(value: unknown): string | number | undefined {
    if (value === null || value === undefined) return undefined;
    if (this.numeric) return toNumeric(this.type.kind, value);
    if (this.type.kind === 'bool') return toBool(value);
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return undefined;
  }

  private ordFor(key: string | number): number {
    let ord = this.dict.get(key);
    if (ord === undefined) {
      ord = this.values.length;
      this.dict.set(key, ord);
      this.values.push(key);
      if (ord >= this.liveCounts.length) this.liveCounts = growInt32(this.liveCounts, this.liveCounts.length * 2, 0);
    }
    return ord;
  }

  /** Records the value(s) of slot `slot` (called for every slot in order, with undefined when absent). */
  add(slot: number, value: FieldValue | undefined): void {
    if (this.type.multi) {
      const start = this.mvals.length;
      if (value !== null && value !== undefined) {
        const list: unknown[] = Array.isArray(value) ? value : [value];
        for (const v of list) {
          const key = this.keyOf(v);
          if (key === undefined) continue;
          const ord = this.ordFor(key);
          let dup = false;
          for (let i = start; i < this.mvals.length; i++) if (this.mvals.data[i] === ord) dup = true;
          if (dup) continue;
          this.mvals.push(ord);
          if (this.numeric) this.mnums.push(key as number);
          this.liveCounts[ord]!++;
        }
      }
      this.offsets[slot + 1] = this.mvals.length;
      if (this.mvals.length > start) {
        this.liveWithField++;
        this.version++;
      }
      return;
    }
    if (value === null || value === undefined) return;
    const key = this.keyOf(Array.isArray(value) ? value[0] : value);
    if (key === undefined) return;
    const ord = this.ordFor(key);
    this.ords[slot] = ord;
    if (this.numeric) this.nums[slot] = key as number;
    this.liveCounts[ord]!++;
    this.liveWithField++;
    this.version++;
  }

  /** Keeps offsets defined for slots that were added before this field existed. */
  fillTo(slot: number): void {
    if (this.type.multi) this.offsets.fill(this.mvals.length, 0, slot + 1);
  }

  /** Marks slot `slot` deleted in the live counts. */
  remove(slot: number): void {
    if (this.type.multi) {
      const s = this.offsets[slot]!;
      const e = this.offsets[slot + 1]!;
      for (let i = s; i < e; i++) this.liveCounts[this.mvals.data[i]!]!--;
      if (e > s) {
        this.liveWithField--;
        this.version++;
      }
      return;
    }
    const ord = this.ords[slot]!;
    if (ord >= 0) {
      this.liveCounts[ord]!--;
      this.liveWithField--;
      this.version++;
    }
  }

  private postings(maxDoc: number): Csr {
    const csr = this.csr;
    if (csr && maxDoc - csr.upTo <= 2048 + (maxDoc >>> 5)) return csr;
    const n = this.values.length;
    const starts = new Int32Array(n + 1);
    if (this.type.multi) {
      const total = this.offsets[maxDoc]!;
      const vals = this.mvals.data;
      for (let i = 0; i < total; i++) starts[vals[i]! + 1]!++;
    } else {
      const ords = this.ords;
      for (let d = 0; d < maxDoc; d++) {
        const o = ords[d]!;
        if (o >= 0) starts[o + 1]!++;
      }
    }
    for (let i = 0; i < n; i++) starts[i + 1]! += starts[i]!;
    const docs = new Int32Array(starts[n]!);
    const cursor = starts.slice(0, n);
    if (this.type.multi) {
      const offsets = this.offsets;
      const vals = this.mvals.data;
      for (let d = 0; d < maxDoc; d++) for (let i = offsets[d]!, e = offsets[d + 1]!; i < e; i++) docs[cursor[vals[i]!]!++] = d;
    } else {
      const ords = this.ords;
      for (let d = 0; d < maxDoc; d++) {
        const o = ords[d]!;
        if (o >= 0) docs[cursor[o]!++] = d;
      }
    }
    this.csr = { upTo: maxDoc, ords: n, starts, docs };
    return this.csr;
  }

  /** Sets in `bits` the slots (live or not) holding ordinal `ord`. */
  collectOrd(ord: number, maxDoc: number, bits: Bits): void {
    const csr = this.postings(maxDoc);
    if (ord < csr.ords) {
      const docs = csr.docs;
      for (let i = csr.starts[ord]!, e = csr.starts[ord + 1]!; i < e; i++) {
        const d = docs[i]!;
        bits[d >>> 5] = bits[d >>> 5]! | (1 << (d & 31));
      }
    }
    for (let d = csr.upTo; d < maxDoc; d++) if (this.hasOrd(d, ord)) setBit(bits, d);
  }

  /** Number of slots holding `ord` according to the postings (an upper bound on live docs). */
  postingCount(ord: number, maxDoc: number): number {
    const csr = this.postings(maxDoc);
    return (ord < csr.ords ? csr.starts[ord + 1]! - csr.starts[ord]! : 0) + (maxDoc - csr.upTo);
  }

  private hasOrd(d: number, ord: number): boolean {
    if (!this.type.multi) return this.ords[d] === ord;
    for (let i = this.offsets[d]!, e = this.offsets[d + 1]!; i < e; i++) if (this.mvals.data[i] === ord) return true;
    return false;
  }

  /** Sets in `bits` the slots holding any ordinal flagged in `mask`. */
  collectMask(mask: Uint8Array, maxDoc: number, bits: Bits): void {
    if (this.type.multi) {
      const offsets = this.offsets;
      const vals = this.mvals.data;
      for (let d = 0; d < maxDoc; d++) {
        for (let i = offsets[d]!, e = offsets[d + 1]!; i < e; i++) {
          if (mask[vals[i]!] === 1) {
            setBit(bits, d);
            break;
          }
        }
      }
      return;
    }
    const ords = this.ords;
    for (let d = 0; d < maxDoc; d++) {
      const o = ords[d]!;
      if (o >= 0 && mask[o] === 1) bits[d >>> 5] = bits[d >>> 5]! | (1 << (d & 31));
    }
  }

  /** Sets in `bits` the slots with a value. */
  collectExists(maxDoc: number, bits: Bits): void {
    if (this.type.multi) {
      for (let d = 0; d < maxDoc; d++) if (this.offsets[d + 1]! > this.offsets[d]!) setBit(bits, d);
      return;
    }
    for (let d = 0; d < maxDoc; d++) if (this.ords[d]! >= 0) setBit(bits, d);
  }

  /** Sets in `bits` the slots with a numeric value in the range. */
  collectRange(lo: number, hi: number, incLo: boolean, incHi: boolean, maxDoc: number, bits: Bits): void {
    const inRange = (v: number) => (incLo ? v >= lo : v > lo) && (incHi ? v <= hi : v < hi);
    if (this.type.multi) {
      const offsets = this.offsets;
      const nums = this.mnums.data;
      for (let d = 0; d < maxDoc; d++) {
        for (let i = offsets[d]!, e = offsets[d + 1]!; i < e; i++) {
          if (inRange(nums[i]!)) {
            setBit(bits, d);
            break;
          }
        }
      }
      return;
    }
    const nums = this.nums;
    // Specialised loops: the common inclusive case without the closure.
    if (incLo && incHi) {
      for (let d = 0; d < maxDoc; d++) {
        const v = nums[d]!;
        if (v >= lo && v <= hi) bits[d >>> 5] = bits[d >>> 5]! | (1 << (d & 31));
      }
    } else {
      for (let d = 0; d < maxDoc; d++) if (inRange(nums[d]!)) setBit(bits, d);
    }
  }

  /** Value ranks in ascending order (strings by code unit, numbers numerically), cached until a new value arrives. */
  sortedOrder(): { ranks: Int32Array; order: Int32Array } {
    if (this.sorted && this.sorted.ranks.length === this.values.length) return this.sorted;
    const values = this.values;
    const order = new Int32Array(values.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    if (this.numeric) order.sort((a, b) => (values[a] as number) - (values[b] as number));
    else order.sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : 0));
    const ranks = new Int32Array(values.length);
    for (let i = 0; i < order.length; i++) ranks[order[i]!] = i;
    this.sorted = { ranks, order };
    return this.sorted;
  }
}

/**
 * The spellcheck vocabulary: surface word → number of live documents containing it. Words are
 * interned (dense ids), and each document counts a word once through a per-word stamp of the last
 * document counted, so indexing needs no per-document set of words.
 */
export class Vocabulary {
  private readonly ids = new Map<string, number>();
  private readonly list: string[] = [];
  private counts = new Int32Array(256);
  private stamps = new Int32Array(256);
  /** Words with a count. */
  size = 0;

  /** The id of a word (interned on first sight, count 0). */
  idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(word, id);
      this.list.push(word);
      if (id >= this.counts.length) {
        this.counts = growInt32(this.counts, this.counts.length * 2, 0);
        this.stamps = growInt32(this.stamps, this.stamps.length * 2, 0);
      }
    }
    return id;
  }

  /** Adds `delta` to a word's count unless it was already counted for `stamp`; true when the word entered or left the vocabulary. */
  countOnce(id: number, stamp: number, delta: 1 | -1): boolean {
    if (this.stamps[id] === stamp) return false;
    this.stamps[id] = stamp;
    const before = this.counts[id]!;
    const n = before + delta;
    if (n > 0) {
      this.counts[id] = n;
      if (before === 0) this.size++;
      return before === 0;
    }
    this.counts[id] = 0;
    if (before > 0) this.size--;
    return true;
  }

  get(word: string): number | undefined {
    const id = this.ids.get(word);
    return id === undefined || this.counts[id] === 0 ? undefined : this.counts[id];
  }

  has(word: string): boolean {
    return this.get(word) !== undefined;
  }

  /** The words with a count. */
  *keys(): IterableIterator<string> {
    for (let id = 0; id < this.list.length; id++) if (this.counts[id]! > 0) yield this.list[id]!;
  }
}

/**
 * A posting packs a slot and the term's frequency in it into one int: slot << TF_BITS | min(tf,
 * TF_MASK); a frequency of TF_MASK or more is kept exactly in the field's `bigTf`. Half the
 * memory of (slot, tf) pairs, and a posting is still read with two bit operations.
 */
export const TF_BITS = 6;
export const TF_MASK = (1 << TF_BITS) - 1;
/** Slots a text field can address (packed postings stay positive Int32s). */
export const MAX_SLOTS = 2 ** (31 - TF_BITS);

export class TextField {
  readonly termIds = new Map<string, number>();
  readonly terms: string[] = [];
  /** Per term: its documents in slot order, each packed with its frequency (TF_BITS). */
  readonly postings: IntVec[] = [];
  /** Exact frequencies of TF_MASK or more, by term id * MAX_SLOTS + slot. */
  readonly bigTf = new Map<number, number>();
  /**
   * The forward index: the tokens of slot d are bytes tokens[offsets[d] .. offsets[d+1]), each
   * a varint of term id + 1, with 0 separating values (a phrase never runs across two).
   */
  offsets: Int32Array<ArrayBuffer>;
  readonly tokens = new VarintVec(256);
  /** The slot being added: its term ids, -1 between values. */
  private readonly docIds = new IntVec(64);
  docLen: Int32Array<ArrayBuffer>;
  /** Slots with the field (dead ones included, like Lucene's statistics before merges). */
  docCount = 0;
  sumLen = 0;
  version = 0;
  private scratch = new Int32Array(64);
  private sorted: { count: number; terms: string[] } | null = null;
  /** During SearchIndex.build: postings are left to finishBulk(). */
  bulk = false;
  /**
   * Distinct surface words, each with its term id (stemmed) and vocabulary id, so a word is
   * analysed once: an open-addressing table of slot + 1 by FNV-1a hash of the word's characters.
   */
  private surfaceTable = new Int32Array(1024);
  private readonly surfaceWords: string[] = [];
  private readonly surfaceHash = new IntVec(64);
  private readonly surfaceTerm = new IntVec(64);
  private readonly surfaceVocab = new IntVec(64);
  /** The current value's words as surface slots (add()). */
  private readonly valueSurfaces = new IntVec(64);

  constructor(
    readonly name: string,
    readonly type: FieldType,
    capacity: number,
  ) {
    this.offsets = new Int32Array(capacity + 1);
    this.docLen = new Int32Array(capacity);
  }

  resize(capacity: number): void {
    this.offsets = growInt32(this.offsets, capacity + 1, 0);
    this.docLen = growInt32(this.docLen, capacity, 0);
  }

  fillTo(slot: number): void {
    this.offsets.fill(this.tokens.length, 0, slot + 1);
  }

  /**
   * Indexes slot `slot`'s value(s); the surface words of string and number values are counted in
   * the vocabulary once for document stamp `stamp`.
   */
  add(slot: number, value: FieldValue | undefined, vocab: Vocabulary, stamp: number, count = true): boolean {
    if (slot >= MAX_SLOTS) throw new RangeError(`A text field holds at most ${MAX_SLOTS} documents`);
    const ids = this.docIds;
    ids.length = 0;
    let vocabChanged = false;
    if (value !== null && value !== undefined) {
      const list: unknown[] = Array.isArray(value) ? value : [value];
      let first = true;
      for (const v of list) {
        if (v === null || v === undefined) continue;
        const text = String(v);
        const counted = count && (typeof v === 'string' || typeof v === 'number');
        let ascii = true;
        for (let i = 0; i < text.length; i++) {
          if (text.charCodeAt(i) > 127) {
            ascii = false;
            break;
          }
        }
        // The value's words as surface slots first, then its tokens (no closure per value).
        const surfaces = this.valueSurfaces;
        surfaces.length = 0;
        const lower = text.toLowerCase();
        if (!ascii || !plainAsciiWords(lower)) {
          for (const w of words(text)) surfaces.push(this.surfaceOf(w, 0, w.length, hashRange(w, 0, w.length), vocab));
        } else {
          // Plain ASCII text (analysis.ts plainAsciiWords: no underscore, no joined word such as
          // "captain's" or "2.5"): words are runs of [a-z0-9] after lower-casing, found in the
          // surface table by a hash of their characters without slicing them out.
          let ws = -1;
          let h = 0;
          for (let i = 0; i <= lower.length; i++) {
            const c = i < lower.length ? lower.charCodeAt(i) : 32;
            if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
              if (ws < 0) {
                ws = i;
                h = 0x811c9dc5;
              }
              h = Math.imul(h ^ c, 0x01000193);
            } else if (ws >= 0) {
              surfaces.push(this.surfaceOf(lower, ws, i, h >>> 0, vocab));
              ws = -1;
            }
          }
        }
        if (surfaces.length === 0) continue;
        // Values are kept apart by -1 (no phrase runs across two), none before the first with words.
        if (!first) ids.push(-1);
        first = false;
        const slots = surfaces.data;
        const terms = this.surfaceTerm.data;
        const vocabIds = this.surfaceVocab.data;
        for (let j = 0; j < surfaces.length; j++) {
          const k = slots[j]!;
          ids.push(terms[k]!);
          if (counted && vocab.countOnce(vocabIds[k]!, stamp, 1)) vocabChanged = true;
        }
      }
    }
    const n = ids.length;
    const data = ids.data;
    for (let i = 0; i < n; i++) this.tokens.push(data[i]! + 1);
    this.offsets[slot + 1] = this.tokens.length;
    if (n === 0) return vocabChanged;
    let len = 0;
    if (this.bulk) {
      // Postings are made in one pass at the end of the bulk build (finishBulk).
      for (let i = 0; i < n; i++) if (data[i]! >= 0) len++;
    } else {
      if (this.scratch.length < this.terms.length) this.scratch = growInt32(this.scratch, this.terms.length * 2, 0);
      const tf = this.scratch;
      for (let i = 0; i < n; i++) {
        const id = data[i]!;
        if (id >= 0) {
          tf[id]!++;
          len++;
        }
      }
      for (let i = 0; i < n; i++) {
        const id = data[i]!;
        if (id >= 0 && tf[id]! > 0) {
          this.postings[id]!.push(this.pack(id, slot, tf[id]!));
          tf[id] = 0;
        }
      }
    }
    this.docLen[slot] = len;
    this.docCount++;
    this.sumLen += len;
    this.version++;
    return vocabChanged;
  }

  /** The surface slot of the word text[start, end) with hash h, added on first sight. */
  private surfaceOf(text: string, start: number, end: number, h: number, vocab: Vocabulary): number {
    const table = this.surfaceTable;
    const mask = table.length - 1;
    const len = end - start;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const e = table[i]!;
      if (e === 0) break;
      const k = e - 1;
      if (this.surfaceHash.data[k] !== (h | 0)) continue;
      const w = this.surfaceWords[k]!;
      if (w.length !== len) continue;
      let same = true;
      for (let j = 0; j < len; j++) {
        if (w.charCodeAt(j) !== text.charCodeAt(start + j)) {
          same = false;
          break;
        }
      }
      if (same) return k;
    }
    const word = start === 0 && end === text.length ? text : text.slice(start, end);
    const k = this.surfaceWords.length;
    this.surfaceWords.push(word);
    this.surfaceHash.push(h | 0);
    this.surfaceTerm.push(this.termId(stem(word)));
    this.surfaceVocab.push(vocab.idOf(word));
    if ((k + 1) * 2 > table.length) this.rehashSurfaces(table.length * 2);
    else this.placeSurface(k);
    return k;
  }

  private placeSurface(k: number): void {
    const table = this.surfaceTable;
    const mask = table.length - 1;
    let i = this.surfaceHash.data[k]! & mask;
    while (table[i] !== 0) i = (i + 1) & mask;
    table[i] = k + 1;
  }

  private rehashSurfaces(size: number): void {
    this.surfaceTable = new Int32Array(size);
    for (let k = 0; k < this.surfaceWords.length; k++) this.placeSurface(k);
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.termIds.set(term, id);
      this.terms.push(term);
      this.postings.push(new IntVec(4));
    }
    return id;
  }

  /**
   * Ends a bulk build: the postings of slots below maxDoc from the forward index, each term's
   * list allocated at its exact size (document frequencies counted first), in slot order as
   * add() would have made them; spare capacity dropped.
   */
  finishBulk(maxDoc: number): void {
    this.bulk = false;
    this.tokens.trim();
    const n = this.terms.length;
    const offsets = this.offsets;
    const doc = this.docIds;
    const df = new Int32Array(n);
    const last = new Int32Array(n).fill(-1);
    for (let d = 0; d < maxDoc; d++) {
      const toks = this.decodeInto(d, doc).data;
      for (let i = 0, e = doc.length; i < e; i++) {
        const t = toks[i]!;
        if (t >= 0 && last[t] !== d) {
          last[t] = d;
          df[t]!++;
        }
      }
    }
    // Every list a view of one buffer: one large allocation instead of one per term, since V8
    // starts a full mark-compact (~0.7 s with a million documents in the heap) each time some
    // tens of MB of array buffers have been allocated since the last one.
    let total = 0;
    for (let t = 0; t < n; t++) total += this.postings[t]!.length + df[t]!;
    const all = new Int32Array(total);
    const lists: Int32Array[] = [];
    const fill = new Int32Array(n);
    for (let t = 0, at = 0; t < n; t++) {
      const p = this.postings[t]!;
      const size = p.length + df[t]!;
      const data = all.subarray(at, at + size);
      at += size;
      data.set(p.data.subarray(0, p.length));
      fill[t] = p.length;
      lists.push(data);
    }
    const tf = new Int32Array(n);
    for (let d = 0; d < maxDoc; d++) {
      if (offsets[d + 1] === offsets[d]) continue;
      const toks = this.decodeInto(d, doc).data;
      const e = doc.length;
      for (let i = 0; i < e; i++) {
        const t = toks[i]!;
        if (t >= 0) tf[t]!++;
      }
      for (let i = 0; i < e; i++) {
        const t = toks[i]!;
        if (t >= 0 && tf[t]! > 0) {
          lists[t]![fill[t]!++] = this.pack(t, d, tf[t]!);
          tf[t] = 0;
        }
      }
    }
    for (let t = 0; t < n; t++) {
      const p = this.postings[t]!;
      p.data = lists[t]!;
      p.length = fill[t]!;
    }
  }

  /** Its working vectors (image.ts revives them). */
  intVecs(): IntVec[] {
    return [this.docIds, this.surfaceHash, this.surfaceTerm, this.surfaceVocab, this.valueSurfaces];
  }

  /** A posting of term `id` in `slot` with frequency `tf` (TF_BITS). */
  private pack(id: number, slot: number, tf: number): number {
    if (tf < TF_MASK) return (slot << TF_BITS) | tf;
    this.bigTf.set(id * MAX_SLOTS + slot, tf);
    return (slot << TF_BITS) | TF_MASK;
  }

  /** The frequency of term `id` in a posting of its list. */
  frequency(id: number, posting: number): number {
    const code = posting & TF_MASK;
    return code < TF_MASK ? code : this.bigTf.get(id * MAX_SLOTS + (posting >> TF_BITS))!;
  }

  /** The number of documents with term `id` (dead slots included, as Lucene's before merges). */
  docFreq(id: number): number {
    return this.postings[id]!.length;
  }

  /** Slot d's tokens into `out` (term ids, -1 between values); returns `out`. */
  decodeInto(d: number, out: IntVec): IntVec {
    const bytes = this.tokens.data;
    const e = this.offsets[d + 1]!;
    let i = this.offsets[d]!;
    if (out.data.length < e - i) out.data = new Int32Array(Math.max(e - i, out.data.length * 2));
    const data = out.data;
    let n = 0;
    while (i < e) {
      data[n++] = this.varintAt(bytes, i) - 1;
      i = this.varintEnd;
    }
    out.length = n;
    return out;
  }

  /** Where the varint varintAt() read last ends. */
  private varintEnd = 0;

  /** The varint starting at bytes[at] (its end in varintEnd: no allocation in the hot loops). */
  private varintAt(bytes: Uint8Array, at: number): number {
    let b = bytes[at++]!;
    let v = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = bytes[at++]!;
      v |= (b & 0x7f) << shift;
    }
    this.varintEnd = at;
    return v;
  }

  /**
   * How often slot d holds the phrase whose term ids + 1 are `want`, each term at most `slop`
   * positions after the previous one and never across two values: read from the forward index's
   * bytes as they are decoded (no copy of the document's tokens).
   */
  phraseFreq(d: number, want: Int32Array, slop: number): number {
    const bytes = this.tokens.data;
    const s = this.offsets[d]!;
    const e = this.offsets[d + 1]!;
    const first = want[0]!;
    const n = want.length;
    // The first term is found by its encoded bytes where a token starts (a byte below 0x80 ends
    // every varint, so a token starts at s and after any such byte), without decoding the others.
    const f0 = first < 0x80 ? first : (first & 0x7f) | 0x80;
    let freq = 0;
    for (let at = s; at < e; at++) {
      if (bytes[at] !== f0 || (at > s && bytes[at - 1]! >= 0x80)) continue;
      if (this.varintAt(bytes, at) !== first) continue;
      let j = this.varintEnd;
      let ok = true;
      for (let k = 1; k < n && ok; k++) {
        ok = false;
        const target = want[k]!;
        for (let step = 0; step <= slop && j < e; step++) {
          const u = this.varintAt(bytes, j);
          j = this.varintEnd;
          if (u === target) {
            ok = true;
            break;
          }
          // 0 separates two values: a phrase never runs across them.
          if (u === 0) break;
        }
      }
      if (ok) freq++;
    }
    return freq;
  }

  /** Terms in ascending order (cached until new terms arrive). */
  sortedTerms(): string[] {
    if (this.sorted && this.sorted.count === this.terms.length) return this.sorted.terms;
    const terms = [...this.terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.sorted = { count: this.terms.length, terms };
    return terms;
  }
}

/** The values the config set's copyField rules put into `_text_`, in the document's field order. */
function catchAllValues(doc: SearchDocument): string[] {
  const out: string[] = [];
  for (const name in doc) {
    if (!copiedToCatchAll(name)) continue;
    const value = doc[name];
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string' && v !== '') out.push(v);
  }
  return out;
}

export interface IndexOptions {
  /** String fields whose whole values are autocomplete phrases and whose words join the spellcheck vocabulary. */
  isSuggestField?: (name: string) => boolean;
}

const DEFAULT_SUGGEST = /(^|_)(name|title|label|town|city|area|region|locality|location|place|type|amenities)($|_)/;

export function defaultIsSuggestField(name: string): boolean {
  return (name.startsWith('ss_') || name.startsWith('sm_')) && DEFAULT_SUGGEST.test(name.replace(/^s[sm]_/, ''));
}

/** 32-bit FNV-1a hash of a string. */
export function hashString(s: string): number {
  return hashRange(s, 0, s.length);
}

/** 32-bit FNV-1a hash of s[start, end). */
export function hashRange(s: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** SearchIndex properties an image leaves out (imageState). */
const NOT_IN_IMAGE = new Set(['docs', 'stored', 'storedLine', 'slotOf', 'indexOptions', 'isSuggestField', 'suggestFieldCache', 'idRankCache', 'sortedVocab', 'sortedPhrases', 'sortedPhraseWords']);

export class SearchIndex {
  maxDoc = 0;
  liveCount = 0;
  live: Bits = new Uint32Array(0);
  /** The documents by slot (undefined for a free slot), but those read from `stored` (document()). */
  private docs: (SearchDocument | undefined)[] = [];
  /**
   * An index loaded from an image (fromImageState) leaves its documents where they are, as text
   * (the search snapshot's lines), and parses one when a search returns it: slot d's is
   * `stored.get(storedLine[d])` while d is live and has no entry in `docs`.
   */
  private stored: StoredDocuments | null = null;
  private storedLine = new Int32Array(0);
  idHash = new Uint32Array(0);
  readonly slotOf = new Map<string, number>();
  readonly keyword = new Map<string, KeywordField>();
  readonly text = new Map<string, TextField>();
  /** Every field seen (including stored-only ones), with its type. */
  readonly fieldTypes = new Map<string, FieldType>();
  /** Surface word → number of live documents containing it (text fields and suggest fields). */
  readonly vocab = new Vocabulary();
  /** Stamps documents for the vocabulary's count-once (bumped per add and remove). */
  private stamp = 0;
  /** Suggest-field value → its phrase key and the vocabulary ids of its words (values repeat: towns, types, amenities). */
  private suggestValues = new Map<string, { key: string; ids: number[] }>();
  /** Lower-cased phrase → display form and live document count (suggest fields). */
  /**
   * Lower-cased autocomplete phrase → display form, live documents with it, and its weight: each
   * of those documents counts 1 plus its review count (`is_review_count`), so a town or type
   * weighs by its listings and a listing's name by how often it has been reviewed.
   */
  readonly phrases = new Map<string, { display: string; count: number; weight: number }>();
  /** Bumped on every change. */
  generation = 0;
  /** Live slots in ascending order of their ids, kept through adds and removes once made (idRanks). */
  private idOrder: number[] | null = null;
  private idRankCache: { generation: number; ranks: Float64Array } | null = null;
  /** Bumped when a word enters or leaves the vocabulary, or a phrase the phrase list. */
  private wordsVersion = 0;
  private capacity = 0;
  /** While build() adds its documents (new text fields leave their postings to the end). */
  private bulk = false;
  private readonly keywordList: KeywordField[] = [];
  private readonly textList: TextField[] = [];
  private readonly isSuggestField: (name: string) => boolean;
  private readonly suggestFieldCache = new Map<string, boolean>();
  private sortedVocab: { version: number; words: string[] } | null = null;
  private sortedPhrases: { version: number; keys: string[] } | null = null;
  private sortedPhraseWords: { version: number; keys: [string, string][] } | null = null;

  constructor(private readonly indexOptions: IndexOptions = {}) {
    this.isSuggestField = indexOptions.isSuggestField ?? defaultIsSuggestField;
  }

  /** A new index holding `documents` (documents without a string id are skipped; a repeated id keeps the last). */
  static build(documents: readonly SearchDocument[], options: IndexOptions = {}): SearchIndex {
    const index = new SearchIndex(options);
    index.ensureCapacity(documents.length);
    index.bulk = true;
    for (const doc of documents) index.add(doc);
    index.bulk = false;
    for (const f of index.textList) f.finishBulk(index.maxDoc);
    for (const f of index.keywordList) {
      f.mvals.trim();
      f.mnums.trim();
    }
    // The ids' order, which every search through the proxy sorts by last (0.2 s at 1M, not the first visitor's).
    index.idRanks();
    return index;
  }

  get options(): IndexOptions {
    return this.indexOptions;
  }

  /**
   * The index's state for an image (image.ts): every structure but the documents, the id map
   * (both rebuilt from the documents on load), the options' functions and the caches.
   */
  imageState(): Record<string, unknown> {
    const state: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(this)) if (!NOT_IN_IMAGE.has(name)) state[name] = value;
    return state;
  }

  /**
   * The index saved by imageState(), with the documents it was built from (in the same order, kept
   * where they are: document() reads one when it is needed), or null when they are not the ones
   * it holds (a slot's id hash differs, or their number does).
   */
  static fromImageState(state: Record<string, unknown>, documents: StoredDocuments, options: IndexOptions = {}): SearchIndex | null {
    const index = new SearchIndex(options);
    for (const name of Object.keys(state)) if (!(name in index) || NOT_IN_IMAGE.has(name)) return null;
    Object.assign(index, state);
    const revive = <T extends object>(value: unknown, type: { prototype: T }): T => Object.setPrototypeOf(value as object, type.prototype) as T;
    revive(index.vocab, Vocabulary);
    for (const f of index.keywordList) {
      revive(f, KeywordField);
      revive(f.mvals, IntVec);
      revive(f.mnums, FloatVec);
    }
    for (const f of index.textList) {
      revive(f, TextField);
      for (const p of f.postings) revive(p, IntVec);
      revive(f.tokens, VarintVec);
      for (const v of f.intVecs()) revive(v, IntVec);
    }
    // The documents take the slots a build from them gives: in order, those without an id
    // skipped, a repeated id leaving its earlier slot dead.
    const line = new Int32Array(index.maxDoc).fill(-1);
    let slot = 0;
    for (let i = 0; i < documents.length; i++) {
      const id = documents.id(i);
      if (id.length === 0) continue;
      if (slot >= index.maxDoc || index.idHash[slot] !== hashString(id)) return null;
      const earlier = index.slotOf.get(id);
      if (earlier !== undefined) line[earlier] = -1;
      index.slotOf.set(id, slot);
      line[slot++] = i;
    }
    if (slot !== index.maxDoc) return null;
    for (let d = 0; d < index.maxDoc; d++) if (line[d]! >= 0 !== hasBit(index.live, d)) return null;
    index.docs = new Array(index.maxDoc);
    index.stored = documents;
    index.storedLine = line;
    return index;
  }

  /** The document in slot d, undefined when the slot is free. */
  document(d: number): SearchDocument | undefined {
    const doc = this.docs[d];
    if (doc !== undefined || d >= this.storedLine.length || !hasBit(this.live, d)) return doc;
    return this.stored!.get(this.storedLine[d]!);
  }

  /** The id of the document in live slot d. */
  private idOf(d: number): string {
    return this.docs[d]?.id ?? this.stored!.id(this.storedLine[d]!);
  }

  /** The schema: seen fields, id/index_id, and names with a known dynamic-field prefix. */
  fieldType(name: string): FieldType | undefined {
    return this.fieldTypes.get(name) ?? fieldTypeFromName(name);
  }

  private suggestField(name: string): boolean {
    let v = this.suggestFieldCache.get(name);
    if (v === undefined) {
      v = this.isSuggestField(name);
      this.suggestFieldCache.set(name, v);
    }
    return v;
  }

  private ensureCapacity(size: number): void {
    if (size <= this.capacity) return;
    const capacity = Math.max(size, Math.ceil(this.capacity * 1.5), 1024);
    this.capacity = capacity;
    this.live = growUint32(this.live, wordsFor(capacity));
    this.idHash = growUint32(this.idHash, capacity);
    for (const f of this.keywordList) f.resize(capacity);
    for (const f of this.textList) f.resize(capacity);
  }

  private fieldFor(name: string, value: FieldValue): void {
    if (this.fieldTypes.has(name)) return;
    const type = fieldTypeFromName(name) ?? inferFieldType(value);
    if (!type) return;
    this.fieldTypes.set(name, type);
    if (type.kind === 'location') return;
    if (type.kind === 'text') {
      const f = new TextField(name, type, this.capacity);
      f.bulk = this.bulk;
      f.fillTo(this.maxDoc);
      this.text.set(name, f);
      this.textList.push(f);
    } else {
      const f = new KeywordField(name, type, this.capacity);
      f.fillTo(this.maxDoc);
      this.keyword.set(name, f);
      this.keywordList.push(f);
    }
  }

  /** Adds a document, replacing one with the same id. */
  add(doc: SearchDocument): void {
    if (!doc || typeof doc.id !== 'string' || doc.id.length === 0) return;
    const existing = this.slotOf.get(doc.id);
    if (existing !== undefined) this.removeSlot(existing);
    for (const name in doc) if (name !== 'id' && !this.fieldTypes.has(name)) this.fieldFor(name, doc[name]!);
    if (!this.fieldTypes.has(CATCH_ALL_FIELD)) this.fieldFor(CATCH_ALL_FIELD, []);
    const slot = this.maxDoc;
    this.ensureCapacity(slot + 1);
    this.maxDoc = slot + 1;
    this.docs[slot] = doc;
    this.slotOf.set(doc.id, slot);
    if (this.idOrder) this.idOrder.splice(this.idPosition(doc.id), 0, slot);
    setBit(this.live, slot);
    this.liveCount++;
    this.idHash[slot] = hashString(doc.id);
    for (const f of this.keywordList) f.add(slot, doc[f.name]);
    const stamp = ++this.stamp;
    // The catch-all field's words are not counted for spellcheck: the fields it copies count theirs.
    for (const f of this.textList) {
      const catchAll = f.name === CATCH_ALL_FIELD;
      if (f.add(slot, catchAll ? catchAllValues(doc) : doc[f.name], this.vocab, stamp, !catchAll)) this.wordsVersion++;
    }
    this.countWords(doc, 1, stamp);
    this.generation++;
  }

  /** Removes a document by id; returns whether it was there. */
  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.removeSlot(slot);
    this.generation++;
    return true;
  }

  /** Whether dead slots are a quarter of all slots (then the owner rebuilds from liveDocs()). */
  needsCompaction(): boolean {
    const dead = this.maxDoc - this.liveCount;
    return dead > 1000 && dead * 4 > this.maxDoc;
  }

  liveDocs(): SearchDocument[] {
    const out: SearchDocument[] = [];
    for (let d = 0; d < this.maxDoc; d++) if (hasBit(this.live, d)) out.push(this.document(d)!);
    return out;
  }

  private removeSlot(slot: number): void {
    const doc = this.document(slot);
    if (!doc || !hasBit(this.live, slot)) return;
    for (const f of this.keywordList) f.remove(slot);
    this.countWords(doc, -1, ++this.stamp);
    clearBit(this.live, slot);
    this.liveCount--;
    if (this.idOrder) this.idOrder.splice(this.idPosition(doc.id), 1);
    this.docs[slot] = undefined;
    this.slotOf.delete(doc.id);
  }

  /** Where `id` is, or would go, in idOrder (binary search; ids are unique). */
  private idPosition(id: string): number {
    const order = this.idOrder!;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.idOf(order[mid]!) < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Each slot's place in the ascending order of the live documents' ids (NaN for a free slot), so
   * that `sort=id asc`, which the proxy adds to every sort as a tie-break, is a numeric key: the
   * order is sorted once (on first use) and then kept through adds and removes, the places are
   * refreshed in one pass after a change.
   */
  idRanks(): Float64Array {
    if (this.idRankCache?.generation === this.generation) return this.idRankCache.ranks;
    if (!this.idOrder) {
      const order: number[] = [];
      for (let d = 0; d < this.maxDoc; d++) if (hasBit(this.live, d)) order.push(d);
      order.sort((a, b) => (this.idOf(a) < this.idOf(b) ? -1 : 1));
      this.idOrder = order;
    }
    // Sized by the slot capacity, so the previous generation's array is refilled until the index
    // grows (8 MB at a million slots: a new one per change would add to the array-buffer memory
    // that makes V8 collect the whole heap).
    const previous = this.idRankCache?.ranks;
    const ranks = previous && previous.length === this.capacity ? previous.fill(NaN) : new Float64Array(this.capacity).fill(NaN);
    const order = this.idOrder;
    for (let i = 0; i < order.length; i++) ranks[order[i]!] = i;
    this.idRankCache = { generation: this.generation, ranks };
    return ranks;
  }

  /**
   * Updates the spellcheck vocabulary and the autocomplete phrases for a document (each word once
   * per document stamp). When adding, the text fields' words were counted as they were indexed.
   */
  private countWords(doc: SearchDocument, delta: 1 | -1, stamp: number): void {
    const weight = suggestionWeight(doc.is_review_count);
    const vocab = this.vocab;
    for (const name in doc) {
      const type = this.fieldTypes.get(name);
      if (!type) continue;
      const value = doc[name];
      if (value === null || value === undefined) continue;
      const isText = type.kind === 'text';
      if (isText && delta > 0) continue;
      const isSuggest = !isText && type.kind === 'string' && this.suggestField(name);
      if (!isText && !isSuggest) continue;
      const list: unknown[] = Array.isArray(value) ? value : [value];
      for (const v of list) {
        if (typeof v !== 'string' && typeof v !== 'number') continue;
        const text = String(v);
        if (!isSuggest) {
          for (const w of words(text)) if (vocab.countOnce(vocab.idOf(w), stamp, delta)) this.wordsVersion++;
          continue;
        }
        const parsed = this.suggestValue(text);
        for (const id of parsed.ids) if (vocab.countOnce(id, stamp, delta)) this.wordsVersion++;
        const key = parsed.key;
        if (key.length === 0) continue;
        const entry = this.phrases.get(key);
        if (delta > 0) {
          if (entry) {
            entry.count++;
            entry.weight += weight;
          } else {
            this.phrases.set(key, { display: text.trim(), count: 1, weight });
            this.wordsVersion++;
          }
        } else if (entry && --entry.count <= 0) {
          this.phrases.delete(key);
          this.wordsVersion++;
        } else if (entry) entry.weight -= weight;
      }
    }
  }

  private suggestValue(text: string): { key: string; ids: number[] } {
    let parsed = this.suggestValues.get(text);
    if (!parsed) {
      if (this.suggestValues.size >= 65_536) this.suggestValues = new Map();
      parsed = { key: fold(text).trim(), ids: words(text).map((w) => this.vocab.idOf(w)) };
      this.suggestValues.set(text, parsed);
    }
    return parsed;
  }

  /** The vocabulary words in ascending order (cached until the vocabulary changes). */
  vocabWords(): string[] {
    if (this.sortedVocab?.version === this.wordsVersion) return this.sortedVocab.words;
    const list = [...this.vocab.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.sortedVocab = { version: this.wordsVersion, words: list };
    return list;
  }

  /**
   * Every word of every phrase after its first, as `[rest of the phrase from that word, phrase key]`
   * in ascending order (cached until the phrase list changes): autocomplete finds 'Coral Haven'
   * for 'hav' by a binary search here.
   */
  phraseWordKeys(): [string, string][] {
    if (this.sortedPhraseWords?.version === this.wordsVersion) return this.sortedPhraseWords.keys;
    const list: [string, string][] = [];
    for (const key of this.phrases.keys()) {
      for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) {
        const rest = key.slice(i + 1).trimStart();
        if (rest !== '') list.push([rest, key]);
      }
    }
    list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.sortedPhraseWords = { version: this.wordsVersion, keys: list };
    return list;
  }

  /** The phrase keys in ascending order (cached until the phrase list changes). */
  phraseKeys(): string[] {
    if (this.sortedPhrases?.version === this.wordsVersion) return this.sortedPhrases.keys;
    const list = [...this.phrases.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.sortedPhrases = { version: this.wordsVersion, keys: list };
    return list;
  }
}

/** First index in a sorted string array whose entry is ≥ key. */
export function lowerBound<T = string>(sorted: readonly T[], key: string, keyOf: (item: T) => string = (item) => item as unknown as string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(sorted[mid]!) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
