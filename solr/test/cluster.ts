/**
 * Starts `npm run solr:cluster` (solr/cluster/run) for a test or a benchmark and drives it:
 *
 *   const cluster = await startSolrCluster();
 *   cluster.urls;            // the collection URL on each of the 2 nodes
 *   await cluster.stopNode(1); await cluster.startNode(1);
 *   await cluster.oneShardPerNode('lopsided'); // its URLs: cluster.collectionUrls('lopsided')
 *   await cluster.close();   // SIGTERM; the JVM also exits when this process dies (stdin closes)
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface SolrClusterState {
  collection: string;
  shards: number;
  replicas: number;
  /** The collection URL on each node, e.g. http://127.0.0.1:40123/solr/rentals. */
  urls: string[];
  ports: number[];
  zkHost: string;
  pid: number;
  /** How long the cluster took to start and make its collection active, in ms (inside the JVM). */
  startMs: number;
}

export interface SolrCluster extends SolrClusterState {
  /** Wall time from spawning the JVM (and building, when needed) to the collection being active. */
  readyMs: number;
  stopNode(node: number): Promise<void>;
  /** Answers once the node is back and every replica of the collection is active again. */
  startNode(node: number): Promise<void>;
  /**
   * Creates a second collection, `name`, with both replicas of shard1 on node 0 and both of shard2 on
   * node 1, so that stopping node 0 loses one shard entirely while the other keeps both replicas.
   */
  oneShardPerNode(name: string): Promise<void>;
  /** The URL of collection `name` on each node. */
  collectionUrls(name: string): string[];
  close(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Java and Maven are needed; a clear message when either is missing. */
export function checkJavaAndMaven(): void {
  for (const [tool, args] of [
    ['java', ['-version']],
    ['mvn', ['-v']],
  ] as const) {
    const found = (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, tool)));
    if (!found) throw new Error(`npm run test:solr needs Java 17+ and Apache Maven on PATH: '${tool} ${args.join(' ')}' is not available`);
  }
}

export async function startSolrCluster(options: { timeoutMs?: number; log?: (line: string) => void } = {}): Promise<SolrCluster> {
  checkJavaAndMaven();
  const started = performance.now();
  const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'solr-cluster-state-')), 'state.json');
  const child: ChildProcessByStdio<Writable, Readable, Readable> = spawn(path.join(ROOT, 'solr/cluster/run'), ['--exit-on-eof', '--state', stateFile], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 200) stderr.shift();
    options.log?.(chunk.trimEnd());
  });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting: { match: (line: string) => boolean; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  let exited: Error | null = null;
  lines.on('line', (line) => {
    options.log?.(line);
    const at = waiting.findIndex((w) => w.match(line));
    if (at !== -1) waiting.splice(at, 1)[0]!.resolve(line);
  });
  const exit = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = new Error(`The Solr cluster exited (${signal ?? `code ${code}`}): ${stderr.join('').slice(-2000)}`);
      for (const w of waiting.splice(0)) w.reject(exited);
      resolve();
    });
  });

  function expect(match: (line: string) => boolean, timeoutMs: number, what: string): Promise<string> {
    if (exited) return Promise.reject(exited);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The Solr cluster did not ${what} within ${timeoutMs} ms`)), timeoutMs);
      waiting.push({
        match,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  async function command(text: string, answer: string, timeoutMs: number): Promise<void> {
    const reply = expect((line) => line === answer || line.startsWith('error '), timeoutMs, `answer '${text}'`);
    child.stdin.write(`${text}\n`);
    const line = await reply;
    if (line !== answer) throw new Error(`Solr cluster: ${text}: ${line}`);
  }

  async function close(): Promise<void> {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exit;
    clearTimeout(timer);
    fs.rmSync(path.dirname(stateFile), { recursive: true, force: true });
  }

  try {
    // The first run builds and downloads through Maven: minutes; later ones start in seconds.
    const line = await expect((l) => l.startsWith('state '), options.timeoutMs ?? 600_000, 'start');
    const state = JSON.parse(line.slice('state '.length)) as SolrClusterState;
    return {
      ...state,
      readyMs: Math.round(performance.now() - started),
      stopNode: (node) => command(`stop ${node}`, `stopped ${node}`, 60_000),
      startNode: (node) => command(`start ${node}`, `started ${node}`, 180_000),
      oneShardPerNode: (name) => command(`one-shard-per-node ${name}`, `created ${name}`, 180_000),
      collectionUrls: (name) => state.urls.map((url) => url.replace(/\/[^/]+$/, `/${name}`)),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
