/**
 * The production server as `npm start` runs it, started by a benchmark on a port and data
 * directory of its choice, with its process id (for CPU time and memory from /proc).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '../src/domain/content.ts';
import { buildServer, type ServerDependencies } from '../server/app.ts';
import { ensureBuild, startServer as startBuilt } from '../server/built-server-support.ts';
import type { PageRenderer } from '../server/renderer.ts';

// One module starts the built server, for the benchmarks and the kill -9 tests alike.
export { root, serverCommand } from '../server/built-server-support.ts';

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  origin: string;
  stop(): Promise<void>;
}

/** The built server (server/built-server-support.ts, brought up to date first) on a port and data directory, stopped with SIGTERM. */
export async function startServer(options: { port: number; dataDir: string; env?: Record<string, string>; timeoutMs?: number }): Promise<RunningServer> {
  ensureBuild();
  const server = await startBuilt(options.dataDir, {
    port: options.port,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...options.env },
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  return { child: server.child, pid: server.pid, origin: server.origin, stop: () => server.stop('SIGTERM') };
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** CPU time (user + system) a process has used, in seconds (Linux /proc; clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // After "pid (comm) ": state is field 0; utime and stime are fields 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The load average (1, 5, 15 minutes) of the machine, recorded with every figure: others may be using it. */
export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/**
 * The site's own server (buildServer) serving only the API a benchmark loads: no pages, the
 * production logger at its default level written nowhere, and the loopback load generator exempt
 * from the per-client limits (the limit would otherwise measure itself).
 */
export function apiServer(deps: Omit<ServerDependencies, 'content' | 'renderer' | 'mediaDir' | 'logger' | 'publicOrigin' | 'security'>): Promise<FastifyInstance> {
  const noPages: PageRenderer = { render: async () => ({ kind: 'redirect', status: 302, location: '/' }), assets: () => ({ scripts: [], styles: [] }), close: async () => {} };
  return buildServer({
    content: {} as ContentSource,
    renderer: noPages,
    mediaDir: os.tmpdir(),
    logger: { level: 'info', stream: new Writable({ write: (_chunk, _encoding, done) => done() }) },
    publicOrigin: 'http://127.0.0.1',
    security: { rateLimitExempt: ['127.0.0.1'] },
    ...deps,
  });
}
