/**
 * The site owner's photo uploads: the original's type read from its bytes (never from its name
 * or Content-Type), refused when it is too big in bytes or pixels (a decompression bomb declares
 * a huge size in a small file), turned upright by its EXIF orientation, and written in the widths
 * the pages use (photo-sources.ts) as WebP and JPEG, with no metadata (EXIF, GPS, XMP, ICC).
 *
 *   POST /admin/api/photos  raw body, up to 20 MiB
 *     → 201 { photo: { key, width, height, src, srcset, warnings } }
 *     | 413 too-large-bytes | 415 not-an-image | 422 too-large-pixels / unreadable | 503 busy / timeout
 *
 * Files: `{mediaDir}/uploads/{key}/{width}.{webp,jpg}`, key = the first 24 hex characters of the
 * SHA-256 of the original. Each is written under a temporary name, flushed and renamed
 * (server/demo/media.ts), so a server killed mid-upload leaves whole files under real names and
 * temporaries that the next start removes; the `uploaded_photos` row is inserted after every file
 * is in place. The same bytes again find their files and write nothing.
 *
 * sharp decodes and encodes in libuv's thread pool, never on the event loop; one upload is
 * processed at a time, each with one libvips thread, so an upload keeps at most one of the
 * machine's cores busy, and each has a time budget.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { uploadedPhotos } from '../db/schema.ts';
import { resolveMediaPath, syncFolder, writeAtomically } from '../demo/media.ts';
import { photoWidths, UPLOADS_FOLDER, uploadedPhotoSources } from './photo-sources.ts';

export { photoWidths, PHOTO_WIDTHS, uploadedPhotoSources, uploadedPhotoUrl } from './photo-sources.ts';

/** Vrbo's limit for one photo, and this route's body limit. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** A 12-megapixel phone photo is 12 MP, a 45-megapixel camera's 45: beyond this it is a bomb or a scan nobody needs at 1920 px. */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** The smallest photo the channels take (Vrbo: 1024 × 683). */
export const MIN_PHOTO = { width: 1024, height: 683 } as const;
/** The widest a guest page shows a photo: the listing slider across the page's content (1200 px less its padding). */
export const GUEST_DISPLAY_WIDTH = 1160;
/** How long one upload may take, waiting for its turn included; a 12-megapixel JPEG takes about a second here. */
export const PHOTO_TIME_BUDGET_MS = 30_000;
/** Uploads processed at once, and waiting: more are refused (busy) rather than queued without end. */
const PROCESSING_AT_ONCE = 1;
const WAITING_AT_MOST = 4;

const WEBP = { quality: 76, effort: 4 } as const;
const JPEG = { quality: 80, progressive: true } as const;

export type PhotoErrorCode = 'not-an-image' | 'too-large-pixels' | 'unreadable' | 'too-large-bytes' | 'busy' | 'timeout';

/** Why a photo was refused, in words for the site owner. */
export class PhotoError extends Error {
  constructor(
    readonly code: PhotoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoError';
  }
}

export interface ProcessedPhoto {
  key: string;
  /** Upright (after the EXIF orientation), in pixels. */
  width: number;
  height: number;
  /** The original's format, read from its bytes. */
  format: string;
  /** The original's size in bytes. */
  bytes: number;
  widths: number[];
  warnings: string[];
}

type Format = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/** The format of an image by its first bytes (magic numbers); null when it is none this site takes. */
export function sniffImageType(bytes: Uint8Array): Format | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    // HEIF files: the major brand, then the compatible ones up to the end of the ftyp box (a
    // generic `mif1` major brand may be AVIF or HEIC, as its compatible brands say).
    const end = Math.min(bytes.length, Math.max(16, Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0)), 256);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
    if (brands.some((brand) => ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand))) return 'heic';
  }
  return null;
}

/** HEIC (HEVC in HEIF) needs a decoder sharp's bundled libvips lacks; AVIF (AV1 in HEIF) it reads. */
const DECODES_HEIC = false;

