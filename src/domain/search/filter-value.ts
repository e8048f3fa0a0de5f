/**
 * Filter values of spec §5 Search: a value that contains a space, colon, slash or quote is
 * quoted and escaped; ranges and values already quoted or parenthesised are left as they are.
 *
 * Two choices beyond the spec's list, both so that no value can break the query parser:
 * any whitespace (tab, newline) counts as a space and a backslash also triggers quoting
 * (unquoted, `a\` escapes what follows it); the empty value becomes `""` (`field:` alone is
 * a syntax error, `field:""` matches nothing).
 */

/** A quoted phrase with every inner quote escaped: `"a \"b\" c"`. */
const QUOTED = /^"(?:[^"\\]|\\[\s\S])*"$/;
/** One range term: a quoted phrase or a run without spaces and brackets (`*`, `10`, `NOW-1DAY`, dates). */
const RANGE_TERM = String.raw`(?:"(?:[^"\\]|\\[\s\S])*"|[^\s"[\]{}]+)`;
/** `[a TO b]`, `{a TO b}` and the mixed forms `[a TO b}` / `{a TO b]`. */
const RANGE = new RegExp(String.raw`^[[{]\s*${RANGE_TERM}\s+TO\s+${RANGE_TERM}\s*[\]}]$`);
const NEEDS_QUOTING = /[\s:/"\\]/;

/**
 * True when the value is one parenthesised group: it opens with `(` whose matching `)` is
 * the last character (quotes and backslash escapes respected). `(a) OR (b)` is not one group.
 */
function isParenthesised(value: string): boolean {
  if (!value.startsWith('(') || !value.endsWith(')')) return false;
  let depth = 0;
  let inQuotes = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && char === '(') depth++;
    else if (!inQuotes && char === ')') {
      depth--;
      if (depth === 0) return i === value.length - 1;
    }
  }
  return false;
}

/**
 * True for a range or a value already quoted or parenthesised (spec §5): left as it is.
 *
 * @example isPreformattedValue('[* TO 100]') // true
 * @example isPreformattedValue('(a) OR (b)') // false: two groups, not one
 */
export function isPreformattedValue(value: string): boolean {
  return RANGE.test(value) || QUOTED.test(value) || isParenthesised(value);
}

/**
 * Formats a filter value for a Solr query (spec §5 Search).
 *
 * @example formatFilterValue('Sea View')   // '"Sea View"'
 * @example formatFilterValue('a "b"')      // '"a \\"b\\""'
 * @example formatFilterValue('[1 TO *]')   // '[1 TO *]' (a range, left as it is)
 * @example formatFilterValue('Seabright')  // 'Seabright'
 */
export function formatFilterValue(value: string): string {
  if (value === '') return '""';
  if (isPreformattedValue(value)) return value;
  if (!NEEDS_QUOTING.test(value)) return value;
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/**
 * Reverses {@link formatFilterValue} for display: a quoted phrase is unquoted and unescaped,
 * anything else (plain, range, group) is returned as it is.
 *
 * @example parseFilterValue('"Sea View"') // 'Sea View'
 */
export function parseFilterValue(formatted: string): string {
  if (!QUOTED.test(formatted)) return formatted;
  return formatted.slice(1, -1).replace(/\\([\s\S])/g, '$1');
}

/**
 * One filter query `field:value` with the value formatted.
 *
 * @example filterQuery('ss_area', 'North Shore') // 'ss_area:"North Shore"'
 */
export function filterQuery(field: string, value: string): string {
  return `${field}:${formatFilterValue(value)}`;
}
