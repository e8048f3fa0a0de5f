/**
 * The built index saved to a file and loaded instead of rebuilt at restart (issue 27: a million
 * listings take about 50 s to index and a few seconds to load, mostly reading the file).
 *
 * The file: a first line `{"key": …, "structure": bytes, "crc": …, "memory": bytes}` (the caller's
 * key, e.g. the search snapshot's, with the engine code's own hash; the memory estimate of the
 * documents it was built from, which loading checks against the engine's limit), then the index's state (SearchIndex.imageState):
 * its typed arrays, term and value dictionaries, vocabulary, suggestion phrases and id order.
 * The documents are not in it: the search snapshot holds them, loading checks that they are the
 * ones the image was built from (their ids, SearchIndex.fromImageState), and the index then reads
 * each from there when a search returns it (document-lines.ts). Anything that does not match (a
 * missing, stale, cut or corrupt file, other documents, another version of the engine's code) gives
 * null, and the caller builds the index from the documents as before.
 */
import crypto from 'node:crypto';
import v8 from 'node:v8';
import { crc32, readAll, writeAll, writeAside } from '../files.ts';
import type { StoredDocuments } from '../types.ts';
import * as analysis from './analysis.ts';
import * as bitset from './bitset.ts';
import * as indexModule from './index.ts';
import { type IndexOptions, SearchIndex } from './index.ts';
import * as suggestOrder from './suggest-order.ts';

/**
 * Changes whenever the code that builds an index does (its classes, the text analysis, the
 * vectors, the suggestion weights: every export of those modules, as source text), so an image
 * made by other code is never read.
 */
const CODE_HASH = (() => {
  const hash = crypto.createHash('sha256');
  for (const module of [indexModule, analysis, bitset, suggestOrder] as Record<string, unknown>[]) {
    for (const name of Object.keys(module).sort()) hash.update(`${name}=${String(module[name])}\n`);
  }
  return hash.digest('hex').slice(0, 16);
})();

const fullKey = (key: string) => `${CODE_HASH}|${key}`;

/*
 * Layout after the header line: the state's structure (node:v8 serialization, each typed array
 * replaced by its type, place and length), padding to 8 bytes, then every typed array's bytes, each
 * aligned to 8. Loading reads the file into one buffer and gives each typed array a view of its
 * bytes there, without a copy: a million listings' image is ~1.5 GB, and copying it array by array
 * made V8 collect the whole heap again and again as the external memory grew.
 */
const VIEW_TYPES = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array] as const;
type View = InstanceType<(typeof VIEW_TYPES)[number]>;
const align8 = (n: number) => Math.ceil(n / 8) * 8;

class ImageSerializer extends v8.Serializer {
  readonly views: View[] = [];
  private bytes = 0;
  constructor() {
    super();
    // Node's own DefaultSerializer does the same (not in @types/node): typed arrays come to _writeHostObject.
    (this as unknown as { _setTreatArrayBufferViewsAsHostObjects(flag: boolean): void })._setTreatArrayBufferViewsAsHostObjects(true);
  }
  _writeHostObject(object: object): void {
    const type = VIEW_TYPES.findIndex((t) => object.constructor === t);
    if (type < 0) throw new TypeError(`An index image cannot hold a ${object.constructor.name}`);
    const view = object as View;
    this.writeUint32(type);
    this.writeDouble(this.bytes);
    this.writeDouble(view.length);
    this.views.push(view);
    this.bytes += align8(view.byteLength);
  }
}

class ImageDeserializer extends v8.Deserializer {
  constructor(
    structure: Buffer,
    private readonly data: ArrayBuffer,
    private readonly dataStart: number,
  ) {
    super(structure);
  }
  _readHostObject(): View {
    const Type = VIEW_TYPES[this.readUint32()];
    const offset = this.readDouble();
    const length = this.readDouble();
    if (!Type || this.dataStart + offset + length * Type.BYTES_PER_ELEMENT > this.data.byteLength) throw new RangeError('the index image is damaged');
    return new Type(this.data, this.dataStart + offset, length);
  }
}

/** Writes the index's image (aside, then renamed). */
export function writeIndexImage(file: string, key: string, index: SearchIndex, memoryBytes: number): void {
  const serializer = new ImageSerializer();
  serializer.writeHeader();
  serializer.writeValue(index.imageState());
  const structure = serializer.releaseBuffer();
  // What follows the header line, in order, each part padded to 8 bytes; its CRC-32 is in the
  // header, so a damaged image is refused.
  const parts: Uint8Array[] = [structure, ...serializer.views.map((view) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength))];
  const padding = new Uint8Array(8);
  const pad = (part: Uint8Array) => padding.subarray(0, align8(part.byteLength) - part.byteLength);
  let crc = 0;
  for (const part of parts) crc = crc32(pad(part), crc32(part, crc));
  // The header line is padded with spaces to a multiple of 8 bytes, so every part starts aligned.
  const line = Buffer.from(JSON.stringify({ key: fullKey(key), structure: structure.length, crc, memory: memoryBytes }));
  const header = Buffer.alloc(align8(line.length + 1), ' ');
  line.copy(header);
  header[header.length - 1] = 10;
  writeAside(file, (fd) => {
    writeAll(fd, header);
    for (const part of parts) {
      writeAll(fd, part);
      writeAll(fd, pad(part));
    }
  });
}

/**
 * The index of the image at `file` when it was made under `key` from these documents, with the
 * memory estimate it was saved with (memory.ts, of the documents it was built from); else null.
 */
export function readIndexImage(file: string, key: string, documents: StoredDocuments, options: IndexOptions): { index: SearchIndex; memoryBytes: number } | null {
  let data: Buffer;
  try {
    data = readAll(file);
  } catch {
    return null;
  }
  const end = data.indexOf(10);
  if (end < 0) return null;
  try {
    const header = JSON.parse(data.toString('utf8', 0, end)) as { key?: unknown; structure?: unknown; crc?: unknown; memory?: unknown };
    if (header.key !== fullKey(key) || typeof header.structure !== 'number' || typeof header.memory !== 'number' || (end + 1) % 8 !== 0) return null;
    if (crc32(data.subarray(end + 1)) !== header.crc) return null;
    const structureEnd = end + 1 + header.structure;
    if (structureEnd > data.length) return null;
    const deserializer = new ImageDeserializer(data.subarray(end + 1, structureEnd), data.buffer as ArrayBuffer, data.byteOffset + end + 1 + align8(header.structure));
    deserializer.readHeader();
    const state = deserializer.readValue() as unknown;
    if (state === null || typeof state !== 'object') return null;
    const index = SearchIndex.fromImageState(state as Record<string, unknown>, documents, options);
    return index && { index, memoryBytes: header.memory };
  } catch {
    return null;
  }
}
