// Stops with a clear message when this Node.js is not one package.json's "engines" names
// (npm only warns). The floor is where require() of an ES module works without a flag
// (Node 20.19 and 22.12): cookie@2 and content-disposition@3, which fastify's plugins require(),
// are ES modules only. Run by `npm start` and by CI: node scripts/check-node.mjs
import fs from 'node:fs';
import { createRequire } from 'node:module';

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const range = pkg.engines.node;

/** Whether `version` (x.y.z) satisfies a range of `^x.y.z` and `>=x.y.z` alternatives joined by `||`. */
export function satisfies(version, wanted) {
  const parse = (text) => text.split('.').map(Number);
  const atLeast = (a, b) => a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] >= b[2];
  const have = parse(version);
  return wanted.split('||').some((alternative) => {
    const match = /^\s*(\^|>=)\s*(\d+\.\d+\.\d+)\s*$/.exec(alternative);
    if (!match) throw new Error(`engines.node: cannot read ${JSON.stringify(alternative)}`);
    const floor = parse(match[2]);
    return atLeast(have, floor) && (match[1] === '>=' || have[0] === floor[0]);
  });
}

if (!satisfies(process.versions.node, range)) {
  console.error(`Node.js ${process.versions.node} cannot run this site: it needs ${range} (see README.md, Prerequisites). Node 22 or 24 LTS is recommended.`);
  process.exit(1);
}
// The ES-module-only dependencies load through require() here, as fastify's plugins load them.
const require = createRequire(import.meta.url);
require('cookie');
require('content-disposition');
