import { describe, expect, it } from 'vitest';
import { withoutEventHandlerAttributes } from './event-handler-attributes';

describe('withoutEventHandlerAttributes', () => {
  it.each([
    ['<img src=x onerror="a()">', '<img src=x data-removed-onerror="a()">'],
    ['<img/onerror=a()>', '<img/data-removed-onerror=a()>'],
    ['<svg><animate ONBEGIN = "a()"/></svg>', '<svg><animate data-removed-ONBEGIN = "a()"/></svg>'],
    ['<input autofocus\nonfocus="a()">', '<input autofocus\ndata-removed-onfocus="a()">'],
    ['<a href="x"onclick="a()">x</a>', '<a href="x"data-removed-onclick="a()">x</a>'],
  ])('renames the handler in %j', (html, renamed) => {
    expect(withoutEventHandlerAttributes(html)).toBe(renamed);
  });

  it('leaves text and other attributes alone, however they are spelled', () => {
    const html = '<p class="online">Go on=now, tap onclick="x" in the text</p><input name="one" value="on">';
    expect(withoutEventHandlerAttributes(html)).toBe(html);
  });
});
