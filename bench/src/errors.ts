/**
 * The one error type of the bench's commands and what they run (the browser runner's pages, the
 * profiler's subjects, the generated sections of a file). Browser-safe: it imports nothing, so the
 * pages and workers that prepare a profile can throw it too. The command frame (cli/command.ts)
 * prints its message as one line on stderr, never a stack trace, and exits with its code.
 */

/**
 * - `usage`: a bad argument; exit 2, and the line points to `--help`.
 * - `input`: what the user gave cannot be used (a file, a payload, a filter that matches nothing); exit 2.
 * - `failure`: the run failed (a browser, a page, a worker, a file it writes); exit 1.
 */
export type BenchErrorKind = 'usage' | 'input' | 'failure';

export class BenchError extends Error {
  override readonly name = 'BenchError';

  constructor(
    message: string,
    readonly kind: BenchErrorKind = 'failure',
  ) {
    super(message);
  }

  /** 2 when what the user gave is at fault, 1 when the run failed. */
  get exitCode(): 1 | 2 {
    return this.kind === 'failure' ? 1 : 2;
  }
}
