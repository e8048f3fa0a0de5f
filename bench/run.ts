// Runs every benchmark in turn; each prints its figures and saves them in bench/results/.
await import('./bundle-size.ts');
await import('./cold-start.ts');
export {};
