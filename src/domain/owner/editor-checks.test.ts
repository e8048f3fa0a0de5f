import { describe, expect, it } from 'vitest';
import { basicProblems, centsFromUnits, editorProblems, documentDifferences, factorFromPercentOff, newListingProblems, percentOffFromFactor, unitsFromCents, valueAt, withValueAt } from './editor-checks';
import type { ListingContent } from './listing-content';

const listing = (): ListingContent => ({
  format: 1,
  propertyCode: 'CHC-1001',
  name: 'Dune House',
  nickname: '',
  slug: 'dune-house',
  type: 'House',
  area: 'north-beach',
  address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' },
  latitude: 1,
  longitude: 2,
  bedrooms: 2,
  bathrooms: 1.5,
  sleeps: 4,
  beds: 2,
  description: { summary: '', space: '', access: '', neighbourhood: '', transit: '', notes: '' },
  amenities: [],
  checkInTime: '16:00',
  checkOutTime: '10:00',
  houseRules: '',
  cancellationPolicy: '',
  virtualTourUrl: null,
  videoUrl: null,
  photos: [],
  rates: { baseNightlyCents: 15_000, weekendNights: [5, 6], weekendNightlyCents: null, minStay: 2, weeklyFactor: null, monthlyFactor: null, guestsIncluded: 4, extraGuestNightlyCents: 0, seasons: [], dates: [], fees: [], taxes: [] },
});

describe('money typed in units is kept in cents', () => {
  it('reads amounts with and without cents, and refuses what is not one', () => {
    expect(centsFromUnits('89.90')).toBe(8990);
    expect(centsFromUnits('120')).toBe(12_000);
    expect(centsFromUnits('1,250.5')).toBe(125_050);
    expect(centsFromUnits('12.345')).toBeNull();
    expect(centsFromUnits('abc')).toBeNull();
  });
  it('writes cents back as the owner typed them, so a round trip never multiplies twice', () => {
    for (const cents of [0, 5, 8990, 12_000, 125_050]) expect(centsFromUnits(unitsFromCents(cents))).toBe(cents);
    expect(unitsFromCents(null)).toBe('');
  });
  it('shows a rent factor as % off and back', () => {
    expect(percentOffFromFactor(0.95)).toBe(5);
    expect(factorFromPercentOff(12.5)).toBe(0.875);
    expect(factorFromPercentOff(0)).toBeNull();
    expect(percentOffFromFactor(null)).toBeNull();
  });
});

describe('fields by path', () => {
  it('reads and writes nested objects and array items without changing the original', () => {
    const before = { rates: { seasons: [{ name: 'High' }, { name: 'Low' }] } };
    const after = withValueAt(before, 'rates.seasons.1.name', 'Shoulder');
    expect(valueAt(after, 'rates.seasons.1.name')).toBe('Shoulder');
    expect(Array.isArray(after.rates.seasons)).toBe(true);
    expect(before.rates.seasons[1]?.name).toBe('Low');
    expect(valueAt(after, 'rates.nothing.here')).toBeUndefined();
  });
});

describe('the browser’s own checks', () => {
  it('passes a complete listing', () => {
    expect(basicProblems(listing())).toEqual([]);
  });
  it('names each required field that is missing, once', () => {
    const doc = { ...listing(), name: '', propertyCode: ' ', type: '', checkInTime: '4pm', rates: { ...listing().rates, baseNightlyCents: 0 } };
    expect(basicProblems(doc).map((p) => p.path)).toEqual(['name', 'propertyCode', 'type', 'rates.baseNightlyCents', 'checkInTime']);
  });
  it('also says, before anything is sent, what the server would refuse: HTML in text, overlapping seasons', () => {
    const base = listing();
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const season = { name: 'High', begin: today, end: later, nightlyCents: 20_000, weekendNightlyCents: null, minStay: 2, arrivalDays: [], departureDays: [] };
    const doc = { ...base, description: { ...base.description, summary: 'Lovely <script>x</script>' }, rates: { ...base.rates, seasons: [season, { ...season, name: 'Again' }] } };
    const problems = editorProblems(doc);
    expect(problems.find((p) => p.path === 'description.summary')?.message).toBe('Text only: remove the HTML tag <script>');
    expect(problems.some((p) => p.path.startsWith('rates.seasons.1') && /Overlaps/.test(p.message))).toBe(true);
    expect(editorProblems(base)).toEqual([]);
  });
  it('checks the Add a home dialog’s four fields', () => {
    expect(newListingProblems({ name: 'x'.repeat(51), propertyCode: '', area: '', type: 'House' }).map((p) => p.path)).toEqual(['name', 'propertyCode', 'area']);
    expect(newListingProblems({ name: 'Dune House', propertyCode: 'CHC-2001', area: 'north-beach', type: 'House' })).toEqual([]);
  });
});

describe('what differs between two versions', () => {
  it('lists changed leaves by path, and a changed list once', () => {
    const mine = listing();
    const theirs = { ...listing(), name: 'Dune Cottage', rates: { ...listing().rates, baseNightlyCents: 16_000 }, amenities: ['wifi'] };
    expect(documentDifferences(mine, theirs)).toEqual([
      { path: 'name', mine: 'Dune House', theirs: 'Dune Cottage' },
      { path: 'amenities', mine: [], theirs: ['wifi'] },
      { path: 'rates.baseNightlyCents', mine: 15_000, theirs: 16_000 },
    ]);
    expect(documentDifferences(mine, listing())).toEqual([]);
  });
});
