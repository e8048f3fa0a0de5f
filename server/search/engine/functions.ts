/**
 * Solr function queries for edismax `boost` (multiplicative) and `bf` (additive), kept small:
 *  - a number (`2`, `0.5`), a numeric single-valued field name (`fs_rating`; a missing value is 0,
 *    booleans are 1/0), `field(name)`;
 *  - sum / add, product / mul, sub, div (x/0 = 0), max, min, abs, sqrt, log (base 10), ln,
 *    pow(x, y), recip(x, m, a, b) = a / (m·x + b), def(x, fallback) (fallback when x's field has
 *    no value), if(test, then, else) (test ≠ 0).
 * Anything else (query(), geodist(), strings, ms(), …) is refused with a SearchRequestError.
 */
import { fail } from './analysis.ts';

export type FnNode =
  | { kind: 'const'; value: number }
  | { kind: 'field'; name: string }
  | { kind: 'call'; name: string; args: FnNode[] };

const ARITY: Record<string, [number, number]> = {
  sum: [1, 32], add: [1, 32], product: [1, 32], mul: [1, 32], sub: [2, 2], div: [2, 2], max: [1, 32], min: [1, 32],
  abs: [1, 1], sqrt: [1, 1], log: [1, 1], ln: [1, 1], pow: [2, 2], recip: [4, 4], def: [2, 2], if: [3, 3], field: [1, 1],
};

const MAX_FUNCTION_LENGTH = 1000;
const MAX_FUNCTION_DEPTH = 32;

/** Parses a function expression; throws SearchRequestError when malformed or unsupported. */
export function parseFunction(input: string): FnNode {
  if (input.length > MAX_FUNCTION_LENGTH) fail(`Function too long: ${input.length} characters (at most ${MAX_FUNCTION_LENGTH})`);
  const s = input;
  let pos = 0;
  const ws = () => {
    while (pos < s.length && /\s/.test(s[pos]!)) pos++;
  };
  const expr = (depth: number): FnNode => {
    if (depth > MAX_FUNCTION_DEPTH) fail(`Function nests deeper than ${MAX_FUNCTION_DEPTH} levels`);
    ws();
    const start = pos;
    while (pos < s.length && /[A-Za-z0-9_.+-]/.test(s[pos]!)) pos++;
    const word = s.slice(start, pos);
    if (word.length === 0) fail(`Malformed function '${input}': expected a number, a field or a function at position ${start}`);
    ws();
    if (s[pos] === '(') {
      const name = word.toLowerCase();
      const arity = ARITY[name];
      if (!arity) fail(`Unsupported function '${word}' (supported: ${Object.keys(ARITY).join(', ')})`);
      pos++;
      const args: FnNode[] = [];
      ws();
      if (s[pos] !== ')') {
        for (;;) {
          args.push(expr(depth + 1));
          ws();
          if (s[pos] === ',') {
            pos++;
            continue;
          }
          if (s[pos] === ')') break;
          fail(`Malformed function '${input}': expected ',' or ')' at position ${pos}`);
        }
      }
      pos++;
      if (args.length < arity[0] || args.length > arity[1]) fail(`Function '${name}' takes ${arity[0] === arity[1] ? arity[0] : `${arity[0]} to ${arity[1]}`} arguments, got ${args.length}`);
      if (name === 'field') {
        const arg = args[0]!;
        if (arg.kind !== 'field') fail(`field() takes a field name`);
        return arg;
      }
      return { kind: 'call', name, args };
    }
    if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(word)) return { kind: 'const', value: Number(word) };
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(word)) fail(`Malformed function '${input}': '${word}' is neither a number nor a field`);
    return { kind: 'field', name: word };
  };
  const node = expr(0);
  ws();
  if (pos < s.length) fail(`Malformed function '${input}': unexpected '${s[pos]}' at position ${pos}`);
  return node;
}

/** Per-document numeric values of a field (NaN = missing), or null when the field has no values. */
export type FieldValues = (name: string) => Float64Array | null;

/** Compiles a function to a per-document evaluator. `values` throws for fields that cannot be used. */
export function compileFunction(node: FnNode, values: FieldValues): (doc: number) => number {
  switch (node.kind) {
    case 'const': {
      const v = node.value;
      return () => v;
    }
    case 'field': {
      const nums = values(node.name);
      if (!nums) return () => 0;
      return (d) => {
        const v = nums[d]!;
        return v === v ? v : 0;
      };
    }
    case 'call': {
      const args = node.args.map((a) => compileFunction(a, values));
      const [a = () => 0, b = () => 0, c = () => 0, e = () => 0] = args;
      const safe = (v: number) => (Number.isFinite(v) ? v : 0);
      switch (node.name) {
        case 'sum':
        case 'add':
          return (d) => {
            let t = 0;
            for (const f of args) t += f(d);
            return t;
          };
        case 'product':
        case 'mul':
          return (d) => {
            let t = 1;
            for (const f of args) t *= f(d);
            return t;
          };
        case 'sub':
          return (d) => a(d) - b(d);
        case 'div':
          return (d) => {
            const den = b(d);
            return den === 0 ? 0 : a(d) / den;
          };
        case 'max':
          return (d) => Math.max(...args.map((f) => f(d)));
        case 'min':
          return (d) => Math.min(...args.map((f) => f(d)));
        case 'abs':
          return (d) => Math.abs(a(d));
        case 'sqrt':
          return (d) => safe(Math.sqrt(a(d)));
        case 'log':
          return (d) => safe(Math.log10(a(d)));
        case 'ln':
          return (d) => safe(Math.log(a(d)));
        case 'pow':
          return (d) => safe(a(d) ** b(d));
        case 'recip':
          return (d) => {
            const den = b(d) * a(d) + e(d);
            return den === 0 ? 0 : c(d) / den;
          };
        case 'if':
          return (d) => (a(d) !== 0 ? b(d) : c(d));
        case 'def': {
          const first = node.args[0]!;
          const nums = first.kind === 'field' ? values(first.name) : null;
          if (first.kind === 'field') {
            if (!nums) return b;
            return (d) => {
              const v = nums[d]!;
              return v === v ? v : b(d);
            };
          }
          return a;
        }
        default:
          return fail(`Unsupported function '${node.name}'`);
      }
    }
  }
}
