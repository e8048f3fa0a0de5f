/**
 * Photo-like pictures made with sharp, for the tests and the benchmark: smooth colour across the
 * frame with fine grain, so they compress about as a camera's photo does (a flat colour would
 * make every encoder look fast and every file tiny).
 */
import sharp from 'sharp';

export async function samplePhoto(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg', seed = 0): Promise<Buffer> {
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128 + (seed % 7), sigma: 40 } } })
    .blur(1.2)
    .png({ compressionLevel: 1 })
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2a7"/><stop offset=".6" stop-color="#8ad"/><stop offset="1" stop-color="#d84"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.7"/><circle cx="${width * 0.7}" cy="${height * 0.3}" r="${height / 5}" fill="#fe8" opacity=".8"/></svg>`,
  );
  const image = sharp(grain).composite([{ input: gradient }]);
  return (format === 'jpeg' ? image.jpeg({ quality: 92 }) : image[format]()).toBuffer();
}
