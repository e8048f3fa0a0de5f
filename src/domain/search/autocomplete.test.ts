import { describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_LIMIT, AUTOCOMPLETE_MAX_LENGTH, shouldAutocomplete } from './autocomplete';

describe('shouldAutocomplete (spec §5, §9)', () => {
  it.each([
    ['', false],
    ['b', false],
    ['be', true],
    ['beach', true],
    ['sea ', false],
    ['sea view', true],
    ['sea view ', false],
    ['sea\t', false],
    ['  b', false],
    ['  be', true],
    ['é', false],
    ['éa', true],
    ['🌊', false],
    ['🌊🌊', true],
    ['a'.repeat(AUTOCOMPLETE_MAX_LENGTH), true],
    ['a'.repeat(AUTOCOMPLETE_MAX_LENGTH + 1), false],
  ])('%j → %s', (input, expected) => {
    expect(shouldAutocomplete(input)).toBe(expected);
  });

  it('asks for at most 10 suggestions', () => {
    expect(AUTOCOMPLETE_LIMIT).toBe(10);
  });
});
