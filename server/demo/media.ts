/**
 * Writes the generated image files of the demo content into the media directory, which the
 * server serves at /media/. Only missing or empty files are written, so a deleted media
 * directory is rebuilt on the next start and existing (possibly replaced) files are left alone.
 * Each file is written under a temporary name and renamed into place, so a start killed while
 * writing leaves no half-written file behind (issue 12: 11 zero-byte images that the restart
 * never rewrote), only a hidden temporary file, removed by the next start.
 */
import crypto from 'node:crypto';
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
/** A file being written: hidden (the media route does not serve dotfiles) and named by its writer. */
const TEMPORARY = /^\..+\.tmp-\d+-[0-9a-f]+$/;
/** A temporary file this old was left by a start that was killed (another server may be writing a newer one). */
const LEFTOVER_AGE_MS = 10 * 60_000;

/** Whether a media file must be (re)written: it is missing or empty. */
function needsWriting(file: string): boolean {
  try {
    return fs.statSync(file).size === 0;
  } catch {
    return true;
  }
}

/** Writes a file under a temporary name in its folder, then renames it into place (atomic on one file system). */
async function writeAtomically(file: string, content: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  await fs.promises.writeFile(temporary, content);
  await fs.promises.rename(temporary, file);
}

/**
 * Now on the file system's clock: the modification time of a file written this moment. Ages of
 * files are measured against it, not against the process's clock, which may differ (a moved
 * clock, another machine writing to shared storage): a file another server is writing right now
 * must never look old.
 */
function fileSystemNow(dir: string): number {
  const probe = path.join(dir, `.now.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  fs.writeFileSync(probe, '');
  try {
    return fs.statSync(probe).mtimeMs;
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

/** Removes what an interrupted start left: old temporary files in the folders about to be written. */
function removeLeftovers(dirs: Iterable<string>): void {
  let before: number | null = null;
  for (const dir of dirs) {
    before ??= fileSystemNow(dir) - LEFTOVER_AGE_MS;
    for (const name of fs.readdirSync(dir)) {
      if (!TEMPORARY.test(name)) continue;
      const file = path.join(dir, name);
      try {
        if (fs.statSync(file).mtimeMs < before) fs.rmSync(file, { force: true });
      } catch {
        // gone already: another server cleaned up
      }
    }
  }
}

/** Writes every missing or empty file; returns how many were written. */
export async function writeMissingMedia(mediaDir: string, photos: readonly MediaPhoto[], pages: readonly MediaPage[]): Promise<number> {
  const jobs: { file: string; render: () => string }[] = [];
  for (const photo of photos) {
    const scene = photo.scene;
    if (!isScene(scene)) continue; // an uploaded photo: nothing to draw
    const file = resolveMediaPath(mediaDir, photo.path);
    if (!file || !needsWriting(file)) continue;
    jobs.push({
      file,
      render: () => renderPhotoSvg({ scene, key: photo.path, title: photo.caption, description: photo.description || undefined }),
    });
  }
  for (const page of pages) {
    if (!page.url.startsWith(MEDIA_URL_PREFIX)) continue;
    const relative = page.url.slice(MEDIA_URL_PREFIX.length);
    const file = resolveMediaPath(mediaDir, relative);
    if (!file || !needsWriting(file)) continue;
    jobs.push({ file, render: () => renderTourHtml({ title: page.title, kind: page.kind, key: relative }) });
  }
  const dirs = new Set(jobs.map((job) => path.dirname(job.file)));
  for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
  removeLeftovers(dirs);
  for (let i = 0; i < jobs.length; i += PARALLEL_WRITES) {
    await Promise.all(jobs.slice(i, i + PARALLEL_WRITES).map((job) => writeAtomically(job.file, job.render())));
  }
  return jobs.length;
}
