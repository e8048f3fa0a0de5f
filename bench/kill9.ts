/**
 * Acknowledged writes survive kill -9 (issue 12; the team's rule). Starts the server as `npm start`
 * does on a fresh data directory, streams writes from several clients at once, SIGKILLs the server
 * in the middle of the stream, starts it again on the same directory and checks that every write
 * it had acknowledged (answered 2xx) is there. Three kills by default.
 *
 * The writes are a list of kinds (WRITE_KINDS); each says how to make one write, what its
 * acknowledgement records, and how to find it again after the restart. Session-mode order adds
 * and share links today; checkout bookings add a kind here when they exist.
 *
 * Run: `npx tsx bench/kill9.ts` (BENCH_KILLS=3, BENCH_CLIENTS=8, BENCH_PORT=4822). Prints the
 * figures and writes bench/results/kill9.json. Exits 1 when an acknowledged write was lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addLineItem, emptyOrder, encodeOrder } from '../src/domain/order/order.ts';
import { toQueryString } from '../src/domain/pricing/query.ts';
import type { AvailItem, Price } from '../src/domain/pricing/types.ts';
import { seededRandom } from '../src/domain/search/seeded-random.ts';

const root = path.resolve(import.meta.dirname, '..');
const KILLS = Math.max(1, Number(process.env.BENCH_KILLS ?? 3));
const CLIENTS = Math.max(1, Number(process.env.BENCH_CLIENTS ?? 8));
const PORT = Number(process.env.BENCH_PORT ?? 4822);
const base = `http://127.0.0.1:${PORT}`;
/** What the site's own pages send (server/security/cross-site.ts). */
const SITE = { 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest' };
const random = seededRandom(9);

interface Context {
  offers: Price[];
}

/** One kind of write: make it (the HTTP status when it is not acknowledged), and find an acknowledged one again. */
interface WriteKind<Ack> {
  name: string;
  write(context: Context, client: ClientState): Promise<{ ack: Ack } | { status: number }>;
  verify(ack: Ack): Promise<boolean>;
}

/** Per streaming client: its session cookie and how many items that session holds. */
interface ClientState {
  cookie: string;
  items: number;
}

type OrderAck = { cookie: string; key: string; eid: number };

const orderAdd: WriteKind<OrderAck> = {
  name: 'order add (session mode)',
  async write({ offers }, client) {
    // A session holds at most 50 line items: a client starts a new one before that.
    if (client.items >= 45) Object.assign(client, { cookie: '', items: 0 });
    const offer = offers[Math.floor(random() * offers.length)]!;
    const response = await fetch(`${base}/rcapi/order/add?${toQueryString(offer.qp)}`, { headers: { ...SITE, ...(client.cookie ? { cookie: client.cookie } : {}) } });
    const set = response.headers.get('set-cookie');
    if (set) client.cookie = set.split(';')[0]!;
    if (!response.ok) return { status: response.status };
    const order = (await response.json()) as { lis: Record<string, { eid: number }> };
    client.items = Object.keys(order.lis).length;
    // The item this add made: the highest key (adds fill the first free ind-N; this client sends one at a time).
    const key = Object.keys(order.lis).sort((a, b) => Number(b.slice(4)) - Number(a.slice(4)))[0]!;
    return { ack: { cookie: client.cookie, key, eid: order.lis[key]!.eid } };
  },
  async verify(ack) {
    const response = await fetch(`${base}/rcapi/order/get`, { headers: { cookie: ack.cookie } });
    const order = (await response.json()) as { lis: Record<string, { eid: number }> };
    return order.lis[ack.key]?.eid === ack.eid;
  },
};

const share: WriteKind<{ code: string }> = {
  name: 'share link',
  async write({ offers }) {
    const order = addLineItem(addLineItem(emptyOrder(), offers[Math.floor(random() * offers.length)]!).order, offers[Math.floor(random() * offers.length)]!).order;
    const response = await fetch(`${base}/rescms/order/share`, {
      method: 'POST',
      headers: { ...SITE, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ url: '/mytrip', hash: encodeOrder(order), order: JSON.stringify(order) }),
    });
    if (!response.ok) return { status: response.status };
    const code = /#short-url=(\w+)$/.exec(((await response.json()) as { url: string }).url)?.[1];
    return code ? { ack: { code } } : { status: response.status };
  },
  async verify({ code }) {
    return (await fetch(`${base}/rescms/order/shorturl/${code}`)).ok;
  },
};