/** Only the sniffed formats reach sharp, and each is opened as that format alone (no SVG, no TIFF). */
const FORMAT_OF_SHARP: Record<string, Format> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heif: 'avif' };

class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly atOnce: number,
    private readonly waitingAtMost: number,
  ) {}

  async enter(signal: AbortSignal, abandoned: () => PhotoError): Promise<() => void> {
    if (this.active >= this.atOnce) {
      if (this.waiting.length >= this.waitingAtMost) throw new PhotoError('busy', 'Other photos are being processed. Please try again in a moment.');
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal.removeEventListener('abort', abandon);
          resolve();
        };
        const abandon = () => {
          const index = this.waiting.indexOf(go);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(abandoned());
        };
        if (signal.aborted) return abandon();
        signal.addEventListener('abort', abandon, { once: true });
        this.waiting.push(go);
      });
    }
    this.active++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.active--;
      this.waiting.shift()?.();
    };
  }
}

const gate = new Gate(PROCESSING_AT_ONCE, WAITING_AT_MOST);
let configured = false;

/** One libvips thread per operation and no operation cache: uploads are rare and must not hold memory or both cores. */
function configureSharp(): void {
  if (configured) return;
  configured = true;
  sharp.concurrency(1);
  sharp.cache(false);
}

function timedOut(budgetMs: number): PhotoError {
  return new PhotoError('timeout', `Processing this photo took longer than ${budgetMs / 1000} s. Please try again, or upload a smaller photo.`);
}

const megapixels = (width: number, height: number) => `${Math.round((width * height) / 100_000) / 10} megapixels`;

function tooManyPixels(width: number, height: number): PhotoError {
  return new PhotoError(
    'too-large-pixels',
    `This photo is ${width} × ${height} pixels (${megapixels(width, height)}); photos of up to ${MAX_PHOTO_PIXELS / 1_000_000} megapixels are accepted. Please upload a smaller copy.`,
  );
}

/** A sharp failure in the owner's words: an image it cannot read, or one over the pixel limit. */
function fromSharp(error: unknown, signal: AbortSignal, budgetMs: number): PhotoError {
  if (error instanceof PhotoError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new PhotoError('too-large-pixels', `This photo has more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels. Please upload a smaller copy.`);
  if (/timeout/i.test(message) || signal.aborted) return timedOut(budgetMs);
  return new PhotoError('unreadable', 'This image could not be read: the file may be damaged or cut short. Please export it again as JPEG and upload that.');
}

/** Warnings for the owner: a photo the channels would refuse or crop, said as what guests see. */
export function photoWarnings(width: number, height: number): string[] {
  const warnings: string[] = [];
  if (width < MIN_PHOTO.width || height < MIN_PHOTO.height) {
    warnings.push(
      `Guests see this photo up to ${GUEST_DISPLAY_WIDTH} px wide; it is ${width} × ${height} (Vrbo asks for at least ${MIN_PHOTO.width} × ${MIN_PHOTO.height}).`,
    );
  }
  if (height > width) warnings.push(`Channels prefer landscape photos; this one is ${width} × ${height} (portrait).`);
  return warnings;
}

/**
 * The first 24 hex characters of the SHA-256 of the bytes. Web Crypto hashes in libuv's pool:
 * 20 MiB would hold the event loop for tens of milliseconds.
 */
export async function photoKey(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.webcrypto.subtle.digest('SHA-256', bytes);
  return Buffer.from(digest).toString('hex').slice(0, 24);
}

function fileNames(widths: readonly number[]): string[] {
  return widths.flatMap((width) => [`${width}.webp`, `${width}.jpg`]);
}

function isWholeFile(file: string): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && stat.isFile() && stat.size > 0;
}

/**
 * Reads, checks and writes one photo; throws PhotoError for anything it refuses. `signal` ends
 * the wait for a turn and stops the work between steps (the request closed); the time budget
 * ends it too.
 */
