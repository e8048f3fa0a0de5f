/**
 * What one search request may ask of the engine (issue 12: a single 16 KB wildcard search held
 * the event loop for up to 0.95 s, and every other visitor with it). The cost of a search grows
 * with the clauses that must scan the vocabulary: wildcard, prefix and fuzzy terms each compare
 * themselves with every indexed term, and a long wildcard pattern backtracks over each one. The
 * proxy counts them in every query parameter (q, fq, bq, facet.query) before the back end sees
 * the request, for the embedded engine and for Solr alike, and refuses a request over a cap with
 * 400 naming the cap. The costliest request these caps allow is measured by bench/event-loop.ts
 * (goal: no request holds the event loop for more than 50 ms).
 */
import { parseQuery, WILD_ANY, WILD_ONE, type QueryNode } from './engine/query-parser.ts';
import { SearchRequestError, type SolrParams } from './types.ts';

export const SEARCH_QUERY_CAPS = {
  /** Clauses (terms, phrases, ranges, wildcards…) in all the query parameters of one request. */
  maxClauses: 100,
  /** Wildcard, prefix and fuzzy terms in one request: each scans the whole vocabulary. */
  maxExpansions: 10,
  /** Characters of one wildcard pattern. */
  maxPatternLength: 40,
  /** '*' and '?' in one wildcard pattern. */
  maxWildcardsPerTerm: 4,
  /** Boost functions (boost, bf) in one request: each is computed for every matching document. */
  maxFunctions: 5,
} as const;

export type SearchQueryCaps = { [K in keyof typeof SEARCH_QUERY_CAPS]: number };

/** The parameters that hold Lucene queries. */
const QUERY_PARAMS = ['q', 'fq', 'bq', 'facet.query'] as const;

const refuse = (message: string): never => {
  throw new SearchRequestError(`This search asks too much: ${message}. Please simplify it.`);
};

function walk(node: QueryNode, visit: (leaf: Exclude<QueryNode, { kind: 'bool' }>) => void): void {
  if (node.kind !== 'bool') {
    visit(node);
    return;
  }
  for (const child of [...node.must, ...node.should, ...node.mustNot]) walk(child, visit);
}

/**
 * Counts what a request's queries expand to and refuses it (SearchRequestError → 400) when a cap
 * is passed. Syntax errors are the back end's to report; a query this parser cannot read is left
 * for it.
 *
 * @example checkQueryCost(new Map([['q', ['*a*b*c*d*e*']]])) // throws: a wildcard term with 5 wildcards (at most 4)
 */
export function checkQueryCost(params: SolrParams, caps: SearchQueryCaps = SEARCH_QUERY_CAPS): void {
  let clauses = 0;
  let expansions = 0;
  for (const name of QUERY_PARAMS) {
    for (const value of params.get(name) ?? []) {
      let ast: QueryNode;
      try {
        ast = parseQuery(value.trim() === '' ? '*:*' : value).ast;
      } catch (error) {
        if (error instanceof SearchRequestError) continue;
        throw error;
      }
      walk(ast, (leaf) => {
        clauses++;
        if (leaf.kind === 'wildcard') {
          expansions++;
          const pattern = leaf.pattern;
          if (pattern.length > caps.maxPatternLength) refuse(`a wildcard term is longer than ${caps.maxPatternLength} characters`);
          let wildcards = 0;
          for (const char of pattern) if (char === WILD_ANY || char === WILD_ONE) wildcards++;
          if (wildcards > caps.maxWildcardsPerTerm) refuse(`a wildcard term has ${wildcards} wildcards (at most ${caps.maxWildcardsPerTerm})`);
        } else if (leaf.kind === 'prefix' || (leaf.kind === 'term' && leaf.fuzzy !== undefined && leaf.fuzzy > 0)) {
          expansions++;
          if (leaf.value.length > caps.maxPatternLength) refuse(`a prefix or fuzzy term is longer than ${caps.maxPatternLength} characters`);
        }
      });
    }
  }
  if (clauses > caps.maxClauses) refuse(`it has ${clauses} clauses (at most ${caps.maxClauses})`);
  if (expansions > caps.maxExpansions) refuse(`it has ${expansions} wildcard, prefix or fuzzy terms (at most ${caps.maxExpansions})`);
  const functions = (params.get('boost')?.length ?? 0) + (params.get('bf')?.length ?? 0);
  if (functions > caps.maxFunctions) refuse(`it has ${functions} boost functions (at most ${caps.maxFunctions})`);
}
