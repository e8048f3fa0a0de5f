// Runs every benchmark in turn; each prints its figures and saves them in bench/results/.
await import('./bundle-size.ts');
await import('./cold-start.ts');
await import('./hostile-queries.ts');
// The search engine and proxy benchmarks take longer; run them alone:
//   node --expose-gc --import tsx bench/search-engine.ts
//   npx tsx bench/proxy-throughput.ts
export {};
