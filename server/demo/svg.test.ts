import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { SCENES, renderPhotoSvg, renderTourHtml } from './svg.ts';

const { DOMParser } = new JSDOM('').window;

function parseSvg(svg: string): Document {
  return new DOMParser().parseFromString(svg, 'image/svg+xml');
}

describe('renderPhotoSvg', () => {
  it.each(SCENES)('draws a valid, small, titled SVG of the %s scene', (scene) => {
    for (const key of ['a', 'units/1001/1.svg', 'events/x.svg']) {
      const svg = renderPhotoSvg({ scene, key, title: `Caption of ${scene}`, description: 'A description' });
      const doc = parseSvg(svg);
      expect(doc.getElementsByTagName('parsererror').length).toBe(0);
      const root = doc.documentElement;
      expect(root.nodeName).toBe('svg');
      expect(root.getAttribute('role')).toBe('img');
      expect(root.getAttribute('viewBox')).toBe('0 0 1200 800');
      expect(root.getElementsByTagName('title')[0]?.textContent).toBe(`Caption of ${scene}`);
      expect(root.getElementsByTagName('desc')[0]?.textContent).toBe('A description');
      expect(svg.length).toBeLessThan(20_000);
      // Nothing is loaded from elsewhere: the only URL is the SVG namespace.
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|\/\/|<script|<image|<foreignObject/i);
      // Every referenced id is defined in the file.
      for (const [, id] of svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)) expect(doc.getElementById(id!)).not.toBeNull();
    }
  });

  it('is deterministic and varies with the key', () => {
    const a = renderPhotoSvg({ scene: 'living', key: 'k1', title: 'Living room' });
    expect(renderPhotoSvg({ scene: 'living', key: 'k1', title: 'Living room' })).toBe(a);
    expect(renderPhotoSvg({ scene: 'living', key: 'k2', title: 'Living room' })).not.toBe(a);
  });

  it('escapes the caption', () => {
    const svg = renderPhotoSvg({ scene: 'ocean', key: 'k', title: 'Tom & Jerry\'s <b>"view"</b>' });
    const doc = parseSvg(svg);
    expect(doc.getElementsByTagName('parsererror').length).toBe(0);
    expect(doc.getElementsByTagName('title')[0]?.textContent).toBe('Tom & Jerry\'s <b>"view"</b>');
  });
});

describe('renderTourHtml', () => {
  it('writes a self-contained animated page', () => {
    for (const kind of ['tour', 'video'] as const) {
      const html = renderTourHtml({ title: 'Salt <Life>', kind, key: 'tours/1001.html' });
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain('animateTransform');
      expect(html).toContain('Salt &lt;Life&gt;');
      expect(html.replace(/http:\/\/www\.w3\.org\/2000\/svg/g, '')).not.toMatch(/https?:|<script|src=/i);
      const doc = new JSDOM(html).window.document;
      expect(doc.querySelector('svg title')?.textContent).toContain('Salt <Life>');
    }
  });
});
