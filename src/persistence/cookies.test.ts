import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, setCookie } from './cookies';

afterEach(() => {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});

describe('cookies', () => {
  it('gives back what it wrote, whatever characters it holds', () => {
    const value = '["a;b","c d","é=%"]';
    setCookie('probe', value, 365);
    expect(document.cookie).not.toContain(';b');
    expect(getCookie('probe')).toBe(value);
  });

  it('reads only the cookie of that exact name', () => {
    document.cookie = 'probe2=two; path=/';
    document.cookie = 'xprobe=other; path=/';
    expect(getCookie('probe')).toBeUndefined();
    expect(getCookie('probe2')).toBe('two');
  });

  it('takes a value the server or js-cookie wrote, and treats a tampered encoding as unset', () => {
    expect(getCookie('a', 'a=%5B%22x%22%5D; b=1')).toBe('["x"]');
    expect(getCookie('a', 'b=1; a=%E0%A4%A')).toBeUndefined();
  });
});
