import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_PAGES } from '../../../server/demo/pages';
import { pageHtmlToText, pageTextToHtml } from './page-text';

describe('a content page typed as text', () => {
  it('writes paragraphs, headings, lists, bold and links', () => {
    const html = pageTextToHtml('## Visit us\nOur office is on **Harbor Street**.\nOpen daily.\n\n- Keys at the office\n- [Directions](https://maps.example.com/office)\n\nSee [our terms](/terms-and-conditions).');
    expect(html).toBe(
      '<h2>Visit us</h2>\n<p>Our office is on <strong>Harbor Street</strong>.<br>\nOpen daily.</p>\n<ul>\n<li>Keys at the office</li>\n<li><a href="https://maps.example.com/office">Directions</a></li>\n</ul>\n<p>See <a href="/terms-and-conditions">our terms</a>.</p>',
    );
  });

  it('shows HTML and script typed into the text as text', () => {
    const html = pageTextToHtml('<script>alert(1)</script>\n<img src=x onerror=alert(1)> & "quotes"');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&amp; &quot;quotes&quot;');
  });

  it('links only to https, mail, phone and this site: a javascript: or protocol-relative link stays text', () => {
    for (const href of ['javascript:alert(1)', '//evil.example/x', 'http://plain.example', 'data:text/html,hi']) {
      const html = pageTextToHtml(`[click](${href})`);
      expect(html).not.toContain('<a ');
    }
    expect(pageTextToHtml('[write](mailto:stay@example.com)')).toContain('<a href="mailto:stay@example.com">write</a>');
  });

  it('reads the demo pages back into text that writes the same page', () => {
    for (const page of DEMO_PAGES) {
      const text = pageHtmlToText(page.body);
      expect(text.length).toBeGreaterThan(100);
      expect(pageHtmlToText(pageTextToHtml(text))).toBe(text);
      // Every word of the page survives the round trip.
      const words = (value: string) => value.replace(/<[^>]+>/g, ' ').replace(/&#39;|&amp;/g, ' ').split(/\W+/).filter(Boolean);
      expect(words(pageTextToHtml(text))).toEqual(words(page.body));
    }
  });

  it('reads back what it wrote, whatever the owner types', () => {
    const line = fc.stringMatching(/^[A-Za-z0-9 ,.!?'"<>&;:()*[\]/-]{1,40}$/);
    fc.assert(
      fc.property(fc.array(fc.oneof(line, line.map((l) => `## ${l}`), line.map((l) => `- ${l}`), fc.constant('')), { maxLength: 12 }), (lines) => {
        const html = pageTextToHtml(lines.join('\n'));
        expect(html).not.toMatch(/<(?!\/?(?:p|h2|ul|li|strong|a|br)\b)/);
        const text = pageHtmlToText(html);
        expect(pageTextToHtml(text)).toBe(html);
      }),
      { numRuns: 300 },
    );
  });
});
