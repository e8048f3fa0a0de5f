import type { FullConfig, FullResult, Reporter, Suite } from '@playwright/test/reporter';

/**
 * A Playwright reporter that fails the run when a test was skipped (`test.skip`, `test.fixme`,
 * a conditional skip): a test that does not run proves nothing. (`.only` is refused by
 * `forbidOnly`.) Tests left out by `--project` or `--grep` are not in the run at all, so
 * narrowing a run on purpose still passes.
 */
export default class NoSkippedTests implements Reporter {
  private root: Suite | null = null;

  onBegin(_config: FullConfig, suite: Suite): void {
    this.root = suite;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    if (result.status !== 'passed') return undefined;
    const skipped = (this.root?.allTests() ?? []).filter((test) => test.outcome() === 'skipped');
    if (skipped.length === 0) return undefined;
    const names = skipped.map((test) => `[${test.parent.project()?.name ?? '?'}] ${test.location.file.replace(`${process.cwd()}/`, '')} > ${test.titlePath().slice(3).join(' > ')}`);
    console.error(`\n${skipped.length} test${skipped.length === 1 ? ' was' : 's were'} skipped; every test must run:\n  ${names.join('\n  ')}\n`);
    return { status: 'failed' };
  }
}
