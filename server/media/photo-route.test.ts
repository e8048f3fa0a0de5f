import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/client.ts';
import { uploadedPhotos } from '../db/schema.ts';
import { openTestDatabase } from '../test-support.ts';
import { MAX_PHOTO_BYTES, PHOTOS_API_PATH, registerPhotoUploadRoute } from './photo-pipeline.ts';
import { samplePhoto } from './sample-photo.ts';

let app: FastifyInstance;
let database: OpenDatabase;
let mediaDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-route-'));
  app = Fastify();
  registerPhotoUploadRoute(app, {
    mediaDir,
    db: database.db,
    // The lead's session check stands here: a header instead of the admin cookie.
    requireOwner: async (request, reply) => {
      if (request.headers['x-owner'] !== 'yes') return reply.code(401).send({ error: 'login', message: 'Please log in first.' });
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const upload = (payload: Buffer | string, contentType = 'image/jpeg', owner = true) =>
  app.inject({ method: 'POST', url: PHOTOS_API_PATH, payload, headers: { 'content-type': contentType, ...(owner ? { 'x-owner': 'yes' } : {}) } });

describe('POST /admin/api/photos', () => {
  it('answers 201 with the key, size, sources and warnings, after the files and the row are in place', async () => {
    const original = await samplePhoto(900, 600);
    const response = await upload(original, 'application/octet-stream');
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { photo } = response.json<{ photo: { key: string; width: number; height: number; src: string; srcset: string; warnings: string[] } }>();
    const base = `/media/uploads/${photo.key}`;
    expect(photo).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      width: 900,
      height: 600,
      src: `${base}/640.jpg`,
      srcset: `${base}/320.jpg 320w, ${base}/640.jpg 640w`,
      warnings: ['Guests see this photo up to 1160 px wide; it is 900 × 600 (Vrbo asks for at least 1024 × 683).'],
    });
    for (const name of ['320.jpg', '320.webp', '640.jpg', '640.webp']) expect(fs.statSync(path.join(mediaDir, 'uploads', photo.key, name)).size).toBeGreaterThan(0);
    const rows = await database.db.select().from(uploadedPhotos).where(eq(uploadedPhotos.key, photo.key));
    expect(rows.map(({ key, width, height, bytes, format }) => ({ key, width, height, bytes, format }))).toEqual([{ key: photo.key, width: 900, height: 600, bytes: original.length, format: 'jpeg' }]);
    // The same photo again: the same answer, one row.
    const again = await upload(original, 'image/png');
    expect([again.statusCode, again.json<{ photo: { key: string } }>().photo.key]).toEqual([201, photo.key]);
    expect(await database.db.select().from(uploadedPhotos).where(eq(uploadedPhotos.key, photo.key))).toHaveLength(1);
  });

  it('asks the owner check first', async () => {
    const response = await upload(await samplePhoto(400, 300), 'image/jpeg', false);
    expect([response.statusCode, response.json()]).toEqual([401, { error: 'login', message: 'Please log in first.' }]);
  });

  it('refuses what is not an image with 415, whatever its Content-Type says', async () => {
    const named = await upload('just some text, named holiday.jpg');
    expect([named.statusCode, named.json()]).toEqual([415, { error: 'not-an-image', message: 'This file is not a JPEG, PNG, WebP or AVIF image.' }]);
    const json = await upload(JSON.stringify({ photo: 'x' }), 'application/json');
    expect([json.statusCode, json.json<{ error: string }>().error]).toEqual([415, 'not-an-image']);
    const text = await upload('hello', 'text/plain');
    expect([text.statusCode, text.json<{ error: string }>().error]).toEqual([415, 'not-an-image']);
  });

  it('refuses more than 20 MiB with 413 before processing it', async () => {
    const response = await upload(Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff));
    expect([response.statusCode, response.json()]).toEqual([413, { error: 'too-large-bytes', message: 'This file is larger than 20 MiB, the most a photo may be.' }]);
  });

  it('refuses an unreadable image and a decompression bomb with 422 and a message', async () => {
    const garbage = await upload(Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(500, 7)]), 'image/png');
    expect([garbage.statusCode, garbage.json<{ error: string }>().error]).toEqual([422, 'unreadable']);
    // A 20000 × 20000 header over a few bytes of pixels.
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    const bomb = Buffer.from(small);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    const response = await upload(bomb, 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'too-large-pixels', message: 'This photo is 20000 × 20000 pixels (400 megapixels); photos of up to 50 megapixels are accepted. Please upload a smaller copy.' });
  });
});
