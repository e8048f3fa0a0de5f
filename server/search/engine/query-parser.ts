/**
 * Lucene/Solr standard query syntax → AST, for q, fq, bq and facet.query.
 *
 * Supported: `field:value`, bare terms (default fields, resolved by the engine), `"quoted phrases"`
 * (with `~slop`), `term~` / `term~1` fuzzy terms, `prefix*`, `wild?card*`, `field:*` (field exists),
 * `*:*`, ranges `[a TO b]`, `{a TO b}`, `[a TO b}`, `{a TO b]` with `*` open ends, `AND` / `&&`,
 * `OR` / `||`, `NOT` / `!`, `+` / `-` prefixes, parentheses and `field:(a OR b)` groups, `^boost`
 * on any clause, backslash escapes, and a local-params prefix `{!tag=a,b ex=c key=k}` (also
 * `{!lucene q.op=AND df=f}` and `{!term f=field}raw value`).
 *
 * Precedence, loosest first: juxtaposition (clauses combined with the default operator, `+`
 * must, `-`/`NOT` must not), then `OR`, then `AND`, then the unary prefixes. A purely negative
 * group matches every document less its clauses (as Solr does for top-level queries).
 *
 * Not supported: regular expressions (`/re/`), `_query_` / `_val_` magic fields, function
 * queries, `$param` references, proximity operators other than phrase slop.
 *
 * The parser is a single left-to-right pass with bounded recursion (nesting ≤ maxDepth) and no
 * regular expression that can backtrack, and it throws only SearchRequestError.
 */
import { SearchRequestError } from '../types.ts';
import { type FieldType, fail, isNumericKind, parseDate, parseNumber } from './analysis.ts';

/** Wildcard markers inside a `wildcard` node's pattern (private-use code points, never in input after escaping). */
export const WILD_ANY = '\uE000';
export const WILD_ONE = '\uE001';

export type QueryNode =
  | { kind: 'all'; boost?: number }
  | { kind: 'term'; field: string | null; value: string; fuzzy?: number; raw?: boolean; boost?: number }
  | { kind: 'phrase'; field: string | null; value: string; slop?: number; boost?: number }
  | { kind: 'prefix'; field: string | null; value: string; boost?: number }
  | { kind: 'wildcard'; field: string | null; pattern: string; boost?: number }
  | { kind: 'exists'; field: string; boost?: number }
  | {
      kind: 'range';
      field: string | null;
      lower: string | null;
      upper: string | null;
      includeLower: boolean;
      includeUpper: boolean;
      boost?: number;
    }
  | { kind: 'bool'; must: QueryNode[]; should: QueryNode[]; mustNot: QueryNode[]; boost?: number };

export interface LocalParams {
  /** The parser named first (`{!term f=x}`) or by `type=`; null for the default (lucene). */
  type: string | null;
  tags: string[];
  ex: string[];
  key: string | null;
  /** Every key=value pair as written. */
  params: Record<string, string>;
}

export interface ParsedQuery {
  localParams: LocalParams | null;
  /** The query text after the local params (or their `v`). */
  body: string;
  ast: QueryNode;
}

/** Field knowledge for validation: undefined means the field is unknown. */
export interface QuerySchema {
  fieldType(name: string): FieldType | undefined;
}

export interface ParseOptions {
  defaultOperator?: 'AND' | 'OR';
  schema?: QuerySchema;
  /** Longest accepted query, in characters (2,000). */
  maxLength?: number;
  /** Deepest accepted parenthesis nesting (32). */
  maxDepth?: number;
}

export const MAX_QUERY_LENGTH = 2000;
export const MAX_QUERY_DEPTH = 32;

const SUPPORTED_PARSERS = new Set(['lucene', 'term']);

const isWs = (c: string | undefined): boolean =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\u3000' || c === '\u00a0';

/** Characters that end a term unless escaped. */
const TERM_STOP = new Set(['(', ')', '[', ']', '{', '}', '"', '^', '~', ':']);
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const splitList = (value: string | undefined): string[] =>
  value === undefined ? [] : value.split(',').map((s) => s.trim()).filter((s) => s.length > 0);

