/**
 * Writes the generated image files of the demo content into the media directory, which the
 * server serves at /media/. Only missing files are written, so a deleted media directory is
 * rebuilt on the next start and existing (possibly replaced) files are left alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isScene, renderPhotoSvg, renderTourHtml } from './svg.ts';

export const MEDIA_URL_PREFIX = '/media/';

export interface MediaPhoto {
  path: string;
  caption: string;
  description: string;
  scene: string | null;
}

export interface MediaPage {
  /** Public URL under /media/, e.g. `/media/tours/1001.html`. */
  url: string;
  title: string;
  kind: 'tour' | 'video';
}

/** The file of a media path, or null when the path would leave the media directory. */
export function resolveMediaPath(mediaDir: string, relative: string): string | null {
  if (!relative || relative.includes('\0') || path.isAbsolute(relative)) return null;
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Files written at once: enough to overlap disk latency, well below open-file limits. */
const PARALLEL_WRITES = 64;

/** Writes every missing file; returns how many were written. */
export async function writeMissingMedia(mediaDir: string, photos: readonly MediaPhoto[], pages: readonly MediaPage[]): Promise<number> {
  const jobs: { file: string; render: () => string }[] = [];
  for (const photo of photos) {
    const scene = photo.scene;
    if (!isScene(scene)) continue; // an uploaded photo: nothing to draw
    const file = resolveMediaPath(mediaDir, photo.path);
    if (!file || fs.existsSync(file)) continue;
    jobs.push({
      file,
      render: () => renderPhotoSvg({ scene, key: photo.path, title: photo.caption, description: photo.description || undefined }),
    });
  }
  for (const page of pages) {
    if (!page.url.startsWith(MEDIA_URL_PREFIX)) continue;
    const relative = page.url.slice(MEDIA_URL_PREFIX.length);
    const file = resolveMediaPath(mediaDir, relative);
    if (!file || fs.existsSync(file)) continue;
    jobs.push({ file, render: () => renderTourHtml({ title: page.title, kind: page.kind, key: relative }) });
  }
  for (const dir of new Set(jobs.map((job) => path.dirname(job.file)))) fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < jobs.length; i += PARALLEL_WRITES) {
    await Promise.all(jobs.slice(i, i + PARALLEL_WRITES).map((job) => fs.promises.writeFile(job.file, job.render())));
  }
  return jobs.length;
}