export async function processPhoto(bytes: Buffer, options: { mediaDir: string; signal?: AbortSignal | undefined; timeoutMs?: number | undefined }): Promise<ProcessedPhoto> {
  if (bytes.length > MAX_PHOTO_BYTES) throw new PhotoError('too-large-bytes', `This file is ${(bytes.length / 1024 / 1024).toFixed(1)} MiB; photos of up to 20 MiB are accepted.`);
  const type = sniffImageType(bytes);
  if (type === null) throw new PhotoError('not-an-image', 'This file is not a JPEG, PNG, WebP or AVIF image.');
  if (type === 'heic' && !DECODES_HEIC) {
    throw new PhotoError('unreadable', 'HEIC photos cannot be read here. Please export the photo as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and upload that.');
  }
  configureSharp();
  const budgetMs = options.timeoutMs ?? PHOTO_TIME_BUDGET_MS;
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(budgetMs)]) : AbortSignal.timeout(budgetMs);
  const started = performance.now();
  const check = () => {
    if (signal.aborted) throw timedOut(budgetMs);
  };
  /** libvips stops an operation at its own timeout: whole seconds, at least one. */
  const seconds = () => Math.max(1, Math.ceil((budgetMs - (performance.now() - started)) / 1000));
  const open = (input: Buffer) => sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', sequentialRead: true });

  const leave = await gate.enter(signal, () => timedOut(budgetMs));
  try {
    check();
    // The header alone (no pixel limit yet: nothing is decoded), so a bomb is refused with its size in the message.
    const meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' })
      .metadata()
      .catch((error: unknown) => {
        throw fromSharp(error, signal, budgetMs);
      });
    if (FORMAT_OF_SHARP[meta.format] !== type) throw fromSharp(new Error(`sniffed ${type}, sharp read ${meta.format}`), signal, budgetMs);
    const storedWidth = meta.width;
    const storedHeight = meta.height;
    if (!storedWidth || !storedHeight) throw fromSharp(new Error('no size'), signal, budgetMs);
    if (storedWidth * storedHeight > MAX_PHOTO_PIXELS) throw tooManyPixels(storedWidth, storedHeight);
    // EXIF orientations 5–8 turn the photo a quarter: its upright width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? storedHeight : storedWidth;
    const height = turned ? storedWidth : storedHeight;
    const widths = photoWidths(width);
    const key = await photoKey(bytes);
    const result: ProcessedPhoto = { key, width, height, format: type, bytes: bytes.length, widths, warnings: photoWarnings(width, height) };

    const folder = resolveMediaPath(options.mediaDir, `${UPLOADS_FOLDER}/${key}`);
    if (!folder) throw new Error('the uploads folder is outside the media directory');
    const missing = fileNames(widths).filter((name) => !isWholeFile(path.join(folder, name)));
    if (missing.length === 0) return result;

    // Decoded once, upright, at the largest width needed (JPEG shrinks while it decodes); each size is made from those pixels.
    const largest = widths[widths.length - 1] as number;
    const decoded = await open(bytes)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .timeout({ seconds: seconds() })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        throw fromSharp(error, signal, budgetMs);
      });
    check();
    const { data, info } = decoded;
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const outputs: { name: string; content: Buffer }[] = [];
    for (const name of missing) {
      const [w, extension] = name.split('.') as [string, 'webp' | 'jpg'];
      let image = sharp(data, { raw }).resize({ width: Number(w) }).timeout({ seconds: seconds() });
      image = extension === 'webp' ? image.webp(WEBP) : image.flatten({ background: '#ffffff' }).jpeg(JPEG);
      const content = await image.toBuffer().catch((error: unknown) => {
        throw fromSharp(error, signal, budgetMs);
      });
      check();
      outputs.push({ name, content });
    }
    await fs.promises.mkdir(folder, { recursive: true });
    for (const output of outputs) await writeAtomically(path.join(folder, output.name), output.content);
    // The renames, and the new folder's entry, reach the disk before the row says the files are there.
    await syncFolder(folder);
    await syncFolder(path.dirname(folder));
    return result;
  } finally {
    leave();
  }
}

