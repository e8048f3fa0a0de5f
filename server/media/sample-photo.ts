/**
 * Photo-like pictures made with sharp, for the tests and the benchmark: broad patches of colour
 * (coarse noise enlarged) under fine grain, so they compress about as a camera's photo does (a
 * 12-megapixel one is a JPEG of a few MiB; a flat colour would make every encoder look fast and
 * every file tiny).
 */
import sharp from 'sharp';

export async function samplePhoto(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg', seed = 0): Promise<Buffer> {
  const noise = (w: number, h: number, sigma: number) => ({
    create: { width: w, height: h, channels: 3 as const, background: '#808080', noise: { type: 'gaussian' as const, mean: 128 + (seed % 7), sigma } },
  });
  const coarse = await sharp(noise(Math.max(2, Math.round(width / 16)), Math.max(2, Math.round(height / 16)), 60))
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const grain = await sharp(noise(width, height, 20)).blur(0.8).png({ compressionLevel: 1 }).toBuffer();
  const image = sharp(coarse).composite([{ input: grain, blend: 'overlay' }]);
  return (format === 'jpeg' ? image.jpeg({ quality: 92 }) : image[format]()).toBuffer();
}
