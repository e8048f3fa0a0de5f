import { describe, expect, it } from 'vitest';
import { isSiteFormAction } from './html-policy';

describe('isSiteFormAction', () => {
  it.each(['/rescms/order/share/send', ' /contact '])('keeps a form posting to this site: %s', (action) => {
    expect(isSiteFormAction(action)).toBe(true);
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', '/\\evil.example', 'javascript:alert(1)', '', 'share/send'])('refuses any other action: %s', (action) => {
    expect(isSiteFormAction(action)).toBe(false);
  });
});
