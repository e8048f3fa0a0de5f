/**
 * Where email goes: an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example:587 or
 * smtps://…:465), or, by default, the outbox folder DATA_DIR/outbox, where each message is written
 * as an .eml file (RFC 5322, opens in any mail program). Files are written atomically: a temporary
 * file, synced, then renamed, so the outbox never holds half a message.
 */
import crypto from 'node:crypto';
import fsCallbacks from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Where messages go, for the log ('smtp://mail.example:587', or the outbox folder); no password. */
  readonly target: string;
  /** Sends one message; rejects when it could not be handed over. */
  send(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

/** fsync of a directory (its new entries survive a crash of the machine), with the plain fs calls. */
function syncDirectory(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    fsCallbacks.open(dir, 'r', (openError, fd) => {
      if (openError) return reject(openError);
      fsCallbacks.fsync(fd, (syncError) => fsCallbacks.close(fd, () => (syncError ? reject(syncError) : resolve())));
    });
  });
}

/** Writes a file so that it appears whole or not at all (temporary file written and flushed, rename, directory fsync). */
export async function writeFileAtomic(file: string, data: Buffer | string): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  // `flush` fsyncs the file before the promise settles (Node >= 20.10).
  await fs.writeFile(temp, data, { flag: 'wx', mode: 0o640, flush: true });
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

function smtpTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'smtp';
  }
}

/** The SMTP transport of `smtpUrl`, or the .eml outbox in `outboxDir`. */
export function createMailTransport(options: { smtpUrl?: string | undefined; outboxDir: string }): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      target: smtpTarget(options.smtpUrl),
      async send(mail) {
        const info = await smtp.sendMail(mail);
        return { messageId: String(info.messageId) };
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | null = null;
  return {
    kind: 'outbox',
    target: options.outboxDir,
    async send(mail) {
      ready ??= fs.mkdir(options.outboxDir, { recursive: true });
      await ready;
      const info = (await stream.sendMail(mail)) as { messageId: string; message: Buffer };
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await writeFileAtomic(file, info.message);
      return { messageId: String(info.messageId), file };
    },
    close: () => stream.close(),
  };
}