interface UploadReply {
  photo: { key: string; width: number; height: number; src: string; srcset: string; warnings: string[] };
}

const STATUS: Record<PhotoErrorCode, number> = {
  'too-large-bytes': 413,
  'not-an-image': 415,
  'too-large-pixels': 422,
  unreadable: 422,
  busy: 503,
  timeout: 503,
};

const problemSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' } },
} as const;

const uploadSchema = {
  response: {
    201: {
      type: 'object',
      required: ['photo'],
      properties: {
        photo: {
          type: 'object',
          required: ['key', 'width', 'height', 'src', 'srcset', 'warnings'],
          properties: {
            key: { type: 'string' },
            width: { type: 'integer' },
            height: { type: 'integer' },
            src: { type: 'string' },
            srcset: { type: 'string' },
            warnings: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
    '4xx': problemSchema,
    '5xx': problemSchema,
  },
} as const;

export const PHOTOS_API_PATH = '/admin/api/photos';

function sendPhotoError(reply: FastifyReply, error: PhotoError): FastifyReply {
  if (error.code === 'busy' || error.code === 'timeout') reply.header('retry-after', '10');
  return reply.code(STATUS[error.code]).header('cache-control', 'no-store').send({ error: error.code, message: error.message });
}

/**
 * POST /admin/api/photos: the photo in the request body, whatever Content-Type says (image/* or
 * application/octet-stream; its bytes decide). `requireOwner` checks the session; the security
 * layer checks where the request comes from and counts it against the `upload` limit.
 */
export function registerPhotoUploadRoute(app: FastifyInstance, options: { mediaDir: string; db: Database; requireOwner: preHandlerHookHandler }): void {
  void app.register(async (scope) => {
    const raw = { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES } as const;
    scope.addContentTypeParser(/^image\/[\w.+-]+$/i, raw, (_request, body, done) => done(null, body));
    scope.addContentTypeParser('application/octet-stream', raw, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
        return sendPhotoError(reply, new PhotoError('too-large-bytes', 'This file is larger than 20 MiB, the most a photo may be.'));
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
        return sendPhotoError(reply, new PhotoError('not-an-image', 'Send the photo itself as the request body (Content-Type image/jpeg, image/png, image/webp or application/octet-stream).'));
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'photo upload failed');
      return reply.code(status).send({ error: status === 500 ? 'internal' : (error.code ?? 'bad-request'), message: status === 500 ? 'The photo could not be saved. Please try again.' : error.message });
    });
    scope.post(PHOTOS_API_PATH, { schema: uploadSchema, bodyLimit: MAX_PHOTO_BYTES, preHandler: options.requireOwner, config: { limit: 'upload' } }, async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) return sendPhotoError(reply, new PhotoError('not-an-image', 'Send the photo itself as the request body.'));
      // A closed connection stops the work between steps.
      const closed = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) closed.abort();
      };
      reply.raw.once('close', onClose);
      let photo: ProcessedPhoto;
      try {
        photo = await processPhoto(body, { mediaDir: options.mediaDir, signal: closed.signal });
      } catch (error) {
        if (error instanceof PhotoError) return sendPhotoError(reply, error);
        throw error;
      } finally {
        reply.raw.off('close', onClose);
      }
      await options.db
        .insert(uploadedPhotos)
        .values({ key: photo.key, width: photo.width, height: photo.height, bytes: photo.bytes, format: photo.format })
        .onConflictDoNothing();
      const sources = uploadedPhotoSources(`${UPLOADS_FOLDER}/${photo.key}`, photo.width);
      if (!sources) throw new Error('an uploaded photo has no sources');
      request.log.info({ key: photo.key, width: photo.width, height: photo.height, bytes: photo.bytes }, 'photo uploaded');
      const answer: UploadReply = { photo: { key: photo.key, width: photo.width, height: photo.height, src: sources.src, srcset: sources.srcset, warnings: photo.warnings } };
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    });
  });
}
