/**
 * Writes the generated image files of the demo content into the media directory, which the
 * server serves at /media/. Only missing or empty files are written, so a deleted media
 * directory is rebuilt on the next start and existing (possibly replaced) files are left alone.
 * Each file is written under a hidden temporary name, flushed to the disk (fsync) and renamed into
 * place, and the folder is flushed after the renames: a start killed while writing, or a machine
 * that loses power, leaves no empty or half-written file under the real name (issue 12: 11
 * zero-byte images that the restart never rewrote), only a temporary file. The media route never
 * serves those (app.ts: no dotfiles, no *.tmp), and every start removes the ones a dead writer
 * left anywhere in the media directory (issue 23 item 6: they used to stay, served as 200 with 0
 * bytes).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
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
/** This machine, in temporary names: a writer's process id means something only on its own machine. */
const HOST = crypto.createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
/** A file being written: hidden, named by its machine and process (`.a.svg.tmp-{host}-{pid}-{random}`); older names too. */
const TEMPORARY = /^\..+\.tmp-(?:([0-9a-f]{8})-)?(\d+)-[0-9a-f]+$|\.tmp$/;
/**
 * A temporary file this old was left by a writer that died: one file takes milliseconds to write.
 * Younger ones are left alone unless their writer was a dead process of this machine (another
 * server sharing the folder may be writing them now).
 */
const LEFTOVER_AGE_MS = 60_000;

/** The hidden name a file is written under before it is renamed into place (`pid`: its writer). */
export function temporaryName(file: string, pid = process.pid): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.tmp-${HOST}-${pid}-${crypto.randomBytes(4).toString('hex')}`);
}

/** Whether the media route may serve a path: never a hidden file or folder, never a temporary file. */
export function isServableMediaPath(pathname: string): boolean {
  return !/(^|\/)\./.test(pathname) && !/\.tmp(-[^/]*)?$/.test(pathname);
}

/** Whether a media file must be (re)written: it is missing, empty, or not a file. */
function needsWriting(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    return !stat.isFile() || stat.size === 0;
  } catch {
    return true;
  }
}

/**
 * Writes a file under a temporary name in its folder, flushes it to the disk, then renames it
 * into place (atomic on one file system); a failed write leaves no temporary file. Uploaded
 * photos (server/media/) are written with it too, so the cleanup at start knows their temporaries.
 */
export async function writeAtomically(file: string, content: string | Uint8Array): Promise<void> {
  const temporary = temporaryName(file);
  try {
    const handle = await fs.promises.open(temporary, 'wx', 0o644);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

/** Flushes a folder's entries (the renames) to the disk; a file system that cannot (Windows) is left to itself. */
export async function syncFolder(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(dir, 'r');
    await handle.sync();
  } catch {
    // EISDIR / EPERM where folders cannot be opened or synced
  } finally {
    await handle?.close();
  }
}

/** Whether a process of this machine is running. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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

/** Every folder under (and with) `root`. */
function foldersOf(root: string): string[] {
  const folders = [root];
  for (let i = 0; i < folders.length; i++) {
    for (const entry of fs.readdirSync(folders[i] as string, { withFileTypes: true })) {
      if (entry.isDirectory()) folders.push(path.join(folders[i] as string, entry.name));
    }
  }
  return folders;
}

/**
 * Removes what interrupted writers left anywhere under the media directory: temporary files of
 * dead processes of this machine, and any older than LEFTOVER_AGE_MS. Answers how many.
 */
export function removeLeftovers(mediaDir: string): number {
  if (!fs.existsSync(mediaDir)) return 0;
  let before: number | null = null;
  let removed = 0;
  for (const dir of foldersOf(mediaDir)) {
    for (const name of fs.readdirSync(dir)) {
      const match = TEMPORARY.exec(name);
      if (!match) continue;
      const file = path.join(dir, name);
      try {
        const [, host, pid] = match;
        const deadHere = host === HOST && pid !== undefined && Number(pid) !== process.pid && !isRunning(Number(pid));
        before ??= fileSystemNow(mediaDir) - LEFTOVER_AGE_MS;
        if (deadHere || fs.statSync(file).mtimeMs < before) {
          fs.rmSync(file, { force: true });
          removed++;
        }
      } catch {
        // gone already: another server cleaned up
      }
    }
  }
  return removed;
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
  removeLeftovers(mediaDir);
  const dirs = new Set(jobs.map((job) => path.dirname(job.file)));
  for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < jobs.length; i += PARALLEL_WRITES) {
    await Promise.all(jobs.slice(i, i + PARALLEL_WRITES).map((job) => writeAtomically(job.file, job.render())));
  }
  // The renames reach the disk too: after a power cut each file is either whole or missing (and rewritten).
  await Promise.all([...dirs].map(syncFolder));
  return jobs.length;
}
