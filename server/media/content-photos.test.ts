import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHOTO_SIZES } from '../../src/domain/photo-sizes.ts';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { photos, units } from '../db/schema.ts';
import { ensureDemoContent } from '../demo/seed.ts';
import { openTestDatabase } from '../test-support.ts';

const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));
let database: OpenDatabase;
let mediaDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-photos-'));
  await ensureDemoContent(database.db, mediaDir);
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

it("gives a listing's uploaded photo its sizes and WebP sources, and leaves the demo's drawings as they are", async () => {
  const [unit] = await database.db.select({ eid: units.eid, slug: units.slug }).from(units).orderBy(asc(units.eid)).limit(1);
  const [cover] = await database.db
    .select({ id: photos.id, path: photos.path })
    .from(photos)
    .where(and(eq(photos.ownerKind, 'unit'), eq(photos.ownerId, unit!.eid)))
    .orderBy(asc(photos.position))
    .limit(1);
  const key = '0123456789abcdef01234567';
  // A photo row as the listing editor stores an upload: the largest JPEG's media path and the photo's own size.
  await database.db.update(photos).set({ path: `uploads/${key}/1280.jpg`, width: 1500, height: 1000 }).where(eq(photos.id, cover!.id));
  const listing = await createContentService(database.db, settings).listing(unit!.slug);
  const [uploaded, drawing] = listing!.photos;
  const base = `/media/uploads/${key}`;
  expect(uploaded).toMatchObject({
    src: `${base}/1280.jpg`,
    width: 1500,
    height: 1000,
    srcset: `${base}/320.jpg 320w, ${base}/640.jpg 640w, ${base}/960.jpg 960w, ${base}/1280.jpg 1280w`,
    sizes: PHOTO_SIZES.card,
    sources: [{ type: 'image/webp', srcset: `${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/960.webp 960w, ${base}/1280.webp 1280w` }],
  });
  // The card's cover photo is the same one.
  expect(listing!.photo.srcset).toBe(uploaded!.srcset);
  expect(drawing!.src).toMatch(/\.svg$/);
  expect(drawing).not.toHaveProperty('srcset');
});
