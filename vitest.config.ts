import { defineConfig } from 'vitest/config';
import type { Reporter, TestModule } from 'vitest/node';

/** Ends the run with one plain `tests: N passed, N failed, N skipped` line that CI logs can read. */
class SummaryLine implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const module of modules) for (const test of module.children.allTests()) counts[test.result().state]++;
    console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped + counts.pending} skipped`);
  }
}

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'packages/playground/e2e/**/*.test.ts', 'bench/test/**/*.test.ts'],
    reporters: ['default', new SummaryLine()],
    setupFiles: ['packages/core/test/support/fast-check-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
