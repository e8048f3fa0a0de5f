import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import { buildServer } from '../app.ts';
import { createContentService } from '../content/content-service.ts';
import { contentFingerprint } from '../content/content-version.ts';
import type { OpenDatabase } from '../db/client.ts';
import { units } from '../db/schema.ts';
import { ensureDemoContent } from '../demo/seed.ts';
import { createRankingService } from '../ranking/ranking-service.ts';
import type { PageRenderer } from '../renderer.ts';
import { openTestDatabase } from '../test-support.ts';
import { createEmbeddedEngine } from './engine/engine.ts';
import { createSearchService, indexImageFile, type SearchService } from './search-service.ts';
import type { SearchBackend, SearchDocument, SolrParams } from './types.ts';

const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));

/** Records what the service asks of the back end; holds the index as a map by id. */
function recordingBackend() {
  const index = new Map<string, SearchDocument>();
  const log: string[] = [];
  const selects: SolrParams[] = [];
  const backend: SearchBackend = {
    kind: 'embedded',
    async select(params) {
      selects.push(params);
      const docs = [...index.values()].slice(0, Number(params.get('rows')?.[0] ?? 10)).map((d) => ({ id: d.id }));
      return { responseHeader: { status: 0, QTime: 0, params: {} }, response: { numFound: index.size, start: 0, docs } };
    },
    async suggest(prefix) {
      return [...index.values()].map((d) => String(d.ss_name)).filter((name) => name.toLowerCase().startsWith(prefix.toLowerCase()));
    },
    async replaceAll(documents) {
      log.push(`replaceAll ${documents.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      index.clear();
      for (const doc of documents) index.set(doc.id, doc);
    },
    async update(documents, deletedIds) {
      log.push(`update ${documents.map((d) => d.id).join(',')} delete ${deletedIds.join(',')}`);
      for (const id of deletedIds) index.delete(id);
      for (const doc of documents) index.set(doc.id, doc);
    },
    async close() {
      log.push('close');
    },
  };
  return { backend, index, log, selects };
}

const renderer: PageRenderer = {
  render: async () => ({ kind: 'page', status: 200, title: 'Test', html: '<p>page</p>', failures: [] }) as unknown as Awaited<ReturnType<PageRenderer['render']>>,
  assets: () => ({ scripts: [], styles: [] }),
  close: async () => {},
};

let database: OpenDatabase;
let mediaDir: string;
let recording: ReturnType<typeof recordingBackend>;
let search: SearchService;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-service-media-'));
  await ensureDemoContent(database.db, mediaDir);
  recording = recordingBackend();
  search = createSearchService({ db: database.db, settings, backend: recording.backend });
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir,
    cookieSecret: 'test-secret-test-secret',
    search,
    ranking: createRankingService({ db: database.db, settings, secret: 'test-secret-test-secret' }),
  });
});

afterAll(async () => {
  await app?.close();
  await search?.close();
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('search service', () => {
  it('builds the whole index from the database', async () => {
    const result = await search.rebuild();
    expect(result.documents).toBe(320);
    expect(recording.index.size).toBe(320);
    expect(recording.index.get('chc1-listings-1001')?.index_id).toBe('listings');
  });

  it('refreshes edited units and removes deleted ones', async () => {
    const [first, second] = [...recording.index.values()];
    await database.db.update(units).set({ name: 'Zzyzx Renamed House' }).where(eq(units.eid, first!.entity_id as number));
    await database.db.delete(units).where(eq(units.eid, second!.entity_id as number));
    recording.log.length = 0;
    const result = await search.refresh([first!.entity_id as number, second!.entity_id as number, first!.entity_id as number]);
    expect(result).toEqual({ updated: 1, deleted: 1 });
    expect(recording.log).toEqual([`update ${first!.id} delete ${second!.id}`]);
    expect(recording.index.get(first!.id)?.ss_name).toBe('Zzyzx Renamed House');
    expect(recording.index.has(second!.id)).toBe(false);
    expect(await search.refresh([])).toEqual({ updated: 0, deleted: 0 });
  });

  it('runs index changes one at a time, in order', async () => {
    recording.log.length = 0;
    const eid = [...recording.index.values()][3]!.entity_id as number;
    await Promise.all([search.rebuild(), search.refresh([eid]), search.rebuild()]);
    expect(recording.log.map((line) => line.split(' ')[0])).toEqual(['replaceAll', 'update', 'replaceAll']);
    expect(recording.index.size).toBe(319);
  });
});

describe('the index snapshot', () => {
  it('fills the index from the snapshot while the content version is unchanged, and from the database when it changed', async () => {
    const file = path.join(mediaDir, 'search-snapshot.json');
    let version = await contentFingerprint(database.db);
    const snapshot = { file, version: async () => version };
    const first = recordingBackend();
    const writer = createSearchService({ db: database.db, settings, backend: first.backend, snapshot });
    expect(await writer.rebuild()).toMatchObject({ documents: 319, fromSnapshot: false });
    expect(fs.existsSync(file)).toBe(true);

    // A restart: the same content, so the database's listings are not read again.
    const eid = [...first.index.values()][0]!.entity_id as number;
    await database.db.update(units).set({ name: 'Snapshot Test House' }).where(eq(units.eid, eid));
    const second = recordingBackend();
    const reader = createSearchService({ db: database.db, settings, backend: second.backend, snapshot });
    expect(await reader.rebuild()).toMatchObject({ documents: 319, fromSnapshot: true });
    expect([...second.index.values()]).toEqual([...first.index.values()]);

    // The edit changed the content version: the next start reads the database and writes a new snapshot.
    version = await contentFingerprint(database.db);
    const third = recordingBackend();
    expect(await createSearchService({ db: database.db, settings, backend: third.backend, snapshot }).rebuild()).toMatchObject({ fromSnapshot: false });
    expect([...third.index.values()].find((d) => d.entity_id === eid)?.ss_name).toBe('Snapshot Test House');
    expect(await createSearchService({ db: database.db, settings, backend: recordingBackend().backend, snapshot }).rebuild()).toMatchObject({ fromSnapshot: true });
  });

  it('loads the index image of the embedded engine with the snapshot, and builds (and saves a new one) when it is damaged', async () => {
    const file = path.join(mediaDir, 'image-snapshot.json');
    const snapshot = { file, version: async () => 'image-test' };
    const ask = (s: SearchService) => s.backend.select(new Map([['q', ['cottage sea']], ['fl', ['id,score']], ['rows', ['20']], ['facet', ['true']], ['facet.field', ['ss_area', 'sm_amenities']]]));
    const builder = createSearchService({ db: database.db, settings, backend: createEmbeddedEngine(), snapshot });
    expect(await builder.rebuild()).toMatchObject({ documents: 319, fromSnapshot: false, fromImage: false });
    const image = indexImageFile(file);
    expect(fs.existsSync(image)).toBe(true);
    const expected = { ...(await ask(builder)), responseHeader: null };
    expect(expected.response.numFound).toBeGreaterThan(0);

    const restarted = createSearchService({ db: database.db, settings, backend: createEmbeddedEngine(), snapshot });
    expect(await restarted.rebuild()).toMatchObject({ documents: 319, fromSnapshot: true, fromImage: true });
    expect({ ...(await ask(restarted)), responseHeader: null }).toEqual(expected);
    // Whole documents, read from the snapshot's lines.
    const everything = (s: SearchService) => s.backend.select(new Map([['q', ['*:*']], ['fl', ['*']], ['rows', ['400']], ['sort', ['id asc']]]));
    expect((await everything(restarted)).response.docs).toEqual((await everything(builder)).response.docs);

    const bytes = fs.readFileSync(image);
    fs.writeFileSync(image, bytes.subarray(0, bytes.length >> 1));
    const repaired = createSearchService({ db: database.db, settings, backend: createEmbeddedEngine(), snapshot });
    expect(await repaired.rebuild()).toMatchObject({ documents: 319, fromSnapshot: true, fromImage: false });
    expect({ ...(await ask(repaired)), responseHeader: null }).toEqual(expected);
    // Saved again whole: the next start loads it.
    const next = createSearchService({ db: database.db, settings, backend: createEmbeddedEngine(), snapshot });
    expect(await next.rebuild()).toMatchObject({ fromSnapshot: true, fromImage: true });
    expect({ ...(await ask(next)), responseHeader: null }).toEqual(expected);
  });

  it('reads the database when the snapshot is damaged', async () => {
    const file = path.join(mediaDir, 'damaged-snapshot.json');
    fs.writeFileSync(file, '{"key": "1|x|y", "documents": [');
    const backend = recordingBackend();
    const service = createSearchService({ db: database.db, settings, backend: backend.backend, snapshot: { file, version: async () => 'y' } });
    expect(await service.rebuild()).toMatchObject({ documents: 319, fromSnapshot: false });
    // Rewritten: a header line (key, number of lines, their CRC), then one document per line.
    const written = fs.readFileSync(file);
    const lines = written.toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(1 + 319);
    expect(JSON.parse(lines[0]!)).toMatchObject({ key: expect.stringMatching(/^3\|/), lines: 319, crc: expect.any(Number) });
    expect(JSON.parse(lines[1]!).id).toMatch(/-\d+$/);
    expect(await service.rebuild()).toMatchObject({ documents: 319, fromSnapshot: true });
    // A snapshot cut short (its last line incomplete) is not used either.
    fs.writeFileSync(file, lines.slice(0, 100).join('\n') + '\n' + lines[100]!.slice(0, 40));
    expect(await service.rebuild()).toMatchObject({ documents: 319, fromSnapshot: false });
    // Nor one whose lines changed: a letter of a description, or a line taken out.
    const edited = Buffer.from(written);
    const at = edited.indexOf('tm_description') + 20;
    edited[at] = edited[at] === 0x61 ? 0x62 : 0x61;
    fs.writeFileSync(file, edited);
    expect(await service.rebuild()).toMatchObject({ documents: 319, fromSnapshot: false });
    fs.writeFileSync(file, [...lines.slice(0, 5), ...lines.slice(6), ''].join('\n'));
    expect(await service.rebuild()).toMatchObject({ documents: 319, fromSnapshot: false });
  });
});

describe('the server with search and ranking', () => {
  it('serves the proxy at the configured url and the autocomplete beside it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: settings.search.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'q=*:*&fq=index_id:listings&rows=5&wt=json&json.nl=map',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ response: { numFound: 319 } });
    expect(recording.selects.at(-1)?.get('rows')).toEqual(['5']);
    const refused = await app.inject({ method: 'POST', url: settings.search.url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'qt=/update' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: "Parameter 'qt' is not allowed" });
    const suggestions = await app.inject({ url: '/solr/autocomplete?q=Zzy' });
    expect(suggestions.json()).toEqual({ suggestions: ['Zzyzx Renamed House'] });
  });

  it('serves the ranking and keeps unknown API paths at 404', async () => {
    const query = new URLSearchParams({ cid: settings.ranking.cid, host_name: 'localhost', full_url: 'http://localhost/search', usage: 'search' });
    const ranking = await app.inject({ url: `/api/v2/${settings.ranking.segment}/ranking?${query}` });
    expect(ranking.statusCode).toBe(200);
    expect((ranking.json() as { entities: unknown[] }).entities).toHaveLength(319);
    const unknown = await app.inject({ url: '/api/v3/nothing' });
    expect(unknown.statusCode).toBe(404);
    const bad = await app.inject({ url: `/api/v2/${settings.ranking.segment}/ranking?usage=search` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'cid is required' });
  });
});
