/**
 * Field typing, text analysis and value formatting shared by the embedded search engine's
 * parser, index and engine. Pure functions, no I/O.
 */
import { SearchRequestError } from '../types.ts';

/** How a field is indexed: by its Solr dynamic-field prefix (Drupal search_api_solr naming). */
export type FieldKind = 'string' | 'int' | 'float' | 'bool' | 'date' | 'text' | 'location';

export interface FieldType {
  readonly kind: FieldKind;
  readonly multi: boolean;
}

const PREFIXES: readonly (readonly [string, FieldType])[] = [
  ['ss_', { kind: 'string', multi: false }],
  ['sm_', { kind: 'string', multi: true }],
  ['its_', { kind: 'int', multi: false }],
  ['itm_', { kind: 'int', multi: true }],
  ['is_', { kind: 'int', multi: false }],
  ['im_', { kind: 'int', multi: true }],
  ['fts_', { kind: 'float', multi: false }],
  ['ftm_', { kind: 'float', multi: true }],
  ['fs_', { kind: 'float', multi: false }],
  ['fm_', { kind: 'float', multi: true }],
  ['bs_', { kind: 'bool', multi: false }],
  ['bm_', { kind: 'bool', multi: true }],
  ['ds_', { kind: 'date', multi: false }],
  ['dm_', { kind: 'date', multi: true }],
  ['tm_', { kind: 'text', multi: true }],
  ['ts_', { kind: 'text', multi: false }],
  ['tus_', { kind: 'text', multi: false }],
  ['tum_', { kind: 'text', multi: true }],
  ['locs_', { kind: 'location', multi: false }],
  ['locm_', { kind: 'location', multi: true }],
];

const KEY_FIELD: FieldType = { kind: 'string', multi: false };

/**
 * The catch-all text field of the Solr config set (managed-schema.xml `_text_`): a copy of every
 * ts_/tm_ field and of ss_area, ss_type and sm_amenities, searched by bare words (df=_text_).
 */
export const CATCH_ALL_FIELD = '_text_';

/** Whether a field is copied into {@link CATCH_ALL_FIELD}, as the config set's copyField rules say. */
export function copiedToCatchAll(name: string): boolean {
  return name.startsWith('ts_') || name.startsWith('tm_') || name === 'ss_area' || name === 'ss_type' || name === 'sm_amenities';
}

/** The field type that Solr's schema gives a field name (`id`, `index_id` or a dynamic-field prefix), or undefined. */
export function fieldTypeFromName(name: string): FieldType | undefined {
  if (name === 'id' || name === 'index_id') return KEY_FIELD;
  if (name === CATCH_ALL_FIELD) return { kind: 'text', multi: true };
  for (const [prefix, type] of PREFIXES) if (name.startsWith(prefix) && name.length > prefix.length) return type;
  return undefined;
}

/** The type of a field without a known prefix, inferred from the first value seen. */
export function inferFieldType(value: unknown): FieldType | undefined {
  const multi = Array.isArray(value);
  const first: unknown = multi ? (value as unknown[]).find((v) => v !== null && v !== undefined) : value;
  if (typeof first === 'number') return { kind: 'float', multi };
  if (typeof first === 'boolean') return { kind: 'bool', multi };
  if (typeof first === 'string') return { kind: 'string', multi };
  return undefined;
}

export const isNumericKind = (kind: FieldKind): boolean => kind === 'int' || kind === 'float' || kind === 'date';

// ---------------------------------------------------------------------------------------------
// Text analysis: Unicode word tokens, diacritics folded, lower-cased, minimal English stemming.

/**
 * A word as Lucene's StandardTokenizer (Unicode word boundaries) finds it: letters, digits and
 * underscores ("ss_area"), and an apostrophe, colon or full stop between two letters ("captain's",
 * "a:b", "e.g") or a full stop, comma,
 * semicolon or apostrophe between two digits ("2.5", "1,000") stays inside the word. Splitting
 * "captain's" in two made documents longer than Solr counts them, and relevance orders differed.
 */
