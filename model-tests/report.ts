// Merges the per-machine coverage the model tests wrote in this run (model-tests/.coverage/*.json,
// emptied by global-setup.ts when the run starts) into model-tests/coverage.json, prints a table,
// and exits 1 when a machine of src/machines/registry.ts has no results, results from an older
// definition, or less than 100% of its states or transitions. Run by `npm run test:model` after vitest.
import fs from 'node:fs';
import path from 'node:path';
import { machineRegistry } from '@/machines/registry';
import { COVERAGE_DIR, countedStates, countedTransitions, definitionHash, type CoverageEntry } from './coverage';

const output = path.join(import.meta.dirname, 'coverage.json');

interface Part {
  covered: number;
  total: number;
}

const problems: string[] = [];
const rows = machineRegistry.map(({ machine, title }) => {
  const totals = { states: countedStates(machine).length, transitions: countedTransitions(machine).length };
  const file = path.join(COVERAGE_DIR, `${machine.id}.json`);
  if (!fs.existsSync(file)) {
    problems.push(`${title} (${machine.id}): no model-test results in this run`);
    return { id: machine.id, title, states: { covered: 0, total: totals.states }, transitions: { covered: 0, total: totals.transitions } };
  }
  const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as CoverageEntry;
  if (entry.hash !== definitionHash(machine)) problems.push(`${title} (${machine.id}): results are from another definition of the machine`);
  // The totals come from the registry's machine, not from what the test wrote.
  const states = { covered: Math.min(entry.states.covered, totals.states), total: totals.states };
  const transitions = { covered: Math.min(entry.transitions.covered, totals.transitions), total: totals.transitions };
  if (entry.states.total !== totals.states || entry.transitions.total !== totals.transitions) {
    problems.push(`${title} (${machine.id}): the results count ${entry.states.total} states and ${entry.transitions.total} transitions, the machine has ${totals.states} and ${totals.transitions}`);
  }
  if (states.covered < states.total || transitions.covered < transitions.total) {
    const missing = [...entry.missing.states.map((s) => `state ${s}`), ...entry.missing.transitions.map((t) => `transition ${t}`)];
    problems.push(`${title} (${machine.id}): not covered: ${missing.join('; ') || 'see the counts'}`);
    for (const gap of entry.gaps ?? []) problems.push(`  ${gap.event}: ${gap.reason}`);
  }
  return { id: machine.id, title, states, transitions };
});

fs.writeFileSync(output, `${JSON.stringify(rows, null, 2)}\n`);

const percent = ({ covered, total }: Part) => (total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10);
const cell = (part: Part) => `${part.covered}/${part.total} (${percent(part)}%)`;
const table = [['Machine', 'States', 'Transitions'], ...rows.map((row) => [`${row.title} (${row.id})`, cell(row.states), cell(row.transitions)])];
const widths = (table[0] as string[]).map((_, column) => Math.max(...table.map((line) => (line[column] as string).length)));
const format = (line: string[]) => line.map((text, column) => text.padEnd(widths[column] as number)).join('  ').trimEnd();
console.log('\nModel-test coverage (model-tests/coverage.json)');
for (const [i, line] of table.entries()) {
  console.log(format(line));
  if (i === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}

if (problems.length > 0) {
  console.error(`\nModel coverage is below 100%:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nEvery state and transition of all ${rows.length} registered machines is covered.`);
