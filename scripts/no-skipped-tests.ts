import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * A vitest reporter that fails the run when a test was skipped or left to do (`it.skip`,
 * `describe.skip`, `it.todo`, `skipIf`, `ctx.skip()`): a test that does not run proves nothing.
 * (`.only` is refused by `allowOnly: false` in the config.) A run narrowed by name on a
 * developer's machine (`vitest -t …`) skips the rest on purpose and is let through; under CI never.
 */
export default class NoSkippedTests implements Reporter {
  private narrowed = false;

  onInit(vitest: Vitest): void {
    this.narrowed = Boolean(vitest.config.testNamePattern) && !process.env.CI;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (this.narrowed) return;
    const skipped = testModules.flatMap((module) =>
      [...module.children.allTests()]
        .filter((test) => test.result().state === 'skipped' || test.options.mode === 'skip' || test.options.mode === 'todo')
        .map((test) => `${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`),
    );
    if (skipped.length === 0) return;
    console.error(`\n${skipped.length} test${skipped.length === 1 ? ' was' : 's were'} skipped or left to do; every test must run:\n  ${skipped.join('\n  ')}\n`);
    process.exitCode = 1;
  }
}