const WORD_SOURCE = String.raw`\p{Pc}*[\p{L}\p{N}][\p{L}\p{N}\p{Pc}]*(?:(?:(?<=\p{L})[':\u00b7\u2019.](?=\p{L})|(?<=\p{N})[.,;'\u2019](?=\p{N}))[\p{L}\p{N}\p{Pc}]+)*`;
const WORD = new RegExp(WORD_SOURCE, 'gu');
/** The words of a query for spellcheck: a colon there separates a field from its value. */
const QUERY_WORD_SOURCE = WORD_SOURCE.replace("[':", "['");
const MARKS = /\p{M}+/gu;

/** Lower-cases and strips diacritics ("Île" → "ile"). */
export function fold(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The surface words of a text (folded, unstemmed). */
export function words(text: string): string[] {
  // ASCII text (nearly every listing) without the Unicode regex, by the same rule as WORD: runs of
  // [a-z0-9_] holding a letter or digit, joined across ' : . between two letters and . , ; '
  // between two digits (scale.test.ts checks it against unicodeWords on random ASCII text).
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return unicodeWords(text);
  const lower = text.toLowerCase();
  const n = lower.length;
  const out: string[] = [];
  let i = 0;
  while (i < n) {
    if (!isWordChar(lower.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let hasAlnum = false;
    for (;;) {
      while (i < n && isWordChar(lower.charCodeAt(i))) {
        if (lower.charCodeAt(i) !== 95) hasAlnum = true;
        i++;
      }
      if (!hasAlnum || i + 1 >= n) break;
      const before = lower.charCodeAt(i - 1);
      const joiner = lower.charCodeAt(i);
      const after = lower.charCodeAt(i + 1);
      const letters = isLetter(before) && isLetter(after) && (joiner === 39 || joiner === 58 || joiner === 46);
      const digits = isDigit(before) && isDigit(after) && (joiner === 46 || joiner === 44 || joiner === 59 || joiner === 39);
      if (!letters && !digits) break;
      i++;
    }
    if (hasAlnum) out.push(lower.slice(start, i));
  }
  return out;
}

/**
 * Whether lower-cased ASCII text splits into words as plain runs of [a-z0-9]: it has no underscore
 * and no character that joins two letters (' : .) or two digits (. , ; ') into one word.
 */
export function plainAsciiWords(lower: string): boolean {
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c === 95) return false;
    if (i === 0 || i + 1 >= lower.length || !(c === 39 || c === 58 || c === 46 || c === 44 || c === 59)) continue;
    const before = lower.charCodeAt(i - 1);
    const after = lower.charCodeAt(i + 1);
    if (isLetter(before) && isLetter(after) && (c === 39 || c === 58 || c === 46)) return false;
    if (isDigit(before) && isDigit(after) && c !== 58) return false;
  }
  return true;
}

/** The surface words of any text by the Unicode rule (WORD), as {@link words} finds them in ASCII. */
export function unicodeWords(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

const isLetter = (c: number): boolean => c >= 97 && c <= 122;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** A lower-cased ASCII letter, digit or underscore (Unicode's connector punctuation in ASCII). */
const isWordChar = (c: number): boolean => isLetter(c) || isDigit(c) || c === 95;

/** Words with their start and end offsets in the original text (for spellcheck offsets). */
export function wordsWithOffsets(text: string): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  const re = new RegExp(QUERY_WORD_SOURCE, 'gu');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) out.push({ word: fold(m[0]), start: m.index, end: m.index + m[0].length });
  return out;
}

/**
 * Lucene's EnglishMinimalStemmer: plural "s" removal only ("villas" → "villa", "properties" → "property",
 * but "glass", "bus", "shoes" stay).
 */
export function stem(word: string): string {
  const len = word.length;
  if (len < 3 || word.charCodeAt(len - 1) !== 115 /* s */) return word;
  const c2 = word[len - 2];
  if (c2 === 'u' || c2 === 's') return word;
  if (c2 === 'e') {
    const c3 = word[len - 3];
    if (len > 3 && c3 === 'i' && word[len - 4] !== 'a' && word[len - 4] !== 'e') return word.slice(0, len - 3) + 'y';
    if (c3 === 'i' || c3 === 'a' || c3 === 'o' || c3 === 'e') return word;
  }
  return word.slice(0, len - 1);
}

/** Index/query analysis of a text field: folded words, stemmed. */
export function analyze(text: string): string[] {
  const out = words(text);
  for (let i = 0; i < out.length; i++) out[i] = stem(out[i]!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Numbers and dates.

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite number from a query string, or undefined. */
export function parseNumber(text: string): number | undefined {
  if (!NUMBER.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?/;
const MATH_STEP = /^(?:([+-])(\d{1,9})|\/)([A-Za-z]+)/;
const UNITS: Record<string, string> = {
  YEAR: 'YEAR', YEARS: 'YEAR', MONTH: 'MONTH', MONTHS: 'MONTH', DAY: 'DAY', DAYS: 'DAY', DATE: 'DAY',
  HOUR: 'HOUR', HOURS: 'HOUR', MINUTE: 'MINUTE', MINUTES: 'MINUTE', SECOND: 'SECOND', SECONDS: 'SECOND',
  MILLI: 'MILLI', MILLIS: 'MILLI', MILLISECOND: 'MILLI', MILLISECONDS: 'MILLI',
};

function addUnit(ms: number, unit: string, amount: number): number {
  const d = new Date(ms);
  switch (unit) {
    case 'YEAR': d.setUTCFullYear(d.getUTCFullYear() + amount); return d.getTime();
    case 'MONTH': d.setUTCMonth(d.getUTCMonth() + amount); return d.getTime();
    case 'DAY': return ms + amount * 86_400_000;
    case 'HOUR': return ms + amount * 3_600_000;
    case 'MINUTE': return ms + amount * 60_000;
    case 'SECOND': return ms + amount * 1000;
    default: return ms + amount;
  }
}

function roundUnit(ms: number, unit: string): number {
  const d = new Date(ms);
  switch (unit) {
    case 'YEAR': return Date.UTC(d.getUTCFullYear(), 0, 1);
    case 'MONTH': return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case 'DAY': return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    case 'HOUR': return Math.floor(ms / 3_600_000) * 3_600_000;
    case 'MINUTE': return Math.floor(ms / 60_000) * 60_000;
    case 'SECOND': return Math.floor(ms / 1000) * 1000;
    default: return ms;
  }
}

/** Applies Solr date math (`+1DAY`, `-2MONTHS`, `/DAY`, chained) to a time; undefined when malformed. */
export function applyDateMath(ms: number, math: string): number | undefined {
  let rest = math;
  let t = ms;
  while (rest.length > 0) {
    const m = MATH_STEP.exec(rest);
    if (!m) return undefined;
    const unit = UNITS[m[3]!.toUpperCase()];
    if (!unit) return undefined;
    t = m[1] ? addUnit(t, unit, (m[1] === '-' ? -1 : 1) * Number(m[2])) : roundUnit(t, unit);
    rest = rest.slice(m[0].length);
  }
  return Number.isFinite(t) ? t : undefined;
}

/** A date value (ISO 8601, or NOW, each optionally followed by date math) as epoch ms, or undefined. */
export function parseDate(text: string, now = Date.now()): number | undefined {
  if (text.startsWith('NOW')) return applyDateMath(now, text.slice(3));
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.slice(0, 3).padEnd(3, '0')));
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  if (!Number.isFinite(ms)) return undefined;
  return applyDateMath(ms, text.slice(m[0].length));
}

/** A document field value converted for a numeric field, or undefined when it is not one. */
export function toNumeric(kind: FieldKind, value: unknown): number | undefined {
  if (kind === 'date') {
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
    return typeof value === 'string' ? parseDate(value) : undefined;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return undefined;
  return kind === 'int' ? Math.trunc(n) : n;
}

/** A boolean field value as Solr reads it: "true", "T", "1"… are true, anything else false. */
export function toBool(value: unknown): 'true' | 'false' {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return value !== 0 ? 'true' : 'false';
  const s = String(value).trim().toLowerCase();
  return s.startsWith('t') || s === '1' || s === 'on' || s === 'yes' ? 'true' : 'false';
}

/** A value of a typed field as Solr writes it in facet keys ("3", "120.0", "2024-05-01T00:00:00Z"). */
export function formatValue(kind: FieldKind, value: string | number): string {
  if (typeof value === 'string') return value;
  if (kind === 'int') return String(value);
  if (kind === 'date') return formatDate(value);
  return Number.isInteger(value) && Math.abs(value) < 1e7 ? `${value}.0` : String(value);
}

export function formatDate(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/** Throws the engine's 400 error. */
export function fail(message: string): never {
  throw new SearchRequestError(message);
}
