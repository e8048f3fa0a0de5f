// Merges the per-machine coverage the model tests wrote (model-tests/.coverage/*.json) into
// model-tests/coverage.json, prints a table, and exits 1 when a registered machine is missing,
// stale or below 100% of its states or transitions. Run by `npm run test:model` after vitest.
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const coverageDir = path.join(here, '.coverage');
const registryFile = path.join(coverageDir, '_registry.json');
const output = path.join(here, 'coverage.json');

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

if (!fs.existsSync(registryFile)) {
  console.error('No model-test results in model-tests/.coverage/: run `npx vitest run --project model` first.');
  process.exit(1);
}

const registry = readJson(registryFile);
const problems = [];
const rows = registry.map((machine) => {
  const file = path.join(coverageDir, `${machine.id}.json`);
  if (!fs.existsSync(file)) {
    problems.push(`${machine.title} (${machine.id}): no model-test results`);
    return {
      id: machine.id,
      title: machine.title,
      states: { covered: 0, total: machine.states },
      transitions: { covered: 0, total: machine.transitions },
    };
  }
  const entry = readJson(file);
  if (entry.hash !== machine.hash) {
    problems.push(`${machine.title} (${machine.id}): results are from an older definition of the machine; run the model tests again`);
  }
  const state = entry.states;
  const transition = entry.transitions;
  if (state.covered < state.total || transition.covered < transition.total) {
    const missing = [...entry.missing.states.map((s) => `state ${s}`), ...entry.missing.transitions.map((t) => `transition ${t}`)];
    problems.push(`${machine.title} (${machine.id}): not covered: ${missing.join('; ')}`);
    for (const gap of entry.gaps ?? []) problems.push(`  ${gap.event}: ${gap.reason}`);
  }
  return { id: entry.id, title: entry.title, states: entry.states, transitions: entry.transitions };
});

fs.writeFileSync(output, `${JSON.stringify(rows, null, 2)}\n`);

const percent = ({ covered, total }) => (total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10);
const cell = (part) => `${part.covered}/${part.total} (${percent(part)}%)`;
const table = [
  ['Machine', 'States', 'Transitions'],
  ...rows.map((row) => [`${row.title} (${row.id})`, cell(row.states), cell(row.transitions)]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
const format = (line) => line.map((text, column) => text.padEnd(widths[column])).join('  ').trimEnd();
console.log('\nModel-test coverage (model-tests/coverage.json)');
console.log(format(table[0]));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const line of table.slice(1)) console.log(format(line));

if (problems.length > 0) {
  console.error(`\nModel coverage is below 100%:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nEvery state and transition of all ${rows.length} registered machines is covered.`);
