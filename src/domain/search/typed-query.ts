/**
 * What a visitor types into the search box, made into a query the search back end always
 * accepts (issue 11: `Ocean: view` or `beach"` answered 400 and the page said search was not
 * available). Lenient in the way Solr's edismax is with user input:
 *
 * - a balanced `"quoted phrase"` stays a phrase; an unbalanced quote is dropped;
 * - `field:value` is a field query only for a field the search knows (its facets and fields)
 *   with a value of that field's kind (a number for `is_`/`fs_`… fields); any other colon is text;
 * - `AND`, `OR` and `NOT` (and `&&`, `||`) count only between (before, for NOT) words; a stray
 *   one, and `+`, `-`, `!` with nothing after them, are ignored;
 * - every other character the query syntax gives a meaning (`( ) [ ] { } ^ ~ : / \` …) is
 *   escaped and searched as text; a word may end in `*` (a prefix search) up to the back end's
 *   caps, beyond which the `*` is text too;
 * - at most {@link MAX_TYPED_LENGTH} characters and {@link MAX_TYPED_CLAUSES} words are read.
 *
 * The hash keeps what the visitor typed (it is shown back: '12 rentals for “beach"”'); only the
 * request carries this form.
 */

export const MAX_TYPED_LENGTH = 500;
/** Well below the search proxy's 100 clauses, leaving room for the filters. */
export const MAX_TYPED_CLAUSES = 40;
/** Prefix searches one typed query may hold (the proxy allows 10 in all of a request). */
export const MAX_TYPED_PREFIXES = 4;
/** Longest word that may end in `*` (the proxy's wildcard pattern cap is 40). */
const MAX_PREFIX_LENGTH = 30;

/** Characters the Lucene query syntax gives a meaning, escaped with a backslash in a term. */
const SPECIAL = /[\\+\-!():^[\]"{}~*?|&/]/g;
/** Whitespace, control and the separators the parser treats as whitespace. */
// eslint-disable-next-line no-control-regex
const SPACE = /[\s\u0000-\u001f\u007f\u00a0\u3000]+/g;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)$/;

type Kind = 'text' | 'number' | 'bool' | null;

/** What a field name holds, by its Solr dynamic-field prefix (null: not searchable by value here). */
function fieldKind(name: string): Kind {
  const prefix = /^([a-z]+)_/.exec(name)?.[1];
  switch (prefix) {
    case 'ss':
    case 'sm':
    case 'ts':
    case 'tm':
      return 'text';
    case 'is':
    case 'im':
    case 'its':
    case 'itm':
    case 'fs':
    case 'fm':
    case 'fts':
    case 'ftm':
      return 'number';
    case 'bs':
    case 'bm':
      return 'bool';
    default:
      return null;
  }
}

/** A term with every query-syntax character escaped (`Ocean:` → `Ocean\:`). */
export function escapeTerm(text: string): string {
  return text.replace(SPECIAL, (char) => `\\${char}`);
}

type Piece = { kind: 'op'; op: 'AND' | 'OR' | 'NOT' } | { kind: 'clause'; text: string; mod: '+' | '-' | '' };

const OPERATORS = new Map<string, 'AND' | 'OR' | 'NOT'>([
  ['AND', 'AND'],
  ['&&', 'AND'],
  ['OR', 'OR'],
  ['||', 'OR'],
  ['NOT', 'NOT'],
]);

/** Splits the text into words and balanced quoted phrases; an unbalanced quote is dropped. */
function split(text: string): { word: string; phrase: boolean }[] {
  const parts: { word: string; phrase: boolean }[] = [];
  let rest = text;
  while (rest.length > 0) {
    const quote = rest.indexOf('"');
    const close = quote < 0 ? -1 : rest.indexOf('"', quote + 1);
    const before = close < 0 ? rest.replaceAll('"', ' ') : rest.slice(0, quote);
    for (const word of before.split(' ')) if (word !== '') parts.push({ word, phrase: false });
    if (close < 0) break;
    const phrase = rest.slice(quote + 1, close).trim();
    if (phrase !== '') parts.push({ word: phrase, phrase: true });
    rest = rest.slice(close + 1);
  }
  return parts;
}

