import { describe, expect, it } from 'vitest';
import { csvCell, csvTable } from './csv.ts';

/** The dashboard's CSV exports: RFC 4180 quoting and no formula a spreadsheet would run. */
describe('CSV', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('beach, pool')).toBe('"beach, pool"');
    expect(csvCell('the "best" cabin')).toBe('"the ""best"" cabin"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });

  it('puts an apostrophe before text a spreadsheet would take for a formula (= + - @, tab, carriage return)', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 6')).toBe("'+33 6");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=x')).toBe("'\t=x");
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    // A `;`-separated spreadsheet splits at `;`: a leading one is neutralised and the cell quoted.
    expect(csvCell(';=cmd|x')).toBe('"\';=cmd|x"');
    expect(csvCell(';')).toBe('"\';"');
    // Only at the start: the same characters inside a text are left alone.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes a field holding `;`, so a `;`-separated spreadsheet keeps it one cell and starts no formula inside it', () => {
    expect(csvCell('a;=HYPERLINK("x")')).toBe('"a;=HYPERLINK(""x"")"');
    expect(csvTable(['term'], [['pool;=1+1']])).toBe('term\r\n"pool;=1+1"\r\n');
  });

  it('writes numbers as numbers (a negative number is not neutralised) and nothing for null', () => {
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(csvTable(['term', 'searches'], [['castle', 3], ['=cmd|x', 1]])).toBe("term,searches\r\ncastle,3\r\n'=cmd|x,1\r\n");
  });
});
