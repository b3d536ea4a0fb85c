import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every run with one plain line, 'Tests: N passed, N failed, N skipped', that any CI can read. Before
 * it, what failed in a test that then passed on its retry (the default reporter shows only the pass), so
 * a flaky test leaves its cause in the log.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        const state = result.state;
        if (state === 'passed' && result.errors?.length) {
          console.log(`\nPassed on a retry: ${module.moduleId.split('/').slice(-2).join('/')} > ${test.fullName}`);
          for (const error of result.errors)
            console.log(`  ${(error.stack ?? error.message).split('\n').slice(0, 6).join('\n  ')}`);
        }
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that failed to load has no tests but must not pass unnoticed.
      if (module.state() === 'failed' && ![...module.children.allTests()].length) counts.failed += 1;
    }
    console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
