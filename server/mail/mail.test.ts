import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/client.ts';
import { mailQueue } from '../db/schema.ts';
import { openTestDatabase } from '../test-support.ts';
import { createMailQueue, MAX_ATTEMPTS, retryDelayMinutes } from './mail-queue.ts';
import { createMailTransport } from './transport.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A loopback SMTP sink (the smtp-server package): every message it is given, or refusals while `refusing`. */
async function startSink(): Promise<{ url: string; received: Received[]; refusing: { on: boolean }; close(): Promise<void> }> {
  const received: Received[] = [];
  const refusing = { on: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing.on) {
          callback(Object.assign(new Error('451 Try again later'), { responseCode: 451 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, refusing, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let database: OpenDatabase;
let sink: Awaited<ReturnType<typeof startSink>>;
const from = { name: 'Coral Haven Coast Rentals', address: 'stay@coralhaven.example' };
const message = { kind: 'booking-confirmation', reference: 'abc', to: 'guest@example.com', subject: 'Your booking is confirmed', text: 'Hello <b>', html: '<p>Hello &lt;b&gt;</p>' };

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSink();
});

afterAll(async () => {
  await sink?.close();
  await database?.close();
});

beforeEach(async () => {
  sink.received.length = 0;
  sink.refusing.on = false;
  await database.db.execute(sql`delete from mail_queue`);
});

describe('email through SMTP_URL', () => {
  it('delivers a queued message to an SMTP server, text and HTML, and marks it sent', async () => {
    const queue = createMailQueue({ db: database.db, transport: createMailTransport({ smtpUrl: sink.url, outboxDir: '' }), from });
    await queue.enqueue(database.db, message);
    expect(await queue.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail?.from).toBe('stay@coralhaven.example');
    expect(mail?.to).toEqual(['guest@example.com']);
    expect(mail?.data).toMatch(/^Subject: Your booking is confirmed\r?$/m);
    expect(mail?.data).toMatch(/^From: Coral Haven Coast Rentals <stay@coralhaven\.example>\r?$/m);
    expect(mail?.data).toContain('Content-Type: text/plain');
    expect(mail?.data).toContain('<p>Hello &lt;b&gt;</p>');
    const [row] = await database.db.select().from(mailQueue);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    await queue.close();
  });

  it('keeps a message the server refuses, retries it later, and gives up after the last attempt', async () => {
    const queue = createMailQueue({ db: database.db, transport: createMailTransport({ smtpUrl: sink.url, outboxDir: '' }), from });
    await queue.enqueue(database.db, message);
    sink.refusing.on = true;
    expect(await queue.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await database.db.select().from(mailQueue);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toMatch(/Try again later/);
    expect((waiting?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(30_000);
    // Not due yet: nothing is tried.
    expect(await queue.deliverDue()).toEqual({ sent: 0, failed: 0 });
    // Due again, and the server takes it.
    sink.refusing.on = false;
    await database.db.update(mailQueue).set({ nextAttemptAt: sql`now()` });
    expect(await queue.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(sink.received).toHaveLength(1);

    await database.db.execute(sql`delete from mail_queue`);
    await queue.enqueue(database.db, message);
    sink.refusing.on = true;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await database.db.update(mailQueue).set({ nextAttemptAt: sql`now()` });
      await queue.deliverDue();
    }
    const [failed] = await database.db.select().from(mailQueue);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    await queue.close();
  });

  it('sends a message whose sender died again once its lease is over', async () => {
    const queue = createMailQueue({ db: database.db, transport: createMailTransport({ smtpUrl: sink.url, outboxDir: '' }), from });
    await queue.enqueue(database.db, message);
    // A sender claimed it (attempts 1, leased 5 minutes) and was killed before it finished.
    await database.db.update(mailQueue).set({ attempts: 1, nextAttemptAt: sql`now() + interval '5 minutes'` });
    expect(await queue.deliverDue()).toEqual({ sent: 0, failed: 0 });
    await database.db.update(mailQueue).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await queue.deliverDue()).toEqual({ sent: 1, failed: 0 });
    await queue.close();
  });

  it('waits 1, 2, 4 … minutes between attempts, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8].map(retryDelayMinutes)).toEqual([1, 2, 4, 8, 60, 60]);
  });
});

describe('email to the outbox (no SMTP_URL)', () => {
  it('writes each message whole as an .eml file, never a partial one', async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      const queue = createMailQueue({ db: database.db, transport: createMailTransport({ outboxDir: path.join(outbox, 'outbox') }), from });
      await queue.enqueue(database.db, message);
      await queue.enqueue(database.db, { ...message, to: 'other@example.com' });
      expect(await queue.deliverDue()).toEqual({ sent: 2, failed: 0 });
      const files = fs.readdirSync(path.join(outbox, 'outbox'));
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
      const texts = files.map((f) => fs.readFileSync(path.join(outbox, 'outbox', f), 'utf8'));
      expect(texts.some((t) => /^To: other@example\.com$/m.test(t))).toBe(true);
      expect(texts.every((t) => /^Subject: Your booking is confirmed$/m.test(t) && t.trimEnd().endsWith('--'))).toBe(true);
      await queue.close();
    } finally {
      fs.rmSync(outbox, { recursive: true, force: true });
    }
  });

  it('keeps the message queued when the outbox cannot be written', async () => {
    const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'file');
    fs.writeFileSync(blocker, 'not a folder');
    const queue = createMailQueue({ db: database.db, transport: createMailTransport({ outboxDir: path.join(blocker, 'outbox') }), from });
    await queue.enqueue(database.db, message);
    expect(await queue.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.db.select().from(mailQueue);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    await queue.close();
    fs.rmSync(path.dirname(blocker), { recursive: true, force: true });
  });
});