/** Splits a `{!…}` local-params prefix from a parameter value; throws SearchRequestError when malformed. */
export function splitLocalParams(input: string): { localParams: LocalParams | null; body: string } {
  if (!input.startsWith('{!')) return { localParams: null, body: input };
  const s = input;
  let pos = 2;
  let type: string | null = null;
  const params: Record<string, string> = {};
  let first = true;
  for (;;) {
    while (isWs(s[pos])) pos++;
    if (pos >= s.length) fail(`Unbalanced local parameters: '{!' at position 0 is not closed with '}'`);
    if (s[pos] === '}') {
      pos++;
      break;
    }
    const keyStart = pos;
    while (pos < s.length && !isWs(s[pos]) && s[pos] !== '=' && s[pos] !== '}') pos++;
    const key = s.slice(keyStart, pos);
    if (s[pos] === '=') {
      pos++;
      let value = '';
      const q = s[pos];
      if (q === "'" || q === '"') {
        const open = pos++;
        for (;;) {
          if (pos >= s.length) fail(`Unbalanced quotes in local parameters: the quote at position ${open} is not closed`);
          const c = s[pos]!;
          if (c === '\\' && pos + 1 < s.length) {
            value += s[pos + 1];
            pos += 2;
          } else if (c === q) {
            pos++;
            break;
          } else {
            value += c;
            pos++;
          }
        }
      } else {
        const start = pos;
        while (pos < s.length && !isWs(s[pos]) && s[pos] !== '}') pos++;
        value = s.slice(start, pos);
      }
      if (key.length === 0) fail(`Malformed local parameters at position ${keyStart}: a name is missing before '='`);
      params[key] = value;
    } else {
      if (!first || key.length === 0) fail(`Malformed local parameters at position ${keyStart}: '${key}' needs a value`);
      type = key;
    }
    first = false;
  }
  if (params.type !== undefined) type = params.type;
  const localParams: LocalParams = {
    type,
    tags: splitList(params.tag),
    ex: splitList(params.ex),
    key: params.key ?? null,
    params,
  };
  return { localParams, body: params.v ?? s.slice(pos) };
}

interface Clause {
  mod: '+' | '-' | null;
  node: QueryNode;
}

