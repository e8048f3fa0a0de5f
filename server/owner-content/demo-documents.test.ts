/**
 * Every home the demo brings can be edited as it is: its document, read from the database the way
 * the owner's editor opens it, passes the same checks a save makes, so an owner who only renames a
 * demo home is never refused by a rule the demo itself breaks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateListing } from '../../src/domain/owner/listing-validation.ts';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import type { OpenDatabase } from '../db/client.ts';
import { units } from '../db/schema.ts';
import { ensureDemoContent } from '../demo/seed.ts';
import { openTestDatabase } from '../test-support.ts';
import { backfillListingVersions } from './backfill-versions.ts';
import { createListingStore } from './store.ts';

const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));
let database: OpenDatabase;
let mediaDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-documents-media-'));
  await ensureDemoContent(database.db, mediaDir, { today: new Date() });
  await backfillListingVersions(database.db, createListingStore({ db: database.db }));
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('the demo homes in the owner’s editor', () => {
  it('each saves as it is: no check refuses what the demo wrote', async () => {
    const store = createListingStore({ db: database.db });
    const options = await store.options();
    const eids = (await database.db.select({ eid: units.eid }).from(units)).map((row) => row.eid);
    expect(eids.length).toBeGreaterThan(300);
    const refused: string[] = [];
    for (const eid of eids) {
      const document = (await store.get(eid))?.published?.document;
      if (!document) {
        refused.push(`${eid}: no published document`);
        continue;
      }
      const problems = validateListing(document, {
        areas: options.areas.map((area) => area.slug),
        amenities: options.amenities.map((amenity) => amenity.slug),
        types: options.types,
        embedOrigins: settings.bt_virtual_tours.embed_origins ?? [],
        photoKnown: () => true,
      });
      refused.push(...problems.map((problem) => `${eid} ${problem.path}: ${problem.message}`));
    }
    expect(refused).toEqual([]);
  }, 120_000);
});
