/**
 * Reads feeds off the server's thread: one long-lived worker thread (feed-worker.ts) parses and
 * expands each feed with a budget of time (the worker is terminated when a read takes longer),
 * memory (the worker's `resourceLimits`; over it the worker dies) and stays (counted inside
 * parseFeed). Over any of them the feed is refused whole with a FeedParseError for the owner, and
 * the next read starts a fresh worker. Reads are queued, one at a time.
 *
 * The worker's file: under tsx (tests, `npm run dev`) this module is server/calendar/feed-reader.ts
 * and the worker loads feed-worker.ts through tsx's loader; in the production bundle this code is
 * inside dist/server-main.mjs and the worker is dist/calendar-feed-worker.mjs, bundled beside it
 * by scripts/ensure-build.mjs.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FeedParseError, type FeedEvent, type FeedParseLimits } from './feed-parse.ts';
import type { FeedJob, FeedJobAnswer } from './feed-worker.ts';

export interface FeedReaderOptions {
  /** Longest one read may take, in ms. */
  budgetMs: number;
  /** The worker's heap limit, in MB. */
  memoryMb: number;
  /** Longest a fresh worker may take to start, in ms (default 20 000: a loaded machine under tsx). */
  startMs?: number;
}

export interface FeedReader {
  /** The stays of a feed's bytes; throws FeedParseError with the owner's message when refused. */
  read(bytes: Uint8Array, limits: FeedParseLimits): Promise<FeedEvent[]>;
  /** Starts the worker now if none runs, and resolves once it is ready (tests; reads start it anyway). */
  warm(): Promise<void>;
  /** Ends the worker (shutdown); reads after it start a new one. */
  close(): Promise<void>;
}

/** Where this code runs from: the TypeScript source (tsx) or the bundle (dist/). */
const fromSource = import.meta.url.endsWith('.ts');

function spawnWorker(memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(16, Math.max(4, Math.round(memoryMb / 8))), stackSizeMb: 4 };
  if (!fromSource) return new Worker(new URL('./calendar-feed-worker.mjs', import.meta.url), { resourceLimits });
  // A worker does not inherit tsx's loader: it registers it, then imports the TypeScript entry.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./feed-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, resourceLimits });
}

interface Running {
  worker: Worker;
  ready: Promise<void>;
}

export function createFeedReader(options: FeedReaderOptions): FeedReader {
  let current: Running | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  const seconds = Math.round(options.budgetMs / 100) / 10;

  function start(): Running {
    const worker = spawnWorker(options.memoryMb);
    worker.unref();
    // A worker emits 'error' at most once, before it exits; a read waiting on it hears it too.
    worker.on('error', () => {});
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new FeedParseError('The feed reader did not start in time; the feed was not read (it is tried again at the next poll).')), options.startMs ?? 20_000);
      timer.unref();
      const onMessage = (message: FeedJobAnswer) => {
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(new FeedParseError(`The feed reader could not start (${String(error.message).slice(0, 160)}); the feed was not read.`));
      });
      worker.once('exit', () => clearTimeout(timer));
    });
    ready.catch(() => {});
    const running = { worker, ready };
    worker.once('exit', () => {
      if (current === running) current = null;
    });
    return running;
  }

  /** Ends a worker that went over budget (or died); the next read starts another. */
  function discard(running: Running): void {
    if (current === running) current = null;
    void running.worker.terminate();
  }

  async function readOnce(bytes: Uint8Array, limits: FeedParseLimits): Promise<FeedEvent[]> {
    const running = current ?? (current = start());
    try {
      await running.ready;
    } catch (error) {
      discard(running);
      throw error;
    }
    const { worker } = running;
    const id = nextId++;
    // A copy of its own, moved (not cloned) to the worker: the caller's buffer may be a slice of a pool.
    const copy = new Uint8Array(bytes);
    const job: FeedJob = { id, bytes: copy, limits };
    worker.ref();
    try {
      return await new Promise<FeedEvent[]>((resolve, reject) => {
        const finish = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const timer = setTimeout(() => {
          finish();
          discard(running);
          reject(new FeedParseError(`The feed took more than ${seconds} s to read (a rule that repeats without end, or too much to expand); it was not read.`));
        }, options.budgetMs);
        const onMessage = (message: FeedJobAnswer) => {
          if (message.type === 'ready' || message.id !== id) return;
          finish();
          if (message.type === 'done') resolve(message.events);
          else reject(new FeedParseError(message.error));
        };
        const onError = (error: Error & { code?: string }) => {
          finish();
          discard(running);
          reject(
            new FeedParseError(
              error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? `The feed needed more than ${options.memoryMb} MB to read; it was not read.`
                : `The feed could not be read (${String(error.message).slice(0, 160)}); it was not read.`,
            ),
          );
        };
        const onExit = () => {
          finish();
          discard(running);
          reject(new FeedParseError('The feed reader stopped while reading the feed; it was not read.'));
        };
        worker.on('message', onMessage);
        worker.once('error', onError);
        worker.once('exit', onExit);
        worker.postMessage(job, [copy.buffer]);
      });
    } finally {
      worker.unref();
    }
  }

  return {
    read(bytes, limits) {
      const result = queue.then(() => readOnce(bytes, limits));
      queue = result.catch(() => {});
      return result;
    },
    async warm() {
      await queue;
      const running = current ?? (current = start());
      await running.ready;
    },
    async close() {
      await queue;
      const running = current;
      current = null;
      if (running) await running.worker.terminate();
    },
  };
}
