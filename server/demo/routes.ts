/**
 * GET /api/demo → 200 { seed, today } | 404: the seed of the demo content and the day it was
 * generated (the `demo.seed` and `demo.today` settings), so that tests and benchmarks can find the
 * demo's fixture stays (fixture-stays.ts), which are relative to that day. Read-only; it tells
 * nothing that the demo's pages do not (a database without demo content answers 404).
 */
import type { FastifyInstance } from 'fastify';

export interface DemoInfo {
  seed: string;
  /** YYYY-MM-DD (UTC). */
  today: string;
}

export function registerDemoRoute(app: FastifyInstance, demoInfo: () => Promise<DemoInfo | null>): void {
  app.get('/api/demo', { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } }, async (_request, reply) => {
    const info = await demoInfo();
    if (!info) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'This database holds no demo content' });
    reply.header('cache-control', 'no-cache');
    return info;
  });
}
