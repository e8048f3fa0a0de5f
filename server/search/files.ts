/**
 * The search's large files (the documents' snapshot and the embedded engine's index image, each
 * more than a GiB at a million listings): read whole, written aside and renamed, with their CRC-32.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

/** Writes all of `data` (one write may take only part of a large buffer), at `position` when given. */
export function writeAll(fd: number, data: Uint8Array, position?: number): void {
  for (let at = 0; at < data.length; ) at += fs.writeSync(fd, data, at, Math.min(data.length - at, 1 << 30), position === undefined ? null : position + at);
}

/**
 * Writes `file` through `write` into a file beside it, then renames that over `file`: a crash
 * never leaves half of one. When `write` throws, the partial file is removed and `file` is left
 * as it was.
 */
export function writeAside(file: string, write: (fd: number) => void): void {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    const fd = fs.openSync(partial, 'w');
    try {
      write(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** The whole file, in a buffer of its own (readFileSync stops at 2 GiB; a million listings' snapshot or image is more than one). */
export function readAll(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const data = Buffer.allocUnsafeSlow(size);
    for (let at = 0; at < size; ) {
      const n = fs.readSync(fd, data, at, Math.min(size - at, 1 << 30), at);
      if (n === 0) throw new Error(`${file} was cut short while read`);
      at += n;
    }
    return data;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The CRC-32 of `bytes` continuing `crc`. (zlib.crc32 of an empty array over an empty
 * ArrayBuffer answers 0 whatever crc it is given, Node 20.20: empty arrays leave it as it is.)
 */
export function crc32(bytes: Uint8Array, crc = 0): number {
  return bytes.byteLength === 0 ? crc : zlib.crc32(bytes, crc);
}
