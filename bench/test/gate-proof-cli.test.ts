import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm run bench:gate-proof` starts itself as a child with the flags every gate process gets
 * (gate/processes.ts: --ci, --json). The proof itself takes minutes; this checks the child's
 * command line parses, which it once did not (the children had been given --quick's place).
 */
const PROOF = fileURLToPath(new URL('../dist/investigations/gate-proof.js', import.meta.url));

describe('npm run bench:gate-proof', () => {
  it("accepts the gate's process flags in its child", () => {
    const run = spawnSync(process.execPath, [PROOF, '--ci', '--child', '--slow', '--filter', '^(order)$', '--json', 'x.json', '--help'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^npm run bench:gate-proof\n/);
  });
});