/** One word as a clause: its +/- prefix, a known field's query or the escaped text. */
function clauseOf(word: string, fields: ReadonlySet<string>, prefixes: { left: number }): Piece | null {
  let mod: '+' | '-' | '' = '';
  let body = word;
  const sign = /^[+\-!]+/.exec(body)?.[0];
  if (sign) {
    body = body.slice(sign.length);
    mod = sign.endsWith('+') ? '+' : '-';
  }
  if (body === '') return null;
  const colon = body.indexOf(':');
  if (colon > 0) {
    const name = body.slice(0, colon);
    const value = body.slice(colon + 1);
    const kind = fields.has(name) && FIELD.test(name) ? fieldKind(name) : null;
    const fits =
      value !== '' &&
      (kind === 'text' || (kind === 'number' && NUMBER.test(value)) || (kind === 'bool' && (value === 'true' || value === 'false')));
    if (fits) return { kind: 'clause', mod, text: `${name}:${escapeTerm(value)}` };
  }
  // A trailing '*' is a prefix search while the request has room for one.
  const stem = body.endsWith('*') ? body.replace(/\*+$/, '') : null;
  if (stem !== null && stem.length >= 2 && stem.length <= MAX_PREFIX_LENGTH && !/[*?]/.test(stem) && prefixes.left > 0) {
    prefixes.left--;
    return { kind: 'clause', mod, text: `${escapeTerm(stem)}*` };
  }
  // After a sign, an operator word is a word ('-OR'): escaped so that it is not read as the operator.
  return { kind: 'clause', mod, text: OPERATORS.has(body) ? `\\${body}` : escapeTerm(body) };
}

/**
 * One value of a group: a well-formed quoted phrase, or a run without query characters that does not
 * start with a sign and is not an operator word (`id:(- OR x)` would be a syntax error).
 */
const GROUP_VALUE = String.raw`(?:"(?:[^"\\]|\\.)*"|(?![-+])(?!(?:AND|OR|NOT)[\s)])[^\s()"\\:*?{}[\]^~!+&|/]+)`;
const GROUP = new RegExp(String.raw`^([A-Za-z_][A-Za-z0-9_]*):\((${GROUP_VALUE}(?: OR ${GROUP_VALUE})*)\)$`);
/** Most values in one group (the proxy allows 100 clauses in a request). */
const MAX_GROUP_VALUES = 90;

/**
 * `field:(a OR "b c" …)` on the key field `id` or a text field of the search, as the favourites
 * view's address carries it (favourites-view.ts): passed as it is; null for anything else.
 */
function valueGroup(text: string, fields: ReadonlySet<string>): string | null {
  const match = GROUP.exec(text);
  if (!match) return null;
  const field = match[1] as string;
  if (field !== 'id' && !(fields.has(field) && fieldKind(field) === 'text')) return null;
  return (match[2] as string).split(' OR ').length <= MAX_GROUP_VALUES ? text : null;
}

/**
 * The query the back end is sent for what the visitor typed; '' when nothing searchable is left
 * (the search then shows everything, as for an empty box).
 *
 * @example typedQuery('Ocean: view', new Set())            // 'Ocean\\: view'
 * @example typedQuery('beach"', new Set())                 // 'beach'
 * @example typedQuery('"sea view" AND', new Set())         // '"sea view"'
 * @example typedQuery('ss_area:Seabright', new Set(['ss_area'])) // 'ss_area:Seabright'
 */
export function typedQuery(typed: string, fields: ReadonlySet<string> = new Set()): string {
  const group = valueGroup(typed.trim(), fields);
  if (group !== null) return group;
  const text = typed.slice(0, MAX_TYPED_LENGTH).replace(SPACE, ' ');
  const prefixes = { left: MAX_TYPED_PREFIXES };
  const pieces: Piece[] = [];
  let clauses = 0;
  for (const { word, phrase } of split(text)) {
    if (clauses >= MAX_TYPED_CLAUSES) break;
    const op = phrase ? undefined : OPERATORS.get(word);
    const piece: Piece | null = phrase
      ? // Every query character escaped in a phrase too: the proxy refuses `{!` and `_val_:` anywhere.
        { kind: 'clause', mod: '', text: `"${escapeTerm(word)}"` }
      : op
        ? { kind: 'op', op }
        : clauseOf(word, fields, prefixes);
    if (piece === null) continue;
    if (piece.kind === 'clause') clauses++;
    pieces.push(piece);
  }
  // Operators only where they join (AND, OR) or precede (NOT) a clause; NOT becomes '-'.
  const out: string[] = [];
  let last: 'clause' | 'op' | null = null;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.kind === 'clause') {
      out.push(`${piece.mod}${piece.text}`);
      last = 'clause';
      continue;
    }
    const next = pieces[i + 1];
    if (next?.kind !== 'clause') continue;
    if (piece.op === 'NOT') {
      pieces[i + 1] = { ...next, mod: '-' };
    } else if (last === 'clause' && next.mod === '') {
      out.push(piece.op);
      last = 'op';
    }
  }
  return out.join(' ');
}
