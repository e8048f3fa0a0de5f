/**
 * The search's large files (files.ts): written aside and renamed, so a write that fails leaves
 * the previous file and no partial one; read back whole; CRC-32 continued over parts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32, readAll, writeAll, writeAside } from './files.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('search files', () => {
  it('replaces a file whole, and keeps the old one with no partial file beside it when the write fails', () => {
    const file = path.join(dir, 'snapshot.json');
    writeAside(file, (fd) => {
      writeAll(fd, Buffer.from('one two'));
      writeAll(fd, Buffer.from('ONE'), 0);
    });
    expect(readAll(file).toString()).toBe('ONE two');
    expect(() =>
      writeAside(file, (fd) => {
        writeAll(fd, Buffer.from('half of a new one'));
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(readAll(file).toString()).toBe('ONE two');
    expect(fs.readdirSync(dir)).toEqual(['snapshot.json']);
  });

  it('continues a CRC-32 over parts, empty ones included', () => {
    const whole = Buffer.from('the quick brown fox');
    const parts = [whole.subarray(0, 4), new Uint8Array(0), whole.subarray(4), new Uint8Array(new ArrayBuffer(0))];
    expect(parts.reduce((crc, part) => crc32(part, crc), 0)).toBe(zlib.crc32(whole));
  });
});
