import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY, readConsent, writeConsent } from './consent-storage';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the stored cookie choice', () => {
  it('is read back as it was written', () => {
    writeConsent({ analytics: true, ads: false });
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('{"v":1,"analytics":true,"ads":false}');
    expect(readConsent()).toEqual({ analytics: true, ads: false });
  });

  it('is none when nothing was stored', () => {
    expect(readConsent()).toBeNull();
  });

  it.each([
    ['not JSON', '{"v":1,"analytics":tru'],
    ['JSON of another shape', '{"analytics":"yes","ads":false,"v":1}'],
    ['another version', '{"v":2,"analytics":true,"ads":true}'],
    ['null', 'null'],
    ['a string', '"granted"'],
  ])('is none, with a warning and never an exception, when the stored value is %s (the banner asks again)', (_title, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(CONSENT_STORAGE_KEY, raw);
    expect(readConsent()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be read; the visitor is asked again'));
  });

  it('survives blocked storage: reading finds none, writing warns', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Storage;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readConsent(blocked)).toBeNull();
    expect(() => writeConsent({ analytics: true, ads: true }, blocked)).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be kept'));
  });
});
