/**
 * The feed worker's thread (started by feed-reader.ts): reads one feed at a time with
 * parseFeedBytes and posts back its stays or its refusal. Whatever a feed makes ical.js do
 * happens here; the server's thread only waits, and ends this thread when it is over budget.
 */
import { parentPort } from 'node:worker_threads';
import { FeedParseError, parseFeedBytes, type FeedEvent, type FeedParseLimits } from './feed-parse.ts';

export interface FeedJob {
  id: number;
  bytes: Uint8Array;
  limits: FeedParseLimits;
}

export type FeedJobAnswer = { type: 'ready' } | { type: 'done'; id: number; events: FeedEvent[] } | { type: 'refused'; id: number; error: string };

const port = parentPort;
if (!port) throw new Error('feed-worker.ts runs as a worker thread (feed-reader.ts starts it)');

port.on('message', (job: FeedJob) => {
  let answer: FeedJobAnswer;
  try {
    answer = { type: 'done', id: job.id, events: parseFeedBytes(job.bytes, job.limits) };
  } catch (error) {
    // Only FeedParseError is a message for the owner; anything else is ours, said as little as possible.
    const message = error instanceof FeedParseError ? error.message : `The feed could not be read (${String((error as Error)?.message ?? error).slice(0, 160)}).`;
    answer = { type: 'refused', id: job.id, error: message };
  }
  port.postMessage(answer);
});
port.postMessage({ type: 'ready' } satisfies FeedJobAnswer);
