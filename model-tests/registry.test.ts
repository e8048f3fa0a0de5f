import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '@/machines/registry';
import { countedStates, modelTestFileName } from './coverage';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the machine registry and the model tests agree', () => {
  it('gives every machine its own id', () => {
    const ids = machineRegistry.map((entry) => entry.machine.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(machineRegistry.map((entry) => [entry.title, entry] as const))('%s has a model test that walks it and records its coverage', (_title, entry) => {
    const file = path.join(here, modelTestFileName(entry.machine));
    expect(fs.existsSync(file), `${path.relative(process.cwd(), file)} is missing`).toBe(true);
    const source = fs.readFileSync(file, 'utf8');
    expect(source).toContain('createTestModel(');
    expect(source).toMatch(/new ModelCoverage\(\w+\)/);
    expect(source).toContain('coverage.write()');
  });

  it('has no model test for a machine that is not registered', () => {
    const registered = new Set(machineRegistry.map((entry) => modelTestFileName(entry.machine)));
    const files = fs.readdirSync(here).filter((name) => name.endsWith('.test.tsx'));
    expect(files.filter((name) => !registered.has(name))).toEqual([]);
  });

  it('gives every machine states to cover', () => {
    expect(machineRegistry.filter(({ machine }) => countedStates(machine).length === 0).map(({ title }) => title)).toEqual([]);
  });
});
