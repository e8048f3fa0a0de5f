import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import { removeLeftovers } from '../demo/media.ts';
import { samplePhoto } from './sample-photo.ts';

let dir: string;
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Processes the photos given, one after the other, saying `done` after each. */
const WRITER = `
import fs from 'node:fs';
const { processPhoto } = await import('./server/media/photo-pipeline.ts');
const [mediaDir, ...files] = process.argv.slice(1);
for (const file of files) {
  await processPhoto(fs.readFileSync(file), { mediaDir });
  process.stdout.write('done\\n');
}
`;

it('leaves whole files under real names when killed mid-upload, and nothing the next start does not remove', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-kill-'));
  const mediaDir = path.join(dir, 'media');
  const originals = await Promise.all([0, 1, 2].map(async (seed) => {
    const file = path.join(dir, `${seed}.jpg`);
    fs.writeFileSync(file, await samplePhoto(3000, 2000, 'jpeg', seed));
    return file;
  }));
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER, mediaDir, ...originals], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  // Killed while the second photo is being made or written.
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 40));
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));

  const uploads = path.join(mediaDir, 'uploads');
  const files = (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(uploads, name)).isFile());
  const real = files.filter((name) => !path.basename(name).startsWith('.'));
  // The first photo is complete: 5 widths in 2 formats.
  expect(real.length).toBeGreaterThanOrEqual(10);
  for (const name of real) {
    expect(path.basename(name)).toMatch(/^\d+\.(webp|jpg)$/);
    const meta = await sharp(path.join(uploads, name)).metadata();
    expect(meta.width).toBe(Number(path.basename(name).split('.')[0]));
    // A decoder reads every pixel of a whole file; a cut one fails.
    await sharp(path.join(uploads, name), { failOn: 'truncated' }).raw().toBuffer();
  }
  // What the killed writer left (if it was writing) is removed at the next start, and nothing else.
  const leftovers = files.filter((name) => path.basename(name).startsWith('.'));
  expect(removeLeftovers(mediaDir)).toBe(leftovers.length);
  const after = (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(uploads, name)).isFile());
  expect(after.sort()).toEqual(real.sort());
}, 60_000);
