import { describe, expect, it } from 'vitest';
import { slugWords } from './similar-listings';

describe('slugWords', () => {
  it('keeps the words of a slug worth matching, each once', () => {
    expect(slugWords('sea-breeze-cottage-12')).toEqual(['sea', 'breeze', 'cottage']);
    expect(slugWords('Cove-cove-COMMONS')).toEqual(['cove', 'commons']);
    expect(slugWords('a-b-42')).toEqual([]);
  });

  it('reads hostile input as plain words, at most six', () => {
    expect(slugWords("x' OR '1'='1 <script>%_")).toEqual(['script']);
    expect(slugWords('one-two-three-four-five-six-seven-eight')).toHaveLength(6);
  });
});
