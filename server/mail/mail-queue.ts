/**
 * Outgoing email, durable: a message is written to the mail_queue table in the same transaction
 * as what it tells about (so an acknowledged booking always has its confirmation, even after a
 * crash), then delivered through the transport (server/mail/transport.ts) right after the commit
 * and retried when that fails.
 *
 *   await mail.enqueue(tx, { kind: 'booking-confirmation', reference: code, to, subject, text, html });
 *   // after the commit:
 *   mail.kick();
 *
 * Delivery claims due messages with `for update skip locked` and leases them for 5 minutes, so
 * several servers never send one message twice at once, and a message whose sender died is sent
 * again once its lease ends (delivery is at least once). A failed attempt is retried 1, 2, 4 …
 * minutes later (at most an hour apart); after MAX_ATTEMPTS it is marked 'failed' and logged as an
 * error. A failure never reaches the guest: the booking stands, and the confirmation page has it all.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailQueue } from '../db/schema.ts';
import type { MailTransport } from './transport.ts';

export const MAX_ATTEMPTS = 8;
/** How long a claimed message is left to its sender before another may try it. */
const LEASE = sql`interval '5 minutes'`;
const BATCH = 20;
/** How long a kick waits for more messages to send with it. */
const KICK_DELAY_MS = 200;

export interface QueuedMail {
  /** What the message is, e.g. 'booking-confirmation' or 'lead'. */
  kind: string;
  /** What it is about, e.g. the booking code, for finding it again. */
  reference: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailQueue {
  readonly transport: MailTransport;
  /** Queues a message with `db` (a transaction, to send it only if that commits). */
  enqueue(db: Pick<Database, 'insert'>, mail: QueuedMail): Promise<void>;
  /** Delivers the messages that are due; resolves with how many were sent and how many failed. */
  deliverDue(): Promise<{ sent: number; failed: number }>;
  /** Delivers what is due within KICK_DELAY_MS, in the background (after a commit), with whatever else is queued by then. */
  kick(): void;
  /** Resolves when no delivery is running (tests, shutdown). */
  idle(): Promise<void>;
  /** Retries due messages every `intervalMs` (default a minute). */
  start(intervalMs?: number): void;
  close(): Promise<void>;
}

/** Minutes before attempt n + 1: 1, 2, 4 … 60. */
export const retryDelayMinutes = (attempts: number): number => Math.min(60, 2 ** Math.max(0, attempts - 1));

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export function createMailQueue(options: { db: Database; transport: MailTransport; from: { name: string; address: string }; log?: Logger }): MailQueue {
  const { db, transport, from } = options;
  const log = options.log ?? silent;
  let running: Promise<unknown> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const deliverDue = async (): Promise<{ sent: number; failed: number }> => {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const due = db
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailQueue.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(mailQueue)
        .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: sql`now() + ${LEASE}` })
        .where(inArray(mailQueue.id, due))
        .returning();
      const delivered: number[] = [];
      for (const message of claimed.sort((a, b) => a.id - b.id)) {
        try {
          const result = await transport.send({ from, to: message.recipient, subject: message.subject, text: message.textBody, html: message.htmlBody });
          delivered.push(message.id);
          log.info({ mail: message.id, kind: message.kind, reference: message.reference, messageId: result.messageId, file: result.file }, 'email sent');
          sent++;
        } catch (error) {
          failed++;
          const text = (error instanceof Error ? error.message : String(error)).slice(0, 500);
          if (message.attempts >= MAX_ATTEMPTS) {
            await db.update(mailQueue).set({ status: 'failed', lastError: text }).where(eq(mailQueue.id, message.id));
            log.error({ mail: message.id, kind: message.kind, reference: message.reference, attempts: message.attempts, err: text }, 'email could not be sent: given up');
          } else {
            const minutes = retryDelayMinutes(message.attempts);
            await db
              .update(mailQueue)
              .set({ lastError: text, nextAttemptAt: sql`now() + make_interval(mins => ${minutes})` })
              .where(eq(mailQueue.id, message.id));
            log.warn({ mail: message.id, kind: message.kind, reference: message.reference, attempts: message.attempts, err: text }, `email could not be sent: trying again in ${minutes} min`);
          }
        }
      }
      // A crash before this line sends these again when their lease ends (at least once).
      if (delivered.length > 0) await db.update(mailQueue).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(inArray(mailQueue.id, delivered));
      if (claimed.length < BATCH) return { sent, failed };
    }
  };

  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = deliverDue()
      .catch((error: unknown) => log.warn({ err: error }, 'email delivery failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };

  // Messages queued close together go out in one batch: a kick waits KICK_DELAY_MS for others.
  let kicked: NodeJS.Timeout | undefined;
  const flushKick = () => {
    if (kicked === undefined) return;
    clearTimeout(kicked);
    kicked = undefined;
    run();
  };

  return {
    transport,
    async enqueue(tx, mail) {
      await tx.insert(mailQueue).values({ kind: mail.kind, reference: mail.reference, recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
    },
    deliverDue,
    kick() {
      if (kicked !== undefined) return;
      kicked = setTimeout(flushKick, KICK_DELAY_MS);
      kicked.unref();
    },
    async idle() {
      flushKick();
      while (running) await running;
    },
    start(intervalMs = 60_000) {
      clearInterval(timer);
      timer = setInterval(run, intervalMs);
      timer.unref();
      run();
    },
    async close() {
      clearInterval(timer);
      flushKick();
      while (running) await running;
      transport.close();
    },
  };
}
