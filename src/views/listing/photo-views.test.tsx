import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Photo } from '@/domain/content';
import { PHOTO_SIZES } from '@/domain/photo-sizes';
import { LazyImage } from '@/views/ui/lazy-image';
import { PhotoGallery } from './photo-gallery';

const base = '/media/uploads/0123456789abcdef01234567';
/** An uploaded photo as the content service gives it (server/media/photo-sources.ts). */
const uploaded: Photo = {
  src: `${base}/1280.jpg`,
  caption: 'The terrace at dusk',
  width: 1500,
  height: 1000,
  srcset: `${base}/320.jpg 320w, ${base}/640.jpg 640w, ${base}/960.jpg 960w, ${base}/1280.jpg 1280w`,
  sizes: PHOTO_SIZES.card,
  sources: [{ type: 'image/webp', srcset: `${base}/320.webp 320w, ${base}/640.webp 640w` }],
};
const drawing: Photo = { src: '/media/units/1001/1.svg', caption: 'The pool', width: 1200, height: 800 };

const attributes = (html: string, tag: string) => [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].map((match) => match[0]);

describe('photo views', () => {
  it("give an uploaded photo's img its srcset and the sizes of its layout, and a drawing none", () => {
    const card = renderToString(<LazyImage photo={uploaded} alt="" eager />);
    expect(card).toContain(`srcSet="${uploaded.srcset}"`);
    expect(card).toContain(`sizes="${PHOTO_SIZES.card}"`);
    const plain = renderToString(<LazyImage photo={drawing} alt="" eager />);
    expect(plain).not.toMatch(/srcSet|sizes/);
  });

  it("show the gallery's main photo at the content's width and its thumbnails at a thumbnail's", () => {
    const html = renderToString(<PhotoGallery photos={[uploaded, drawing]} />);
    const [main] = attributes(html, 'img');
    expect(main).toContain(`sizes="${PHOTO_SIZES.page}"`);
    expect(main).toContain(`src="${uploaded.src}"`);
    // The thumbnails load when they come into view: without JavaScript the noscript copy carries the same sources.
    expect(html).toContain(`sizes="${PHOTO_SIZES.thumb}"`);
    expect(html.match(/srcSet=/g)).toHaveLength(2);
  });
});
