import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../config.ts';
import { lockDataDirectory } from '../db/client.ts';
import { indexIntoSolr } from './indexer.ts';
import type { SearchBackend, SearchDocument } from './types.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indexer-'));
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function collecting() {
  const replaced: SearchDocument[][] = [];
  const backend: SearchBackend = {
    kind: 'solr',
    select: () => Promise.reject(new Error('not used')),
    suggest: () => Promise.reject(new Error('not used')),
    replaceAll: async (documents) => void replaced.push(documents),
    update: async () => {},
    close: async () => {},
  };
  return { backend, replaced };
}

describe('indexIntoSolr', () => {
  it('reads the database of DATA_DIR and replaces the index (an empty database gives an empty index and a hint)', async () => {
    const { backend, replaced } = collecting();
    const lines: string[] = [];
    const result = await indexIntoSolr(readServerConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }), { backend, log: (line) => lines.push(line) });
    expect(result.documents).toBe(0);
    expect(replaced).toEqual([[]]);
    expect(lines[0]).toContain('start the server once');
  });

  it('explains that the embedded database is locked while the server runs', async () => {
    const release = lockDataDirectory(dataDir);
    try {
      const error = await indexIntoSolr(readServerConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }), collecting()).catch((e: unknown) => e);
      expect((error as Error).message).toContain('is already open in process');
      expect((error as Error).message).toContain('stop the server and run the indexer again');
    } finally {
      release();
    }
  });
});

describe('npm run solr:index', () => {
  it('exits 1 with a message when SOLR_URL is not set', async () => {
    const error = (await run(process.execPath, ['--import', 'tsx', 'server/search/indexer.ts'], {
      cwd: root,
      env: { ...process.env, SOLR_URL: '', DATA_DIR: dataDir, DATABASE_URL: '' },
    }).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(error.code).toBe(1);
    expect(error.stderr).toContain('Cannot index into Solr: Set SOLR_URL to the Solr core to fill');
  });

  it('pushes to the core at SOLR_URL and exits 0; exits 1 naming Solr when it is down', async () => {
    const requests: string[] = [];
    const solr = http.createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"responseHeader":{"status":0,"QTime":3}}'));
    });
    await new Promise<void>((resolve) => solr.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(solr.address() as AddressInfo).port}/solr/rentals`;
    try {
      const ok = await run(process.execPath, ['--import', 'tsx', 'server/search/indexer.ts'], {
        cwd: root,
        env: { ...process.env, SOLR_URL: url, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      expect(ok.stdout).toContain(`Indexed 0 listings into ${url}`);
      expect(requests).toEqual(['POST /solr/rentals/update?commit=true']);
    } finally {
      solr.closeAllConnections();
      await new Promise<void>((resolve) => solr.close(() => resolve()));
    }
    const down = (await run(process.execPath, ['--import', 'tsx', 'server/search/indexer.ts'], {
      cwd: root,
      env: { ...process.env, SOLR_URL: url, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(down.code).toBe(1);
    expect(down.stderr).toContain(`Cannot index into Solr: The search service is not available just now: Cannot reach Solr at ${url}/update?commit=true: ECONNREFUSED`);
  });
});