/** The writes streamed, in turn by each client. Checkout bookings: add their kind here. */
const WRITE_KINDS: ReadonlyArray<WriteKind<never>> = [orderAdd, share] as unknown as ReadonlyArray<WriteKind<never>>;

function startServer(dataDir: string, log: fs.WriteStream): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: base,
      // One machine streams everything: its address is not limited and may share without a quota.
      RATE_LIMIT_EXEMPT: '127.0.0.1',
      SHARE_QUOTA: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  return child;
}

async function healthy(child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return performance.now() - started;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function bookableOffers(): Promise<Price[]> {
  const offers: Price[] = [];
  for (let days = 21; days <= 180 && offers.length < 20; days += 7) {
    const begin = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const items = (await (await fetch(`${base}/rcapi/item/avail/search?${toQueryString({ rcav: { begin, nights: 7, adult: 2, child: 0 } })}`)).json()) as AvailItem[];
    offers.push(...items.flatMap((item) => item.prices.slice(0, 1)));
  }
  if (offers.length === 0) throw new Error('no bookable offer found in the demo calendar');
  return offers;
}

interface Acknowledged {
  kind: WriteKind<never>;
  ack: never;
  cycle: number;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kill9-'));
  const log = fs.createWriteStream(path.join(os.tmpdir(), `kill9-${process.pid}.log`));
  const acknowledged: Acknowledged[] = [];
  const cycles: Array<Record<string, unknown>> = [];
  let server = startServer(dataDir, log);
  try {
    const firstStartMs = await healthy(server);
    const context: Context = { offers: await bookableOffers() };
    for (let cycle = 1; cycle <= KILLS; cycle++) {
      let streaming = true;
      /** Writes not acknowledged, by cause: an HTTP status, or 'cut off' (the connection died with the server). */
      const refused: Record<string, number> = {};
      const before = acknowledged.length;
      const clients = Array.from({ length: CLIENTS }, (_, i) => ({ id: i, state: { cookie: '', items: 0 } }));
      const workers = clients.map(async ({ id, state }) => {
        for (let n = id; streaming; n++) {
          const kind = WRITE_KINDS[n % WRITE_KINDS.length]!;
          try {
            const result = await kind.write(context, state);
            if ('ack' in result) acknowledged.push({ kind, ack: result.ack, cycle });
            else refused[result.status] = (refused[result.status] ?? 0) + 1;
          } catch {
            refused['cut off'] = (refused['cut off'] ?? 0) + 1;
          }
        }
      });
      // Kill at a moment the stream does not know: 1.5 to 3.5 s in.
      const killAfterMs = 1500 + Math.floor(random() * 2000);
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      server.kill('SIGKILL');
      await exited(server);
      streaming = false;
      await Promise.all(workers);
      server = startServer(dataDir, log);
      const restartMs = await healthy(server);
      let lost = 0;
      for (const entry of acknowledged) if (!(await entry.kind.verify(entry.ack))) lost++;
      const row = { cycle, killAfterMs, acknowledgedThisCycle: acknowledged.length - before, notAcknowledged: refused, acknowledgedSoFar: acknowledged.length, lostSoFar: lost, restartMs: Math.round(restartMs) };
      cycles.push(row);
      console.log(
        `kill ${cycle}: SIGKILL after ${killAfterMs} ms of streaming, ${row.acknowledgedThisCycle} writes acknowledged (not acknowledged: ${JSON.stringify(refused)}); after the restart (${row.restartMs} ms) ${lost} of ${acknowledged.length} acknowledged writes are missing`,
      );
    }
    const byKind = Object.fromEntries(WRITE_KINDS.map((kind) => [kind.name, acknowledged.filter((entry) => entry.kind === kind).length]));
    let lost = 0;
    for (const entry of acknowledged) if (!(await entry.kind.verify(entry.ack))) lost++;
    const figures = { date: new Date().toISOString(), loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100), kills: KILLS, clients: CLIENTS, firstStartMs: Math.round(firstStartMs), acknowledged: acknowledged.length, byKind, lost, cycles };
    console.log(`${acknowledged.length} acknowledged writes (${Object.entries(byKind).map(([name, n]) => `${n} ${name}`).join(', ')}), ${KILLS} kills: ${lost} lost (goal 0)`);
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/kill9.json'), `${JSON.stringify(figures, null, 2)}\n`);
    if (lost > 0) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await exited(server);
    log.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