interface Token {
  raw: string;
  value: string;
  wild: boolean;
  escaped: boolean;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly s: string,
    private readonly defaultOperator: 'AND' | 'OR',
    private readonly schema: QuerySchema | undefined,
    private readonly maxDepth: number,
  ) {}

  parse(): QueryNode {
    return this.parseSeq(0, null, -1);
  }

  private skipWs(): void {
    while (isWs(this.s[this.pos])) this.pos++;
  }

  private eof(): boolean {
    return this.pos >= this.s.length;
  }

  /** The operator at the cursor (after whitespace), without consuming it. */
  private peekOperator(): { op: 'AND' | 'OR' | 'NOT'; length: number; text: string } | null {
    this.skipWs();
    const s = this.s;
    let end = this.pos;
    while (end < s.length && end - this.pos < 4 && !isWs(s[end]) && s[end] !== '(' && s[end] !== ')' && s[end] !== '"') end++;
    if (end < s.length && !isWs(s[end]) && s[end] !== '(' && s[end] !== ')' && s[end] !== '"') return null;
    const word = s.slice(this.pos, end);
    if (word === 'AND' || word === '&&') return { op: 'AND', length: word.length, text: word };
    if (word === 'OR' || word === '||') return { op: 'OR', length: word.length, text: word };
    if (word === 'NOT') return { op: 'NOT', length: 3, text: word };
    return null;
  }

  private combine(clauses: Clause[]): QueryNode {
    if (clauses.length === 1 && clauses[0]!.mod !== '-') return clauses[0]!.node;
    const node: QueryNode = { kind: 'bool', must: [], should: [], mustNot: [] };
    for (const c of clauses) {
      if (c.mod === '+') node.must.push(c.node);
      else if (c.mod === '-') node.mustNot.push(c.node);
      else if (this.defaultOperator === 'AND') node.must.push(c.node);
      else node.should.push(c.node);
    }
    return node;
  }

  /** Clauses up to the end (openPos < 0) or the ')' closing the '(' at openPos. */
  private parseSeq(depth: number, field: string | null, openPos: number): QueryNode {
    const clauses: Clause[] = [];
    for (;;) {
      this.skipWs();
      if (this.eof()) {
        if (openPos >= 0) fail(`Unbalanced parentheses: the '(' at position ${openPos} is not closed`);
        break;
      }
      if (this.s[this.pos] === ')') {
        if (openPos < 0) fail(`Unbalanced parentheses: unexpected ')' at position ${this.pos}`);
        break;
      }
      clauses.push(this.parseOr(depth, field));
    }
    if (clauses.length === 0) {
      if (openPos >= 0) fail(`Empty parentheses at position ${openPos}`);
      return { kind: 'all' };
    }
    return this.combine(clauses);
  }

  private expectOperand(op: string, opPos: number): void {
    this.skipWs();
    if (this.eof() || this.s[this.pos] === ')') fail(`Expected a term after '${op}' at position ${opPos}`);
    const next = this.peekOperator();
    if (next && next.op !== 'NOT') fail(`Expected a term after '${op}' at position ${opPos}, found '${next.text}'`);
  }

  private parseOr(depth: number, field: string | null): Clause {
    const first = this.parseAnd(depth, field);
    const items = [first];
    for (;;) {
      const op = this.peekOperator();
      if (!op || op.op !== 'OR') break;
      const opPos = this.pos;
      this.pos += op.length;
      this.expectOperand(op.text, opPos);
      items.push(this.parseAnd(depth, field));
    }
    if (items.length === 1) return first;
    const should = items.map((c) => (c.mod === '-' ? ({ kind: 'bool', must: [], should: [], mustNot: [c.node] } as QueryNode) : c.node));
    return { mod: null, node: { kind: 'bool', must: [], should, mustNot: [] } };
  }

  private parseAnd(depth: number, field: string | null): Clause {
    const first = this.parseUnary(depth, field);
    const items = [first];
    for (;;) {
      const op = this.peekOperator();
      if (!op || op.op !== 'AND') break;
      const opPos = this.pos;
      this.pos += op.length;
      this.expectOperand(op.text, opPos);
      items.push(this.parseUnary(depth, field));
    }
    if (items.length === 1) return first;
    const node: QueryNode = { kind: 'bool', must: [], should: [], mustNot: [] };
    for (const c of items) (c.mod === '-' ? node.mustNot : node.must).push(c.node);
    return { mod: null, node };
  }

  private parseUnary(depth: number, field: string | null): Clause {
    let negations = 0;
    let plus = false;
    let lastOp: { text: string; pos: number } | null = null;
    for (;;) {
      const op = this.peekOperator();
      if (op?.op === 'NOT') {
        lastOp = { text: 'NOT', pos: this.pos };
        this.pos += 3;
        negations++;
        continue;
      }
      if (op) fail(`Unexpected '${op.text}' at position ${this.pos}: an operator needs a term on each side`);
      const c = this.s[this.pos];
      if (c === '!') {
        lastOp = { text: '!', pos: this.pos };
        this.pos++;
        negations++;
        continue;
      }
      if (c === '-' || c === '+') {
        const next = this.s[this.pos + 1];
        if (next === undefined || isWs(next) || next === ')') fail(`Expected a term after '${c}' at position ${this.pos}`);
        lastOp = { text: c, pos: this.pos };
        this.pos++;
        if (c === '-') negations++;
        else plus = true;
        continue;
      }
      break;
    }
    this.skipWs();
    if (lastOp && (this.eof() || this.s[this.pos] === ')')) fail(`Expected a term after '${lastOp.text}' at position ${lastOp.pos}`);
    const node = this.parsePrimary(depth, field);
    return { mod: negations % 2 === 1 ? '-' : plus || negations > 0 ? '+' : null, node };
  }

  private parseGroup(depth: number, field: string | null): QueryNode {
    const open = this.pos;
    if (depth + 1 > this.maxDepth) fail(`Query nests deeper than ${this.maxDepth} levels (at position ${open})`);
    this.pos++;
    const inner = this.parseSeq(depth + 1, field, open);
    this.pos++; // ')'
    return this.parseSuffix(inner, false);
  }

  private parsePrimary(depth: number, field: string | null): QueryNode {
    this.skipWs();
    const start = this.pos;
    const c = this.s[start];
    if (c === undefined) fail(`Expected a term at position ${start}`);
    if (c === '(') return this.parseGroup(depth, field);
    if (c === '"') return this.parseSuffix(this.phraseNode(field, this.readQuoted()), true);
    if (c === '[' || c === '{') {
      if (c === '{' && this.s[start + 1] === '!') fail(`Local parameters '{!…}' are allowed only at the start (position ${start})`);
      return this.parseSuffix(this.parseRange(field), false);
    }
    if (c === '/') fail(`Regular expression queries are not supported (position ${start}); escape the '/' as '\\/' or quote the value`);
    if (TERM_STOP.has(c)) fail(`Unexpected '${c}' at position ${start}`);
    const tok = this.readTerm();
    if (this.s[this.pos] !== ':') return this.parseSuffix(this.termNode(field, tok), true);

    // field:value
    const name = tok.raw;
    if (name !== '*' && (tok.escaped || !FIELD_NAME.test(name))) fail(`Invalid field name '${name}' at position ${start}`);
    const colon = this.pos;
    this.pos++;
    this.skipWs();
    if (this.eof()) fail(`Expected a value after '${name}:' at position ${colon}`);
    if (name === '*') {
      if (this.s[this.pos] === '*') {
        this.pos++;
        const next = this.s[this.pos];
        if (next === undefined || isWs(next) || next === ')' || next === '^') return this.parseSuffix({ kind: 'all' }, false);
      }
      fail(`The field '*' is allowed only in '*:*' (position ${start})`);
    }
    this.checkField(name);
    const v = this.s[this.pos]!;
    if (v === '(') return this.parseGroup(depth, name);
    if (v === '"') return this.parseSuffix(this.phraseNode(name, this.readQuoted()), true);
    if (v === '[' || v === '{') return this.parseSuffix(this.parseRange(name), false);
    if (v === '/') fail(`Regular expression queries are not supported (position ${this.pos}); escape the '/' as '\\/' or quote the value`);
    if (TERM_STOP.has(v) || isWs(v)) fail(`Expected a value after '${name}:' at position ${colon}`);
    return this.parseSuffix(this.termNode(name, this.readTerm()), true);
  }

  private readTerm(): Token {
    const s = this.s;
    const start = this.pos;
    let value = '';
    let wild = false;
    let escaped = false;
    while (this.pos < s.length) {
      const ch = s[this.pos]!;
      if (ch === '\\') {
        if (this.pos + 1 >= s.length) fail(`Dangling backslash at position ${this.pos}: escape it as '\\\\'`);
        value += s[this.pos + 1];
        this.pos += 2;
        escaped = true;
        continue;
      }
      if (isWs(ch) || TERM_STOP.has(ch)) break;
      if (ch === '*') {
        value += WILD_ANY;
        wild = true;
      } else if (ch === '?') {
        value += WILD_ONE;
        wild = true;
      } else value += ch;
      this.pos++;
    }
    if (this.pos === start) fail(`Expected a term at position ${start}`);
    return { raw: s.slice(start, this.pos), value, wild, escaped };
  }

  /** A quoted string at the cursor, unescaped. */
  private readQuoted(): string {
    const s = this.s;
    const open = this.pos++;
    let value = '';
    for (;;) {
      if (this.pos >= s.length) fail(`Unbalanced quotes: the quote at position ${open} is not closed`);
      const ch = s[this.pos]!;
      if (ch === '\\' && this.pos + 1 < s.length) {
        value += s[this.pos + 1];
        this.pos += 2;
      } else if (ch === '"') {
        this.pos++;
        return value;
      } else {
        value += ch;
        this.pos++;
      }
    }
  }

  private parseRange(field: string | null): QueryNode {
    const s = this.s;
    const open = this.pos;
    const includeLower = s[open] === '[';
    this.pos++;
    const malformed = (): never => fail(`Malformed range at position ${open}: expected '[lower TO upper]' with '*' for an open end`);
    this.skipWs();
    const lower = this.readBound(open);
    if (!isWs(s[this.pos])) malformed();
    this.skipWs();
    if (s.slice(this.pos, this.pos + 2) !== 'TO' || !isWs(s[this.pos + 2])) malformed();
    this.pos += 2;
    this.skipWs();
    const upper = this.readBound(open);
    this.skipWs();
    const close = s[this.pos];
    if (close === undefined) fail(`Unbalanced range: the '${s[open]}' at position ${open} is not closed with ']' or '}'`);
    if (close !== ']' && close !== '}') malformed();
    this.pos++;
    const node: QueryNode = { kind: 'range', field, lower, upper, includeLower, includeUpper: close === ']' };
    if (field !== null) this.checkRange(field, node);
    return node;
  }

  /** A range bound: quoted, `*` (open: null) or a run up to whitespace, ']' or '}'. */
  private readBound(open: number): string | null {
    const s = this.s;
    if (this.eof()) fail(`Unbalanced range: the '${s[open]}' at position ${open} is not closed with ']' or '}'`);
    if (s[this.pos] === '"') return this.readQuoted();
    let value = '';
    let escaped = false;
    const start = this.pos;
    while (this.pos < s.length) {
      const ch = s[this.pos]!;
      if (ch === '\\') {
        if (this.pos + 1 >= s.length) fail(`Dangling backslash at position ${this.pos}: escape it as '\\\\'`);
        value += s[this.pos + 1];
        this.pos += 2;
        escaped = true;
        continue;
      }
      if (isWs(ch) || ch === ']' || ch === '}') break;
      value += ch;
      this.pos++;
    }
    if (this.pos === start) fail(`Malformed range at position ${open}: a bound is missing`);
    return value === '*' && !escaped ? null : value;
  }

  private parseSuffix(node: QueryNode, allowTilde: boolean): QueryNode {
    for (let i = 0; i < 2; i++) {
      const ch = this.s[this.pos];
      if (ch === '~') {
        const at = this.pos++;
        if (!allowTilde || (node.kind !== 'term' && node.kind !== 'phrase')) fail(`'~' is allowed only after a term or a phrase (position ${at})`);
        const n = this.readNumber();
        if (node.kind === 'term') {
          const type = node.field !== null ? this.schema?.fieldType(node.field) : undefined;
          if (type && type.kind !== 'text' && type.kind !== 'string') fail(`Fuzzy search '~' is not supported on the ${type.kind} field '${node.field}'`);
          node.fuzzy = n === undefined ? 2 : n >= 1 ? Math.min(2, Math.floor(n)) : n === 0 ? 0 : 2;
        } else if (node.kind === 'phrase') node.slop = n === undefined ? 0 : Math.min(100, Math.floor(n));
        continue;
      }
      if (ch === '^') {
        const at = this.pos++;
        const n = this.readNumber();
        if (n === undefined) fail(`Boost '^' needs a number (position ${at})`);
        node.boost = n;
        continue;
      }
      break;
    }
    return node;
  }

  private readNumber(): number | undefined {
    const s = this.s;
    const start = this.pos;
    while (this.pos < s.length && /[0-9.]/.test(s[this.pos]!)) this.pos++;
    if (this.pos === start) return undefined;
    const n = parseNumber(s.slice(start, this.pos));
    if (n === undefined) fail(`Malformed number '${s.slice(start, this.pos)}' at position ${start}`);
    return n;
  }

  private termNode(field: string | null, tok: Token): QueryNode {
    const v = tok.value;
    let node: QueryNode;
    if (!tok.wild) node = { kind: 'term', field, value: v };
    else if (v === WILD_ANY) node = field === null ? { kind: 'all' } : { kind: 'exists', field };
    else {
      const body = v.slice(0, -1);
      if (v.endsWith(WILD_ANY) && !body.includes(WILD_ANY) && !body.includes(WILD_ONE)) node = { kind: 'prefix', field, value: body };
      else node = { kind: 'wildcard', field, pattern: v };
    }
    if (field !== null && node.kind !== 'exists' && node.kind !== 'all') this.checkValue(field, node, tok.raw);
    return node;
  }

  private phraseNode(field: string | null, value: string): QueryNode {
    const node: QueryNode = { kind: 'phrase', field, value };
    if (field !== null) this.checkValue(field, node, value);
    return node;
  }

  private checkField(name: string): FieldType | undefined {
    if (!this.schema) return undefined;
    const type = this.schema.fieldType(name);
    if (!type) fail(`Unknown field '${name}'`);
    if (type.kind === 'location') fail(`The field '${name}' is stored only and cannot be searched`);
    return type;
  }

  private checkValue(field: string, node: QueryNode, raw: string): void {
    const type = this.schema?.fieldType(field);
    if (!type || !isNumericKind(type.kind)) return;
    if (node.kind === 'prefix' || node.kind === 'wildcard') fail(`Wildcard queries are not supported on the ${type.kind} field '${field}' ('${raw}')`);
    if (node.kind === 'term' || node.kind === 'phrase') checkNumeric(type, field, node.value, 'Value');
  }

  private checkRange(field: string, node: Extract<QueryNode, { kind: 'range' }>): void {
    const type = this.schema?.fieldType(field);
    if (!type || !isNumericKind(type.kind)) return;
    if (node.lower !== null) checkNumeric(type, field, node.lower, 'Range bound');
    if (node.upper !== null) checkNumeric(type, field, node.upper, 'Range bound');
  }
}

