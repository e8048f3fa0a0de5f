/**
 * The listing document's checks (src/domain/owner/listing-validation.ts) and readiness
 * (readiness.ts): each field's rule with the path and message the editor shows next to it, and
 * over random documents that they never throw and every problem names a path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateListing, type ListingValidationContext } from '../../src/domain/owner/listing-validation.ts';
import { readiness } from '../../src/domain/owner/readiness.ts';
import { testDocument } from './test-document.ts';

const context: ListingValidationContext = {
  areas: ['coral-haven', 'sandpiper-bay'],
  amenities: ['hot-tub', 'pool'],
  types: ['Cottage', 'Condo'],
  embedOrigins: ['https://tours.example.com'],
  photoKnown: (key) => key.startsWith('aaaa'),
  propertyCodeTaken: (code) => code === 'CHC-1001',
};
const today = new Date().toISOString().slice(0, 10);
const paths = (document: unknown) => validateListing(document, context).map((problem) => problem.path);
const messageAt = (document: unknown, path: string) => validateListing(document, context).find((problem) => problem.path === path)?.message;

describe('validateListing', () => {
  it('finds nothing wrong with a whole listing', () => {
    expect(validateListing(testDocument(), context)).toEqual([]);
  });

  it('refuses HTML and script in text, naming the tag', () => {
    expect(messageAt(testDocument({ name: 'Sea <b>Breeze</b>' }), 'name')).toBe('Text only: remove the HTML tag <b>');
    const hostile = testDocument();
    hostile.description.neighbourhood = 'Lovely <script>alert(1)</script>';
    expect(messageAt(hostile, 'description.neighbourhood')).toBe('Text only: remove the HTML tag <script>');
    expect(messageAt(testDocument({ houseRules: 'end </p> here' }), 'houseRules')).toBe('Text only: remove the HTML tag </p>');
    // A '<' that opens no tag is text.
    expect(paths(testDocument({ houseRules: 'Guests < 4 years sleep free; 3 <= 4' }))).toEqual([]);
  });

  it('checks lengths, ranges, steps and patterns', () => {
    expect(messageAt(testDocument({ name: 'x'.repeat(51) }), 'name')).toBe('The name must be at most 50 characters (it has 51).');
    expect(paths(testDocument({ name: 'x'.repeat(50) }))).toEqual([]);
    expect(paths(testDocument({ name: '  ' }))).toEqual(['name']);
    expect(paths(testDocument({ name: 'Two\nlines' }))).toEqual(['name']);
    expect(paths(testDocument({ slug: 'Heron Hideaway' }))).toEqual(['slug']);
    expect(paths(testDocument({ slug: 'heron--hideaway' }))).toEqual(['slug']);
    expect(paths(testDocument({ latitude: 91, longitude: -181 }))).toEqual(['latitude', 'longitude']);
    expect(messageAt(testDocument({ bathrooms: 1.25 }), 'bathrooms')).toBe('Bathrooms go in steps of 0.5 (a half bath has no shower).');
    expect(paths(testDocument({ sleeps: 0 }))).toEqual(['sleeps']);
    expect(paths(testDocument({ sleeps: 51 }))).toEqual(['sleeps']);
    expect(paths(testDocument({ bedrooms: 1.5 }))).toEqual(['bedrooms']);
    expect(paths(testDocument({ checkInTime: '4pm', checkOutTime: '24:00' }))).toEqual(['checkInTime', 'checkOutTime']);
    expect(paths(testDocument({ propertyCode: 'CHC 1' }))).toEqual(['propertyCode']);
    expect(messageAt(testDocument({ propertyCode: 'CHC-1001' }), 'propertyCode')).toBe('Another listing has the property code CHC-1001.');
  });

  it('knows the site’s areas, types, amenities and photos', () => {
    expect(paths(testDocument({ area: 'atlantis', type: 'Castle' }))).toEqual(['type', 'area']);
    expect(paths(testDocument({ amenities: ['hot-tub', 'moat', 'hot-tub'] }))).toEqual(['amenities.1', 'amenities.2']);
    const photos = testDocument().photos;
    expect(paths(testDocument({ photos: [...photos, { ...photos[0]!, key: 'not-uploaded' }] }))).toEqual(['photos.6.key']);
    expect(paths(testDocument({ photos: [photos[0]!, photos[0]!] }))).toEqual(['photos.1.key']);
  });

  it('takes tours and videos from the allowed embed origins over https only', () => {
    expect(paths(testDocument({ virtualTourUrl: 'https://tours.example.com/t/1', videoUrl: '/media/videos/1001.html' }))).toEqual([]);
    expect(messageAt(testDocument({ virtualTourUrl: 'https://evil.example.net/t' }), 'virtualTourUrl')).toBe('The virtual tour link must come from https://tours.example.com.');
    expect(messageAt(testDocument({ videoUrl: 'http://tours.example.com/v' }), 'videoUrl')).toBe('The video link must be an https link.');
    expect(paths(testDocument({ videoUrl: 'javascript:alert(1)' }))).toEqual(['videoUrl']);
  });

  it('refuses fields a listing does not have and documents of another format', () => {
    expect(paths({ ...testDocument(), price: 3 })).toEqual(['price']);
    expect(paths({ ...testDocument(), format: 2 })).toEqual(['format']);
    expect(paths(null)).toEqual(['']);
  });

  it('checks the rate plan, leaving an unset base rate to the readiness check', () => {
    const unset = testDocument();
    unset.rates.baseNightlyCents = 0;
    expect(paths(unset)).toEqual([]);
    const negative = testDocument();
    negative.rates.baseNightlyCents = -5;
    expect(paths(negative)).toEqual(['rates.baseNightlyCents']);
    expect(paths({ ...testDocument(), rates: 'cheap' })).toEqual(['rates']);
  });

  it('never throws on random documents, and every problem has a path and a message', () => {
    const base = testDocument() as unknown as Record<string, unknown>;
    const mutated = fc.record({
      key: fc.constantFrom(...Object.keys(base), 'extra'),
      value: fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true, withBoxedValues: true }),
    });
    fc.assert(
      fc.property(fc.oneof(fc.anything({ maxDepth: 4, withNullPrototype: true }), fc.array(mutated, { maxLength: 6 }).map((changes) => Object.assign({ ...base }, ...changes.map((c) => ({ [c.key]: c.value }))))), (document) => {
        const problems = validateListing(document, context);
        for (const problem of problems) {
          expect(typeof problem.path).toBe('string');
          expect(problem.message.length).toBeGreaterThan(0);
        }
        const ready = readiness(document, { today });
        for (const list of [ready.guests, ready.google, ready.channels, ready.blocking]) for (const problem of list) expect(typeof problem.path).toBe('string');
        // A document without problems is a listing whose page can be made (a shape readiness can read).
        if (problems.length === 0) expect(ready.blocking.every((problem) => problem.path !== '')).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('readiness', () => {
  it('a whole listing is ready for guests, Google and the channels', () => {
    expect(readiness(testDocument(), { today })).toEqual({ guests: [], google: [], channels: [], blocking: [] });
  });

  it('says what guests miss: photos, a summary, rates; a photo without alt text blocks publishing', () => {
    const document = testDocument({ photos: [{ key: 'aaaa', caption: '', alt: ' ', width: 1600, height: 1067 }] });
    document.description.summary = '';
    document.rates.baseNightlyCents = 0;
    expect(readiness(document, { today }).guests.map((p) => p.path)).toEqual(['description.summary', 'rates.baseNightlyCents']);
    expect(readiness(document, { today }).blocking.map((p) => p.path)).toContain('photos.0.alt');
    expect(readiness(testDocument({ photos: [] }), { today }).guests.map((p) => p.path)).toEqual(['photos']);
  });

  it('blocks only what would break the page', () => {
    const document = testDocument({ name: '', slug: '', latitude: Number.NaN });
    document.rates.baseNightlyCents = 0;
    expect(readiness(document, { today }).blocking.map((p) => p.path)).toEqual(['name', 'slug', 'rates.baseNightlyCents', 'latitude']);
    expect(readiness(testDocument({ photos: [] }), { today }).blocking).toEqual([]);
  });

  it('asks for what Google’s VacationRental needs', () => {
    const document = testDocument({ propertyCode: '', photos: [], latitude: 0, longitude: 0 });
    expect(readiness(document, { today }).google.map((p) => p.path)).toEqual(['propertyCode', 'photos', 'latitude']);
  });

  it('asks for 6 landscape photos of at least 1024 × 683 for the channels', () => {
    const photos = testDocument().photos;
    const document = testDocument({ photos: [{ ...photos[0]!, width: 800, height: 533 }, { ...photos[1]!, width: 1200, height: 1600 }, ...photos.slice(2)] });
    expect(readiness(document, { today }).channels.map((p) => p.message)).toEqual([
      'This photo is 800 × 533; the channels ask for at least 1024 × 683.',
      'The channels ask for landscape photos: this one is portrait.',
    ]);
    expect(readiness(testDocument({ photos: photos.slice(0, 5) }), { today }).channels.map((p) => p.path)).toEqual(['photos']);
  });
});
