import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankFields, SITE_CONTENT_KINDS, slugOf, validateSiteContent, type SpecialFields } from './site-content';

const today = new Date().toISOString().slice(0, 10);
const daysFrom = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const special = (over: Partial<SpecialFields> = {}): SpecialFields => ({ ...blankFields('specials', today), title: 'Spring week', units: [1001], stayTo: daysFrom(today, 30), bookTo: daysFrom(today, 20), ...over });
const paths = (kind: Parameters<typeof validateSiteContent>[0], fields: unknown, checks = {}) => validateSiteContent(kind, fields, checks).map((p) => p.path);

describe('the site content checks', () => {
  it('take a well-filled special, and say what is wrong by field', () => {
    expect(validateSiteContent('specials', special(), { listings: new Set([1001]) })).toEqual([]);
    expect(paths('specials', special({ title: '', units: [], discountPercent: 0 }))).toEqual(['title', 'units', 'discountPercent']);
    expect(validateSiteContent('specials', special({ stayTo: daysFrom(today, -1) }))).toEqual([{ path: 'stayTo', message: 'Stays: the last day is before the first.' }]);
    expect(paths('specials', special({ bookFrom: '2026-02-30' }))).toEqual(['bookFrom']);
    expect(paths('specials', special({ minNights: 7, maxNights: 3 }))).toEqual(['maxNights']);
    expect(paths('specials', special({ units: [1001, 4242] }), { listings: new Set([1001]) })).toEqual(['units']);
  });

  it('refuse HTML in text fields, and the site’s own addresses as a page’s', () => {
    expect(validateSiteContent('pages', { slug: 'about', title: '<b>Hi</b>', text: 'x' })).toEqual([{ path: 'title', message: 'Text only: remove the HTML tag <b>' }]);
    expect(paths('pages', { slug: 'admin', title: 'Admin', text: 'x' })).toEqual(['slug']);
    expect(paths('pages', { slug: 'About Us', title: 'About', text: 'x' })).toEqual(['slug']);
    expect(paths('pages', { slug: 'about-us', title: 'About', text: 'x' }, { slugTaken: () => true })).toEqual(['slug']);
  });

  it('ask an event for its dates and pin, a thing to do for neither date', () => {
    const event = { ...blankFields('events', today), title: 'Regatta', slug: 'regatta', place: 'Harbor', area: 'north-beach', latitude: 29.5, longitude: -81.2, summary: 'Boats.' };
    expect(validateSiteContent('events', event, { areas: ['north-beach'] })).toEqual([]);
    expect(paths('events', { ...event, latitude: 0, longitude: 0 })).toEqual(['latitude']);
    expect(paths('events', { ...event, endDate: daysFrom(today, -3) })).toEqual(['endDate']);
    expect(paths('events', { ...event, kind: 'thing-to-do', beginDate: '', endDate: '' })).toEqual([]);
    expect(paths('events', { ...event, area: 'atlantis' }, { areas: ['north-beach'] })).toEqual(['area']);
  });

  it('ask every community photo for alt text, once each', () => {
    const photo = { key: 'abc', caption: '', alt: 'Guests on the beach', width: 1600, height: 1067 };
    expect(validateSiteContent('community', { photos: [photo] })).toEqual([]);
    expect(paths('community', { photos: [photo, { ...photo }, { ...photo, key: 'def', alt: ' ' }] })).toEqual(['photos.1', 'photos.2.alt']);
  });

  it('take the site’s name and contacts from many countries', () => {
    for (const phone of ['+1 555 0142', '+44 20 7946 0958', '(030) 1234-5678', '+81 3.1234.5678', '0612345678']) {
      expect(validateSiteContent('site', { name: 'Dune Stays', slogan: '', phone, email: 'hola@dünen.example' })).toEqual([]);
    }
    expect(paths('site', { name: '', slogan: '', phone: 'call me', email: 'nobody' })).toEqual(['name', 'phone', 'email']);
  });

  it('never throw, whatever is sent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SITE_CONTENT_KINDS), fc.anything(), (kind, fields) => {
        const problems = validateSiteContent(kind, fields);
        expect(Array.isArray(problems)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('make page addresses from titles in any script', () => {
    expect(slugOf('About us')).toBe('about-us');
    expect(slugOf('Café & Crêpes — Été 2027')).toBe('cafe-crepes-ete-2027');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (title) => {
        expect(slugOf(title)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
  });
});