function checkNumeric(type: FieldType, field: string, value: string, what: string): void {
  if (type.kind === 'date') {
    if (parseDate(value) === undefined) fail(`${what} '${value}' is not a date for the date field '${field}' (use ISO 8601 like 2024-05-01T00:00:00Z, or NOW with date math)`);
  } else if (parseNumber(value.trim()) === undefined) fail(`${what} '${value}' is not a number for the numeric field '${field}'`);
}

/**
 * Parses a query string with optional local params. Blank input (after local params) parses to
 * match-all. Throws SearchRequestError (and nothing else) for bad syntax, unknown fields (when a
 * schema is given), non-numeric values or range bounds on numeric fields, inputs longer than
 * maxLength and nesting deeper than maxDepth.
 */
export function parseQuery(input: string, options: ParseOptions = {}): ParsedQuery {
  const maxLength = options.maxLength ?? MAX_QUERY_LENGTH;
  if (input.length > maxLength) fail(`Query too long: ${input.length} characters (at most ${maxLength})`);
  try {
    const { localParams, body } = splitLocalParams(input);
    const type = localParams?.type ?? 'lucene';
    if (!SUPPORTED_PARSERS.has(type)) fail(`Unsupported query parser '${type}' in local parameters (supported: lucene, term)`);
    if (type === 'term') {
      const field = localParams?.params.f;
      if (!field) fail(`The term query parser needs a field: {!term f=field}value`);
      const fieldType = options.schema?.fieldType(field);
      if (options.schema && !fieldType) fail(`Unknown field '${field}'`);
      if (fieldType && isNumericKind(fieldType.kind)) checkNumeric(fieldType, field, body, 'Value');
      return { localParams, body, ast: { kind: 'term', field, value: body, raw: true } };
    }
    const op = localParams?.params['q.op'] ?? options.defaultOperator ?? 'OR';
    if (op !== 'AND' && op !== 'OR') fail(`q.op must be AND or OR, got '${op}'`);
    const parser = new Parser(body, op, options.schema, options.maxDepth ?? MAX_QUERY_DEPTH);
    return { localParams, body, ast: parser.parse() };
  } catch (error) {
    if (error instanceof SearchRequestError) throw error;
    throw new SearchRequestError(`Cannot parse the query: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A readable rendering of an AST (for tests and debugging). */
export function formatQuery(node: QueryNode): string {
  const b = node.boost !== undefined ? `^${node.boost}` : '';
  const f = (field: string | null) => (field === null ? '' : `${field}:`);
  switch (node.kind) {
    case 'all':
      return `*:*${b}`;
    case 'term':
      return `${f(node.field)}${node.value}${node.fuzzy !== undefined ? `~${node.fuzzy}` : ''}${b}`;
    case 'phrase':
      return `${f(node.field)}"${node.value}"${node.slop !== undefined ? `~${node.slop}` : ''}${b}`;
    case 'prefix':
      return `${f(node.field)}${node.value}*${b}`;
    case 'wildcard':
      return `${f(node.field)}${node.pattern.replaceAll(WILD_ANY, '*').replaceAll(WILD_ONE, '?')}${b}`;
    case 'exists':
      return `${node.field}:*${b}`;
    case 'range':
      return `${f(node.field)}${node.includeLower ? '[' : '{'}${node.lower ?? '*'} TO ${node.upper ?? '*'}${node.includeUpper ? ']' : '}'}${b}`;
    case 'bool': {
      const parts = [...node.must.map((n) => `+${formatQuery(n)}`), ...node.should.map(formatQuery), ...node.mustNot.map((n) => `-${formatQuery(n)}`)];
      return `(${parts.join(' ')})${b}`;
    }
  }
}
