/**
 * Checkout latency: POST /rescms/order/checkout with 10 concurrent clients on the embedded database
 * (PGlite, demo content), each booking a different free stay (half pay later, half by test card, with
 * trip insurance and damage protection), until REQUESTS checkouts are done. Goal: p95 <= 100 ms.
 * Prints p50/p95/p99 and writes bench/results/checkout.json.
 *
 *   npx tsx bench/checkout.ts            # BENCH_PORT (4922), CHECKOUTS (400), CLIENTS (10)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkoutBody, freeStays, groupCpuMs, loadAverage, percentile, postCheckout, root, startServer, type CheckoutAnswer } from './checkout-support.ts';

const port = Number(process.env.BENCH_PORT ?? 4922);
const total = Number(process.env.CHECKOUTS ?? 400);
const clients = Number(process.env.CLIENTS ?? 10);
const dataDir = fs.mkdtempSync(path.join(root, '.tmp', 'bench-checkout-'));

const server = await startServer(dataDir, port);
try {
  // Free weeks of every unit from two months ahead, none overlapping another.
  const stays = await freeStays(server.url, { fromDay: 60, windows: Math.ceil(total / 150) + 2, nights: 7, flex: 6 });
  if (stays.length < total) throw new Error(`only ${stays.length} free stays for ${total} checkouts`);
  // Warm up: the first checkout loads the pricing model.
  const warm = await postCheckout(server.url, checkoutBody(stays.pop()!, 'later', 0));
  if (warm.status !== 201) throw new Error(`warm-up checkout answered ${warm.status}`);

  const answers: CheckoutAnswer[] = [];
  let next = 0;
  const loadBefore = loadAverage();
  const cpuBefore = groupCpuMs(server.child.pid as number);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const n = next++;
        if (n >= total) return;
        answers.push(await postCheckout(server.url, checkoutBody(stays[n]!, n % 2 === 0 ? 'later' : 'cc', n + 1)));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const serverCpuMs = groupCpuMs(server.child.pid as number) - cpuBefore;
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const result = {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    node: process.version,
    database: 'pglite (demo content)',
    clients,
    checkouts: answers.length,
    statuses,
    throughputPerSecond: Math.round((answers.length / seconds) * 10) / 10,
    ms: { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times[times.length - 1] ?? 0) },
    goalP95Ms: 100,
    /** Server CPU time per checkout (user + system): what one checkout costs, whatever else runs. */
    serverCpuMsPerCheckout: Math.round((serverCpuMs / answers.length) * 10) / 10,
    loadAverage: { before: loadBefore, after: loadAverage() },
  };
  console.log(
    `checkout, ${clients} clients, ${answers.length} bookings on PGlite: p50 ${result.ms.p50} ms, p95 ${result.ms.p95} ms, p99 ${result.ms.p99} ms, max ${result.ms.max} ms; ` +
      `${result.throughputPerSecond}/s; server CPU ${result.serverCpuMsPerCheckout} ms per checkout; statuses ${JSON.stringify(statuses)}; load ${result.loadAverage.before.join(' ')} → ${result.loadAverage.after.join(' ')}`,
  );
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench', 'results', 'checkout.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await server.stop('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
