/**
 * One answer to "which Node.js?": package.json's engines, the README's Prerequisites and CI
 * (.ci/run runs scripts/check-node.mjs, which reads the engines) say the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { satisfies } from './check-node.mjs';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
const check = satisfies as (version: string, range: string) => boolean;

describe('the supported Node.js versions', () => {
  it('are the same in package.json, its lock file, the README and CI', () => {
    expect(engines).toBe('^20.19.0 || >=22.12.0');
    expect((JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> }).packages['']?.engines?.node).toBe(engines);
    expect(read('README.md')).toContain(`\`${engines}\``);
    expect(read('.ci/run')).toMatch(/^node scripts\/check-node\.mjs$/m);
  });

  it('are told apart by the start-up check', () => {
    expect(['20.19.0', '20.20.2', '22.12.0', '24.0.0'].filter((version) => check(version, engines))).toHaveLength(4);
    expect(['18.20.8', '20.18.3', '21.7.3', '22.11.0'].filter((version) => check(version, engines))).toEqual([]);
  });

  it('include the Node.js running the tests', () => {
    expect(check(process.versions.node, engines)).toBe(true);
  });
});
