import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, lockDataDirectory, openDatabase } from './client.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'data-'));

describe('one process per embedded data directory', () => {
  it('refuses a directory another live process holds, naming it and the process', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
      expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
      expect(() => lockDataDirectory(dir)).toThrow(`The data directory ${dir} is already open in process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const release = lockDataDirectory(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('opens, migrates and closes an embedded database in a directory, then opens it again', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    expect(first.kind).toBe('pglite');
    await first.close();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    const second = await openDatabase({ dataDir: dir });
    await second.close();
  });
});

describe('the same process', () => {
  it('cannot open one directory twice', async () => {
    const dir = tempDir();
    const release = lockDataDirectory(dir);
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    release();
    lockDataDirectory(dir)();
  });
});
