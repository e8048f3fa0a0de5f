/**
 * Media writing leaves no empty or partial file and serves none (issue 23 item 6): a start killed
 * while writing used to leave empty hidden *.tmp files, served as 200 with 0 bytes and never
 * cleaned up (a later start, with nothing to write, never looked).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import type { PageRenderer } from '../renderer.ts';
import { openTestDatabase } from '../test-support.ts';
import { isServableMediaPath, removeLeftovers, temporaryName, writeMissingMedia } from './media.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
/** No page is rendered here (a stub: the page bundle is not loaded for a test that needs none). */
const renderer: PageRenderer = {
  render: () => Promise.reject(new Error('no pages in this test')),
  assets: () => ({ scripts: [], styles: [] }) as unknown as ReturnType<PageRenderer['assets']>,
  close: async () => {},
};
let mediaDir: string;
let database: OpenDatabase;
let app: FastifyInstance;

/** The id of a process of this machine that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  return child.pid as number;
}

const photo = (file: string) => ({ path: file, caption: 'Beach', description: '', scene: 'ocean' });

beforeAll(async () => {
  database = await openTestDatabase();
});

beforeEach(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'));
  await app?.close();
  app = await buildServer({ settings, content: createContentService(database.db, settings), renderer, mediaDir, cookieSecret: 'media-test-secret-media-test' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('writing media', () => {
  it('writes each file whole under its name, and leaves no temporary file', async () => {
    expect(await writeMissingMedia(mediaDir, [photo('units/1/1.svg'), photo('units/1/2.svg')], [])).toBe(2);
    const names = fs.readdirSync(path.join(mediaDir, 'units', '1')).sort();
    expect(names).toEqual(['1.svg', '2.svg']);
    for (const name of names) expect(fs.readFileSync(path.join(mediaDir, 'units', '1', name), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('a write that fails leaves no temporary file behind', async () => {
    // The file's place is taken by a folder: the rename fails.
    fs.mkdirSync(path.join(mediaDir, 'units', '2', '1.svg'), { recursive: true });
    await expect(writeMissingMedia(mediaDir, [photo('units/2/1.svg')], [])).rejects.toThrow();
    expect(fs.readdirSync(path.join(mediaDir, 'units', '2'))).toEqual(['1.svg']);
  });

  it('every start removes what a killed writer left anywhere in the media folder, even with nothing to write', async () => {
    await writeMissingMedia(mediaDir, [photo('units/3/1.svg')], []);
    const folder = path.join(mediaDir, 'units', '3');
    // Left a second ago by a writer of this machine that died; an older name left long ago.
    const killed = temporaryName(path.join(folder, '2.svg'), deadPid());
    fs.writeFileSync(killed, '');
    const legacy = path.join(folder, '3.svg.tmp');
    fs.writeFileSync(legacy, '');
    const longAgo = new Date(fs.statSync(legacy).mtimeMs - 3_600_000);
    fs.utimesSync(legacy, longAgo, longAgo);
    // Being written right now by another server sharing the folder: left alone.
    const busy = path.join(folder, '.4.svg.tmp-0a0b0c0d-4242-00ff00ff');
    fs.writeFileSync(busy, '<svg');

    expect(await writeMissingMedia(mediaDir, [photo('units/3/1.svg')], [])).toBe(0);
    expect(fs.existsSync(killed)).toBe(false);
    expect(fs.existsSync(legacy)).toBe(false);
    expect(fs.existsSync(busy)).toBe(true);
    expect(removeLeftovers(mediaDir)).toBe(0);
  });
});

describe('serving media', () => {
  it('never serves a temporary or hidden file, only whole files under their names (they were 200 with 0 bytes)', async () => {
    await writeMissingMedia(mediaDir, [photo('units/4/1.svg')], []);
    const folder = path.join(mediaDir, 'units', '4');
    fs.writeFileSync(path.join(folder, '.2.svg.tmp-0a0b0c0d-1-00ff00ff'), '');
    fs.writeFileSync(path.join(folder, '3.svg.tmp'), '');
    fs.writeFileSync(path.join(folder, '.hidden.svg'), '<svg/>');
    const whole = await app.inject({ url: '/media/units/4/1.svg' });
    expect(whole.statusCode).toBe(200);
    expect(whole.body.length).toBeGreaterThan(100);
    for (const name of ['.2.svg.tmp-0a0b0c0d-1-00ff00ff', '3.svg.tmp', '.hidden.svg']) {
      expect((await app.inject({ url: `/media/units/4/${name}` })).statusCode, name).toBe(404);
    }
  });

  it('knows which paths may be served', () => {
    expect(isServableMediaPath('/units/1/1.svg')).toBe(true);
    expect(isServableMediaPath('/tours/1001.html')).toBe(true);
    for (const bad of ['/units/1/.1.svg.tmp-abc-1-ff', '/units/1/1.svg.tmp', '/.git/config', '/units/.x/1.svg', '/a.tmp-1']) expect(isServableMediaPath(bad), bad).toBe(false);
  });
});
