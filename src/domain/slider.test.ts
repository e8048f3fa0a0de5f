import { describe, expect, it } from 'vitest';
import siteJson from '../../config/site.json';
import { parseSiteSettings } from './settings';
import { circularDistance, embeddableUrl, listingSliderLook, slideAlt, slideCaption, slidesToLoad, tourSliderLook } from './slider';

const settings = parseSiteSettings(siteJson);

describe('the slider slide caption rule (spec §3)', () => {
  it("marks a slide captioned 'Community photos' as a community photo and removes the caption", () => {
    expect(slideCaption('Community photos')).toEqual({ community: true, caption: '' });
    expect(slideCaption('  Community photos ')).toEqual({ community: true, caption: '' });
  });

  it('keeps any other caption and does not mark the slide', () => {
    expect(slideCaption('Sunset over the pier')).toEqual({ community: false, caption: 'Sunset over the pier' });
    expect(slideCaption('Community photos of the pier')).toEqual({ community: false, caption: 'Community photos of the pier' });
    expect(slideCaption('community photos')).toEqual({ community: false, caption: 'community photos' });
  });

  it("describes an image by what it shows, never by the 'Community photos' marker", () => {
    expect(slideAlt({ caption: 'Community photos', description: 'Children building a sandcastle' }, 'Community photo 1')).toBe('Children building a sandcastle');
    expect(slideAlt({ caption: 'Community photos' }, 'Community photo 3')).toBe('Community photo 3');
    expect(slideAlt({ caption: 'Pool', description: ' ' }, 'x')).toBe('Pool');
  });
});

describe('which slides load (spec §9 Listing slider: preloads 2)', () => {
  it('loads the shown slide and 2 on each side, around the loop', () => {
    expect(slidesToLoad([], 0, 10, 2)).toEqual([0, 1, 2, 8, 9]);
    expect(slidesToLoad([], 5, 10, 2)).toEqual([3, 4, 5, 6, 7]);
  });

  it('keeps what was loaded when the slider moves on', () => {
    expect(slidesToLoad([0, 1, 2, 8, 9], 3, 10, 2)).toEqual([0, 1, 2, 3, 4, 5, 8, 9]);
  });

  it('loads every slide of a short slider, once', () => {
    expect(slidesToLoad([], 0, 3, 2)).toEqual([0, 1, 2]);
    expect(slidesToLoad([], 0, 1, 2)).toEqual([0]);
  });

  it('measures distance round the loop', () => {
    expect(circularDistance(0, 9, 10)).toBe(1);
    expect(circularDistance(2, 7, 10)).toBe(5);
  });
});

describe('the site settings the sliders read (spec §3)', () => {
  it('gives the listing slider the aspect ratio of vrw.rs_aspect and the sizes of spec §9', () => {
    const look = listingSliderLook(settings.vrw.rs_aspect);
    expect(look.aspect).toBe(settings.vrw.rs_aspect);
    expect(look).toMatchObject({ centerArea: 0.55, breakpointCenterArea: 0.64, maxHeight: { desktop: 320 }, mobile: { centerArea: 1, maxHeight: 500 } });
  });

  it('builds the tour slider from bt_virtual_tours.options', () => {
    const options = {
      'bt.responsiveRS': true,
      'bt.max_height': 560,
      'bt.breakpoint': 767,
      'bt.breakpointCenterArea': 0.64,
      'visibleNearby.centerArea': 0.55,
      slidesSpacing: 4,
      autoScaleSliderWidth: 960,
      autoScaleSliderHeight: 540,
    };
    expect(tourSliderLook(options)).toEqual({ centerArea: 0.55, breakpointCenterArea: 0.64, breakpoint: 768, aspect: 960 / 540, maxHeight: { desktop: 560 }, spacing: 4 });
    // Not responsive: the slider keeps its set width; no max height: the set height.
    expect(tourSliderLook({ ...options, 'bt.responsiveRS': false, 'bt.max_height': 0 })).toMatchObject({ maxWidth: 960, maxHeight: { desktop: 540 } });
    // No nearby slides configured (0): the centre slide takes the whole width.
    expect(tourSliderLook({ ...options, 'visibleNearby.centerArea': 0 }).centerArea).toBe(1);
  });

  it('refuses embed origins that are not https origins, naming the setting', () => {
    const bad = structuredClone(siteJson) as unknown as { bt_virtual_tours: { embed_origins?: string[] } };
    for (const origin of ['http://tours.example.com', 'https://tours.example.com/path', "https://x.example 'unsafe-inline'", '*']) {
      bad.bt_virtual_tours.embed_origins = [origin];
      expect(() => parseSiteSettings(bad)).toThrow(/bt_virtual_tours\.embed_origins\.0: must be an https origin/);
    }
  });

  it('frames a tour of this site or of an allowed origin only', () => {
    const allowed = ['https://tours.example.com'];
    expect(embeddableUrl('/media/tours/1001.html', allowed)).toBe(true);
    expect(embeddableUrl('https://tours.example.com/t/1', allowed)).toBe(true);
    expect(embeddableUrl('https://TOURS.example.com/t/1', allowed)).toBe(true);
    expect(embeddableUrl('http://tours.example.com/t/1', allowed)).toBe(false);
    expect(embeddableUrl('https://tours.example.com.evil.example/t', allowed)).toBe(false);
    expect(embeddableUrl('//evil.example/t', allowed)).toBe(false);
    expect(embeddableUrl('/\\evil.example/t', allowed)).toBe(false);
    expect(embeddableUrl('javascript:alert(1)', allowed)).toBe(false);
    expect(embeddableUrl('https://other.example/t', allowed)).toBe(false);
  });
});
