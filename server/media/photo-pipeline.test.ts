import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeLeftovers, temporaryName } from '../demo/media.ts';
import { samplePhoto } from './sample-photo.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, PhotoError, photoKey, photoWarnings, processPhoto, sniffImageType } from './photo-pipeline.ts';

let mediaDir: string;
beforeEach(() => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-'));
});
afterEach(() => {
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const picture = samplePhoto;

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile()).sort();
}

async function expectPhotoError(promise: Promise<unknown>, code: string): Promise<PhotoError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PhotoError);
  expect((error as PhotoError).code).toBe(code);
  return error as PhotoError;
}

/** A PNG whose header declares `width` × `height` with a few bytes of pixels: a decompression bomb's shape. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // All-zero rows compress about a thousand to one: this is what makes such a file small.
  const rows = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 64));
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

describe('processPhoto', () => {
  it('writes every width up to its own in WebP and JPEG, readable and of the right size', async () => {
    const original = await picture(1500, 1000);
    const photo = await processPhoto(original, { mediaDir });
    expect(photo).toEqual({ key: await photoKey(original), width: 1500, height: 1000, format: 'jpeg', bytes: original.length, widths: [320, 640, 960, 1280], warnings: [] });
    expect(photo.key).toMatch(/^[0-9a-f]{24}$/);
    const folder = path.join(mediaDir, 'uploads', photo.key);
    expect(filesUnder(folder)).toEqual(['1280.jpg', '1280.webp', '320.jpg', '320.webp', '640.jpg', '640.webp', '960.jpg', '960.webp']);
    for (const width of photo.widths) {
      const webp = await sharp(path.join(folder, `${width}.webp`)).metadata();
      const jpeg = await sharp(path.join(folder, `${width}.jpg`)).metadata();
      expect([webp.format, webp.width, webp.height]).toEqual(['webp', width, Math.round((width * 1000) / 1500)]);
      expect([jpeg.format, jpeg.width]).toEqual(['jpeg', width]);
    }
  });

  it('reads PNG, WebP and AVIF by their bytes; a PNG with transparency gets a white JPEG background', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const photo = await processPhoto(await picture(700, 467, format), { mediaDir });
      expect([photo.format, photo.widths]).toEqual([format, [320, 640]]);
    }
    const clear = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const photo = await processPhoto(clear, { mediaDir });
    const { data } = await sharp(path.join(mediaDir, 'uploads', photo.key, '320.jpg')).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('turns a photo upright by its EXIF orientation and drops EXIF and GPS', async () => {
    // Red on the left, blue on the right, stored sideways: orientation 6 shows it turned a quarter clockwise, red on top.
    const left = await sharp({ create: { width: 200, height: 400, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const sideways = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0000ff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .resize(600, 400, { fit: 'fill' })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'The owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
      .toBuffer();
    const input = await sharp(sideways).metadata();
    expect(input.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the original's EXIF.
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const photo = await processPhoto(sideways, { mediaDir });
    expect([photo.width, photo.height]).toEqual([400, 600]);
    expect(photo.warnings).toEqual([
      'Guests see this photo up to 1160 px wide; it is 400 × 600 (Vrbo asks for at least 1024 × 683).',
      'Channels prefer landscape photos; this one is 400 × 600 (portrait).',
    ]);
    for (const name of ['320.jpg', '320.webp']) {
      const file = path.join(mediaDir, 'uploads', photo.key, name);
      const meta = await sharp(file).metadata();
      expect([meta.width, meta.height, meta.orientation, meta.exif, meta.xmp, meta.icc, meta.iptc]).toEqual([320, 480, undefined, undefined, undefined, undefined, undefined]);
      const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [topRed, , topBlue] = pixel(160, 40);
      const [bottomRed, , bottomBlue] = pixel(160, 440);
      expect(topRed).toBeGreaterThan(200);
      expect(topBlue).toBeLessThan(60);
      expect(bottomBlue).toBeGreaterThan(200);
      expect(bottomRed).toBeLessThan(60);
      // Nor are the GPS bytes anywhere in the file.
      expect(fs.readFileSync(file).includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))).toBe(false);
    }
  });

  it('gives a photo narrower than the smallest width its own width only', async () => {
    const photo = await processPhoto(await picture(200, 150, 'png'), { mediaDir });
    expect(photo.widths).toEqual([200]);
    expect(filesUnder(path.join(mediaDir, 'uploads', photo.key))).toEqual(['200.jpg', '200.webp']);
  });

  it('refuses a file that is not an image by its bytes, whatever its name', async () => {
    const error = await expectPhotoError(processPhoto(Buffer.from('This is holiday.jpg, honest.\n'.repeat(20)), { mediaDir }), 'not-an-image');
    expect(error.message).toBe('This file is not a JPEG, PNG, WebP or AVIF image.');
    // SVG and GIF are images sharp reads, but not photos the site takes (SVG can carry scripts).
    await expectPhotoError(processPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), { mediaDir }), 'not-an-image');
    await expectPhotoError(processPhoto(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer(), { mediaDir }), 'not-an-image');
    expect(filesUnder(mediaDir)).toEqual([]);
  });

  it('refuses a PNG header followed by garbage, and a JPEG cut short, as unreadable', async () => {
    const garbage = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('not the rest of a PNG file at all'.repeat(10))]);
    const error = await expectPhotoError(processPhoto(garbage, { mediaDir }), 'unreadable');
    expect(error.message).toMatch(/could not be read/);
    const jpeg = await picture(1200, 800);
    await expectPhotoError(processPhoto(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { mediaDir }), 'unreadable');
    expect(filesUnder(mediaDir)).toEqual([]);
  });

  it('refuses a decompression bomb by its declared size before decoding it', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const error = await expectPhotoError(processPhoto(bomb, { mediaDir }), 'too-large-pixels');
    expect(error.message).toBe('This photo is 30000 × 30000 pixels (900 megapixels); photos of up to 50 megapixels are accepted. Please upload a smaller copy.');
    // Refused from the header: decoding 900 megapixels would take seconds and 2.7 GB.
    expect(performance.now() - started).toBeLessThan(2000);
    // Just over the limit is refused, and sharp's own limit stands behind the check.
    await expectPhotoError(processPhoto(pngDeclaring(MAX_PHOTO_PIXELS / 5000 + 1, 5000), { mediaDir }), 'too-large-pixels');
    expect(filesUnder(mediaDir)).toEqual([]);
  });

  it('refuses more than 20 MiB, and takes 20 MiB', async () => {
    const photo = await picture(640, 427);
    // A JPEG padded after its end marker: decoders stop at the marker.
    const padded = (size: number) => Buffer.concat([photo, Buffer.alloc(size - photo.length)]);
    const error = await expectPhotoError(processPhoto(padded(MAX_PHOTO_BYTES + 1), { mediaDir }), 'too-large-bytes');
    expect(error.message).toBe('This file is 20.0 MiB; photos of up to 20 MiB are accepted.');
    expect(filesUnder(mediaDir)).toEqual([]);
    expect((await processPhoto(padded(MAX_PHOTO_BYTES), { mediaDir })).bytes).toBe(MAX_PHOTO_BYTES);
  });

  it('says HEIC cannot be read here and asks for a JPEG (sharp here decodes AVIF, not HEVC)', async () => {
    expect(sharp.format.heif.input.fileSuffix).toEqual(['.avif']);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    expect(sniffImageType(heic)).toBe('heic');
    // A generic major brand is told apart by the compatible brands.
    const box = (brands: string) => Buffer.concat([Buffer.from([0, 0, 0, 8 + brands.length]), Buffer.from(`ftyp${brands}`, 'latin1'), Buffer.alloc(16)]);
    expect(sniffImageType(box('mif1\0\0\0\0mif1avif'))).toBe('avif');
    expect(sniffImageType(box('mif1\0\0\0\0mif1heic'))).toBe('heic');
    expect(sniffImageType(box('isom\0\0\0\0isommp41'))).toBeNull();
    const error = await expectPhotoError(processPhoto(heic, { mediaDir }), 'unreadable');
    expect(error.message).toMatch(/^HEIC photos cannot be read here\. Please export the photo as JPEG/);
  });

  it('keeps the same bytes under the same key and writes nothing the second time', async () => {
    const original = await picture(1100, 733);
    const first = await processPhoto(original, { mediaDir });
    const folder = path.join(mediaDir, 'uploads', first.key);
    const stamps = () => filesUnder(folder).map((name) => [name, fs.statSync(path.join(folder, name)).mtimeMs, fs.statSync(path.join(folder, name)).ino]);
    const before = stamps();
    const second = await processPhoto(Buffer.from(original), { mediaDir });
    expect(second).toEqual(first);
    expect(stamps()).toEqual(before);
    // A size lost (a server killed between two files) is written again, the others are left alone.
    fs.rmSync(path.join(folder, '960.webp'));
    await processPhoto(original, { mediaDir });
    expect(stamps().filter(([name]) => name !== '960.webp')).toEqual(before.filter(([name]) => name !== '960.webp'));
    expect(filesUnder(folder)).toEqual(before.map(([name]) => name));
  });

  it('processes one upload at a time, keeps four waiting and refuses more as busy', async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => picture(400 + n, 300)));
    const order: number[] = [];
    const runs = photos.map((bytes, index) =>
      processPhoto(bytes, { mediaDir }).then(
        () => {
          order.push(index);
          return 'done';
        },
        (error: unknown) => (error instanceof PhotoError ? error.code : 'other'),
      ),
    );
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done', 'done', 'done', 'busy']);
    // Waiting uploads go in the order they came.
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('stops at its time budget with a clear error and leaves no file', async () => {
    const error = await expectPhotoError(processPhoto(await picture(2400, 1600), { mediaDir, timeoutMs: 1 }), 'timeout');
    expect(error.message).toBe('Processing this photo took longer than 0.001 s. Please try again, or upload a smaller photo.');
    const aborted = new AbortController();
    aborted.abort();
    await expectPhotoError(processPhoto(await picture(500, 400), { mediaDir, signal: aborted.signal }), 'timeout');
    expect(filesUnder(mediaDir)).toEqual([]);
  });

  it('keeps the event loop free while it works', async () => {
    const original = await picture(4000, 3000);
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    try {
      await processPhoto(original, { mediaDir });
    } finally {
      clearInterval(timer);
    }
    // Hashing, decoding and encoding (about a second of CPU here) run in libuv's pool. The bound leaves room for a busy machine.
    expect(longest).toBeLessThan(400);
  });

  it('names its temporary files so the cleanup at start removes what a killed upload left', () => {
    const folder = path.join(mediaDir, 'uploads', '0123456789abcdef01234567');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, '640.jpg'), 'whole');
    // A process id no process has: the writer died.
    const dead = temporaryName(path.join(folder, '1280.webp'), 4_194_000);
    fs.writeFileSync(dead, 'half');
    expect(removeLeftovers(mediaDir)).toBe(1);
    expect(filesUnder(mediaDir)).toEqual([path.join('uploads', '0123456789abcdef01234567', '640.jpg')]);
  });

  it('throws nothing but PhotoError for any bytes, and writes no file for them', async () => {
    const magic = ['', '\xff\xd8\xff', '\x89PNG\r\n\x1a\n', 'RIFF\0\0\0\0WEBPVP8 ', '\0\0\0\x18ftypavif', '\0\0\0\x18ftypheic', 'GIF89a', '<svg'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 2048 }), async (start, rest) => {
        const bytes = Buffer.concat([Buffer.from(start, 'latin1'), rest]);
        const error = await processPhoto(bytes, { mediaDir }).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(PhotoError);
        expect(filesUnder(mediaDir)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('photoWarnings', () => {
  it('warns about a photo smaller than the channels ask for, with the size a guest sees, and about portrait ones', () => {
    expect(photoWarnings(800, 533)).toEqual(['Guests see this photo up to 1160 px wide; it is 800 × 533 (Vrbo asks for at least 1024 × 683).']);
    expect(photoWarnings(1024, 683)).toEqual([]);
    expect(photoWarnings(1200, 682)).toHaveLength(1);
    expect(photoWarnings(1200, 1600)).toEqual(['Channels prefer landscape photos; this one is 1200 × 1600 (portrait).']);
  });
});
