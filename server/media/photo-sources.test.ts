import { describe, expect, it } from 'vitest';
import { PHOTO_SIZES } from '../../src/domain/photo-sizes.ts';
import { photoWidths, uploadedPhotoSources } from './photo-sources.ts';

const key = '0123456789abcdef01234567';

describe('uploadedPhotoSources', () => {
  it('names the JPEG and WebP sizes of an uploaded photo up to its own width, the largest JPEG as src', () => {
    const base = `/media/uploads/${key}`;
    const expected = {
      src: `${base}/960.jpg`,
      srcset: `${base}/320.jpg 320w, ${base}/640.jpg 640w, ${base}/960.jpg 960w`,
      sizes: PHOTO_SIZES.card,
      sources: [{ type: 'image/webp', srcset: `${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/960.webp 960w` }],
    };
    expect(uploadedPhotoSources(`uploads/${key}/960.jpg`, 1000)).toEqual(expected);
    expect(uploadedPhotoSources(`/media/uploads/${key}`, 1000)).toEqual(expected);
    expect(uploadedPhotoSources(`uploads/${key}`, 4000)?.src).toBe(`${base}/1920.jpg`);
    expect(uploadedPhotoSources(`uploads/${key}`, 200)?.srcset).toBe(`${base}/200.jpg 200w`);
  });

  it('is null for the demo drawings and anything that is not an upload key', () => {
    expect(uploadedPhotoSources('units/1001/1.svg', 1200)).toBeNull();
    expect(uploadedPhotoSources('uploads/../secret', 1200)).toBeNull();
    expect(uploadedPhotoSources(`uploads/${key}/a/b.jpg`, 1200)).toBeNull();
    expect(uploadedPhotoSources(`uploads/${key}`, 0)).toBeNull();
  });

  it('makes the standard widths up to the own width, never enlarging', () => {
    expect(photoWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(photoWidths(5000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(photoWidths(1279)).toEqual([320, 640, 960]);
    expect(photoWidths(319)).toEqual([319]);
  });
});
