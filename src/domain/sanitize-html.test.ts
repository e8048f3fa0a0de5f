import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps ordinary content', () => {
    expect(sanitizeHtml('<h2>Terms</h2><p>Read <a href="/terms">these</a>.</p>')).toBe('<h2>Terms</h2><p>Read <a href="/terms">these</a>.</p>');
  });

  it.each([
    ['<img src=x onerror="alert(1)">', 'onerror'],
    ['<script>alert(1)</script>', '<script'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript:'],
    ['<iframe src="https://evil.example"></iframe>', 'iframe'],
    ['<p style="position:fixed;inset:0">x</p>', 'style='],
    ['<svg><animate onbegin="alert(1)"/></svg>', 'onbegin'],
    ['<form action="https://evil.example"><button formaction="https://evil.example">x</button></form>', 'formaction'],
    ['<base href="https://evil.example/">', '<base'],
  ])('removes the hostile part of %s', (html, forbidden) => {
    expect(sanitizeHtml(html)).not.toContain(forbidden);
  });
});
