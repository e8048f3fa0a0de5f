import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { ensureDemoContent } from '../demo/seed.ts';
import { openTestDatabase } from '../test-support.ts';
import { buildSearchDocuments, eidOfSearchDocumentId, searchDocumentId } from './documents.ts';
import type { SearchDocument } from './types.ts';

const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));
const NOW = new Date('2026-11-22T12:00:00Z');

let database: OpenDatabase;
let mediaDir: string;
let documents: SearchDocument[];

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'documents-media-'));
  await ensureDemoContent(database.db, mediaDir, { today: NOW });
  documents = await buildSearchDocuments(database.db, settings);
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('buildSearchDocuments', () => {
  it('builds one document per accommodation unit, ids of the form {siteHash}-{indexId}-{eid}', () => {
    expect(documents).toHaveLength(320);
    const ids = new Set(documents.map((d) => d.id));
    expect(ids.size).toBe(320);
    for (const doc of documents) {
      expect(doc.id).toBe(`chc1-listings-${doc.entity_id}`);
      expect(doc.index_id).toBe('listings');
      expect(eidOfSearchDocumentId(settings, doc.id)).toBe(doc.entity_id);
    }
    expect(searchDocumentId(settings, 1001)).toBe('chc1-listings-1001');
  });

  it('carries the fields the facets, the result fields and the pages use, with the right types', () => {
    const facetFields = Object.values(settings.search.facets).map((f) => f.data.field);
    const resultFields = settings.search.fields.map((f) => f.solr_field);
    for (const doc of documents) {
      for (const field of [...facetFields, ...resultFields.filter((f) => f !== 'fs_rating')]) expect(doc, field).toHaveProperty(field);
      expect(doc.ss_vrfusion_site_property_code).toMatch(/^[A-Z]+-\d+$/);
      expect(typeof doc.ss_name).toBe('string');
      expect(doc.ts_name).toBe(doc.ss_name);
      expect(doc.ss_url).toBe(`/listing/${doc.ss_slug}`);
      expect(Number.isInteger(doc.is_bedrooms)).toBe(true);
      expect(Number.isInteger(doc.is_sleeps)).toBe(true);
      expect(typeof doc.fs_bathrooms).toBe('number');
      expect(Array.isArray(doc.sm_amenities)).toBe(true);
      expect(typeof doc.bs_virtual_tour).toBe('boolean');
      expect(doc.locs_location).toBe(`${doc.fs_lat},${doc.fs_lng}`);
      expect(typeof doc.tm_summary).toBe('string');
      expect(typeof doc.tm_description).toBe('string');
      expect(Number.isInteger(doc.is_review_count)).toBe(true);
      if (doc.is_review_count === 0) expect(doc).not.toHaveProperty('fs_rating');
      else expect(doc.fs_rating as number).toBeGreaterThanOrEqual(1);
      expect(doc.is_price_min as number).toBeGreaterThan(0);
      expect(doc.is_price_max as number).toBeGreaterThanOrEqual(doc.is_price_min as number);
      expect(doc.ss_image).toMatch(/^\/media\/.+/);
      expect(typeof doc.ss_image_caption).toBe('string');
      for (const value of Object.values(doc)) expect(value).not.toBeNull();
    }
    expect(documents.some((d) => (d.sm_amenities as string[]).length > 3)).toBe(true);
    expect(documents.some((d) => d.bs_virtual_tour === true)).toBe(true);
  });

  it('agrees with the listing pages on id, rating, area and amenities', async () => {
    const content = createContentService(database.db, settings, { now: () => NOW });
    const sample = documents[17]!;
    const listing = await content.listing(String(sample.ss_slug));
    expect(listing).not.toBeNull();
    expect(listing!.docId).toBe(sample.id);
    expect(listing!.propertyCode).toBe(sample.ss_vrfusion_site_property_code);
    expect(listing!.area).toBe(sample.ss_area);
    expect(listing!.rating).toBe(sample.fs_rating ?? null);
    expect(listing!.reviewCount).toBe(sample.is_review_count);
    expect(listing!.amenityCategories.flatMap((c) => c.amenities)).toEqual(sample.sm_amenities);
    expect(listing!.photos[0]!.src).toBe(sample.ss_image);
  });

  it('builds only the asked-for units, in eid order, and nothing for an empty list', async () => {
    const some = await buildSearchDocuments(database.db, settings, { eids: [documents[5]!.entity_id as number, documents[2]!.entity_id as number, 4999] });
    expect(some.map((d) => d.id)).toEqual([documents[2]!.id, documents[5]!.id]);
    expect(some[0]).toEqual(documents[2]);
    expect(await buildSearchDocuments(database.db, settings, { eids: [] })).toEqual([]);
  });

  it('reads the whole index in a handful of statements, not one per unit', async () => {
    let statements = 0;
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property === 'select' && typeof value === 'function') {
          return (...args: unknown[]) => {
            statements++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    await buildSearchDocuments(counting, settings);
    // the main select plus its three lateral subqueries, built once (the 'from' price is of the row's rate plan)
    expect(statements).toBe(4);
    const [row] = ((await database.db.execute(sql`select count(*)::int as n from units`)) as unknown as { rows: { n: number }[] }).rows;
    expect(row!.n).toBe(320);
  });
});
