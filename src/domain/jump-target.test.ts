import { describe, expect, it } from 'vitest';
import { resolveJumpTarget } from './jump-target';

const ORIGIN = 'https://coralhaven.example';

describe('resolveJumpTarget', () => {
  it.each([
    ['/events', `${ORIGIN}/events`],
    ['Events::/events', `${ORIGIN}/events`],
    ['x::/search#fq=ss_area:"Seabright"', `${ORIGIN}/search#fq=ss_area:%22Seabright%22`],
    [`${ORIGIN}/mytrip`, `${ORIGIN}/mytrip`],
    ['things-to-do', `${ORIGIN}/things-to-do`],
    ['a::/b::c', `${ORIGIN}/b::c`],
  ])('follows %j to %s', (value, url) => {
    expect(resolveJumpTarget(value, ORIGIN)).toEqual({ ok: true, url });
  });

  it.each([
    ['javascript:alert(1)', /scheme javascript:/],
    ['x::javascript:alert(1)', /scheme javascript:/],
    [' JaVaScRiPt:alert(1)', /scheme javascript:/],
    ['data:text/html,<script>alert(1)</script>', /scheme data:/],
    ['a::b::/c', /scheme b:/],
    ['//evil.example/phish', /protocol-relative/],
    ['x::\\\\evil.example', /protocol-relative/],
    ['/\\evil.example', /protocol-relative/],
    ['https://evil.example/', /other origin/],
    ['http://coralhaven.example/', /other origin/],
    ['java\tscript:alert(1)', /control characters/],
    ['', /empty/],
    ['x::', /empty/],
  ])('refuses %j', (value, reason) => {
    const result = resolveJumpTarget(value, ORIGIN);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
