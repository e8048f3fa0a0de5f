/**
 * Document sets as bitsets over internal document numbers (32 per Uint32 word), and the
 * growable typed vectors the index is built of.
 */

export type Bits = Uint32Array<ArrayBuffer>;

export const wordsFor = (size: number): number => (size + 31) >>> 5;

export function newBits(size: number): Bits {
  return new Uint32Array(wordsFor(size));
}

export function setBit(bits: Bits, doc: number): void {
  const w = doc >>> 5;
  bits[w] = bits[w]! | (1 << (doc & 31));
}

export function hasBit(bits: Bits, doc: number): boolean {
  return ((bits[doc >>> 5]! >>> (doc & 31)) & 1) === 1;
}

export function clearBit(bits: Bits, doc: number): void {
  const w = doc >>> 5;
  bits[w] = bits[w]! & ~(1 << (doc & 31));
}

/** a &= b (in place); returns a. */
export function andInto(a: Bits, b: Bits): Bits {
  const n = a.length;
  for (let i = 0; i < n; i++) a[i] = a[i]! & (b[i] ?? 0);
  return a;
}

/** a |= b (in place); returns a. */
export function orInto(a: Bits, b: Bits): Bits {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) a[i] = a[i]! | b[i]!;
  return a;
}

/** a &= ~b (in place); returns a. */
export function andNotInto(a: Bits, b: Bits): Bits {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) a[i] = a[i]! & ~b[i]!;
  return a;
}

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function countBits(bits: Bits): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) {
    const w = bits[i]!;
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

/** |a ∩ b| without allocating. */
export function countAnd(a: Bits, b: Bits): number {
  let n = 0;
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i++) {
    const w = a[i]! & b[i]!;
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

/**
 * The engine's bit loop: calls `visit` with each set document of `bits`, in ascending order
 * (lowest set bit first: w & -w isolates it, 31 - clz32 gives its position).
 *
 * HOT_LOOP: the loops that run once per matching document of every request (scoring in
 * filters.ts, ordinal counts in facets.ts, heap selection in sort.ts, toDocs here) keep this loop
 * written out instead of calling forEachDoc. Measured with bench/search-engine.ts (100,000
 * listings, alternating runs on the shared machine): through forEachDoc the faceted query's p50
 * went from about 1.4 to 1.8 ms and the text query's from about 3 to 6 ms, as V8 does not inline a
 * callback that many call sites share. Loops that are not per-request hot paths use forEachDoc.
 */
export function forEachDoc(bits: Bits, visit: (doc: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const t = word & -word;
      word ^= t;
      visit((w << 5) + 31 - Math.clz32(t));
    }
  }
}

/** The set documents in ascending order. */
export function toDocs(bits: Bits, count = countBits(bits)): Int32Array {
  const out = new Int32Array(count);
  let k = 0;
  // Specialised loop (see HOT_LOOP below).
  for (let i = 0; i < bits.length; i++) {
    let w = bits[i]!;
    while (w !== 0) {
      const t = w & -w;
      out[k++] = (i << 5) + 31 - Math.clz32(t);
      w ^= t;
    }
  }
  return out;
}

/**
 * The first `limit` set documents after skipping `skip`, in ascending order. Its own loop, not
 * forEachDoc: it skips whole words by their popcount and stops at the page's end.
 */
export function firstDocs(bits: Bits, skip: number, limit: number): number[] {
  const out: number[] = [];
  if (limit <= 0) return out;
  let seen = 0;
  for (let i = 0; i < bits.length; i++) {
    let w = bits[i]!;
    if (w === 0) continue;
    const c = popcount32(w);
    if (seen + c <= skip) {
      seen += c;
      continue;
    }
    while (w !== 0) {
      const t = w & -w;
      if (seen >= skip) {
        out.push((i << 5) + 31 - Math.clz32(t));
        if (out.length >= limit) return out;
      }
      seen++;
      w ^= t;
    }
  }
  return out;
}

/** A growable Int32 vector. */
export class IntVec {
  data: Int32Array;
  length = 0;
  constructor(capacity = 4) {
    this.data = new Int32Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2 + 4);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  /** Drops the spare capacity (after a bulk build). */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, this.length);
  }
}

/**
 * A growable byte vector holding unsigned whole numbers as LEB128 varints (7 bits a byte, the
 * high bit set on every byte but a number's last): a text field's forward index, where most term
 * ids take one or two bytes instead of an Int32's four.
 */
export class VarintVec {
  data: Uint8Array;
  length = 0;
  constructor(capacity = 64) {
    this.data = new Uint8Array(capacity);
  }
  /** Appends `value` (0 ≤ value < 2^31). */
  push(value: number): void {
    if (this.length + 5 > this.data.length) {
      const next = new Uint8Array(this.data.length * 2 + 8);
      next.set(this.data);
      this.data = next;
    }
    const data = this.data;
    let v = value >>> 0;
    while (v >= 0x80) {
      data[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    data[this.length++] = v;
  }
  /** Drops the spare capacity (after a bulk build). */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, this.length);
  }
}

/** A growable Float64 vector. */
export class FloatVec {
  data: Float64Array;
  length = 0;
  constructor(capacity = 4) {
    this.data = new Float64Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2 + 4);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  /** Drops the spare capacity (after a bulk build). */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, this.length);
  }
}

export function growInt32(a: Int32Array<ArrayBuffer>, size: number, fill: number): Int32Array<ArrayBuffer> {
  if (a.length >= size) return a;
  const next = new Int32Array(size);
  next.set(a);
  if (fill !== 0) next.fill(fill, a.length);
  return next;
}

export function growFloat64(a: Float64Array<ArrayBuffer>, size: number, fill: number): Float64Array<ArrayBuffer> {
  if (a.length >= size) return a;
  const next = new Float64Array(size);
  next.set(a);
  if (fill !== 0) next.fill(fill, a.length);
  return next;
}

export function growUint32(a: Uint32Array<ArrayBuffer>, size: number): Uint32Array<ArrayBuffer> {
  if (a.length >= size) return a;
  const next = new Uint32Array(size);
  next.set(a);
  return next;
}
