import type { WirebenchResult } from 'wirebench';
import type { AnswerComparison, SideLabels } from 'wirebench/report';
import { answerGaps, compareAnswers, formatAnswerComparison, formatAnswerGaps, formatPercent } from 'wirebench/report';
import type { AnsweredPair } from '../compare/answers.js';
import { answerBoth, otherEngines } from '../compare/answers.js';
import type { ComparisonReport } from '../compare/compare.js';
import { closingLine, compareResults, DEFAULT_ALPHA, DEFAULT_THRESHOLD, fails, formatMarkdown, formatText, NO_CHANGE_LINE } from '../compare/compare.js';
import { BenchError, command, main } from './command.js';
import { readResultFile } from './result-file.js';

/**
 * `npm run bench:compare -- a.json b.json`: benchstat for wirebench. Exit 0 when no row regressed
 * beyond the threshold (or the two ran in different engines), 1 when one did, 2 when the arguments
 * or files are unusable (one line on stderr, never a stack trace, so CI logs say what to fix).
 */

const USAGE = `usage: npm run bench:compare -- [--markdown] [--alpha ${DEFAULT_ALPHA}] [--threshold ${DEFAULT_THRESHOLD}] a.json b.json
       node bench/dist/cli/compare.js [options] a.json b.json

Compares two wirebench results (files holding measure()'s result): a is the baseline, b the candidate.

Options:
  --markdown         print GitHub Markdown (for a pull request comment) instead of a plain-text table
  --alpha <p>        significance level of each row's test, 0 < p < 1 (default ${DEFAULT_ALPHA}: about 100 rows
                     are compared at once, so at most about one false alarm is expected when nothing changed)
  --threshold <f>    smallest relative change that counts as a regression or improvement, ≥ 0
                     (default ${DEFAULT_THRESHOLD}, i.e. ${Math.round(DEFAULT_THRESHOLD * 100)} %: beyond one machine's run-to-run drift of about ±10 %)
  -h, --help         print this text

Method: times from different runs are never compared directly. For every payload, row and operation
present in both runs, each run gives one ratio per interleaved round: the row's time ÷ JSON's time
in that same round. The change is (b's median ratio) ÷ (a's median ratio) ÷ shift: +25 % means the
row got 25 % slower relative to JSON than its payload's rows moved together; lower is better. Where
JSON's own median time moved beyond the threshold between the runs (the machine), the shift is the
median of that change over the payload's rows for the operation (3 rows or more); elsewhere it is 1,
so code every codec shares shows in full. Most payloads shifting beyond the threshold
together is itself a regression (code every row shares). Its 95 % interval bootstraps each run's rounds; p is
a two-sided Mann–Whitney test of the two sets of per-round ratios. A change is significant when
p < alpha and the interval excludes 0 %; a regression when it is also slower than +threshold, an
improvement when faster than 1 ÷ (1 + threshold). With too few rounds (5 in each run, or 3 against 11)
no p-value can fall below 0.01 whatever the data: such rows are marked "too few rounds" and cannot fail.
Encoded sizes are exact: any difference is listed.
Payloads, rows and operations found in one run only are listed, not an error.
Then both results' answers are compared on time until usable: each row on a's ranking link, the
total and the device's part (decompression + decode); then each side's verdict, named by its runtime
and engine, whether it changes between the two, and the rows whose rank order flips. A result that
carries no answer (npm run bench, bench:browser) is answered here first: under the other's
constraints when that one carries answers (npx wirebench, the playground's export), else both under
the default constraints (4G with gzip, uncompressed where a run has no gzip figures); the output says which.

Across engines: when a and b ran in different engines or runtimes (bench:browser --engine chromium
against --engine webkit, Node against a browser; not two versions of one), the output says so first.
The table then describes b's engine against a's, not a change of code, so nothing in it fails:
exit 0, with regressions and broken rows listed as usual.

Exit status: 0 no regression beyond the threshold (or a and b ran in different engines), 1 at least one
(a row, or most payloads together), or a row that broke (now errors, or no longer gives the payload
back exactly; listed on stderr), 2 bad arguments or an unreadable or invalid file.
`;

/** Both results' answers compared (answered here where they carry none), with a line saying how they were answered, and a last line counting the payloads whose verdict changes. */
function answerLines(a: WirebenchResult, b: WirebenchResult, labels: SideLabels): string[] {
  let pair: AnsweredPair;
  try {
    pair = answerBoth(a, b);
  } catch (error) {
    // The answer is an addition to the timing comparison: figures it cannot be drawn from must not hide the table's verdict.
    return [`no answers compared: ${error instanceof Error ? error.message : String(error)}`];
  }
  const comparisons = compareAnswers(pair.a, pair.b);
  const lines = [...formatAnswerComparison(comparisons, labels), ...formatAnswerGaps(answerGaps(pair.a, pair.b))];
  if (lines.length === 0) return lines;
  return [...(pair.note ? [pair.note, ''] : []), ...lines, '', verdictCount(comparisons)];
}

/** `the verdict changes on 1 of 12 payloads answered on both: mesh.json`, or that it changes on none. */
function verdictCount(comparisons: readonly AnswerComparison[]): string {
  const changed = comparisons.filter((c) => c.verdicts.changes).map((c) => c.payload);
  const answered = `${comparisons.length === 1 ? 'the one payload' : `${comparisons.length} payloads`} answered on both`;
  return changed.length === 0 ? `the verdict changes on none of ${answered}` : `the verdict changes on ${changed.length} of ${answered}: ${changed.join(', ')}`;
}

/** The last line across engines: how many rows differ beyond the threshold, and in which direction, in b's engine against a's. */
function enginesClosingLine(report: ComparisonReport): string {
  const slower = report.timings.filter((t) => t.regression).length;
  const faster = report.timings.filter((t) => t.improvement).length;
  if (slower + faster === 0) return `across the two engines: ${NO_CHANGE_LINE}`;
  const rows = slower + faster === 1 ? '1 row differs' : `${slower + faster} rows differ`;
  return `across the two engines: ${rows} significantly beyond ${formatPercent(report.threshold)} relative to JSON (${slower} slower in b's engine, ${faster} faster)`;
}

const compare = command({
  name: 'compare',
  usage: USAGE,
  options: {
    markdown: { type: 'boolean', default: false },
    alpha: { type: 'string', default: String(DEFAULT_ALPHA) },
    threshold: { type: 'string', default: String(DEFAULT_THRESHOLD) },
  },
  positionals: true,
  run({ values, positionals }) {
    const alpha = Number(values.alpha);
    const threshold = Number(values.threshold);
    if (!(alpha > 0 && alpha < 1)) throw new BenchError(`--alpha must be a number between 0 and 1, got "${values.alpha}"`, 'usage');
    if (!(threshold >= 0 && Number.isFinite(threshold))) throw new BenchError(`--threshold must be a number ≥ 0, got "${values.threshold}"`, 'usage');
    const [fileA, fileB, ...extra] = positionals;
    if (fileA === undefined || fileB === undefined || extra.length > 0) {
      throw new BenchError(`expected exactly two result files (a.json b.json), got ${positionals.length}`, 'usage');
    }
    const [a, b] = [readResultFile(fileA), readResultFile(fileB)];
    const report = compareResults(a, b, { alpha, threshold });
    const engines = otherEngines(a, b);
    if (engines) process.stdout.write(values.markdown ? `> ${engines}\n\n` : `${engines}\n\n`);
    const format = values.markdown ? formatMarkdown : formatText;
    process.stdout.write(format(report, { labels: { a: fileA, b: fileB } }));
    const answers = answerLines(a, b, { a: fileA, b: fileB });
    // The comparison's closing line again after the answers, so the output still ends with it (CI logs read the last line);
    // across engines, what the table says of the two engines instead.
    const last = engines ? enginesClosingLine(report) : closingLine(report);
    if (answers.length > 0)
      process.stdout.write(values.markdown ? `\n\`\`\`\n${answers.join('\n')}\n\`\`\`\n\n${last}\n` : `\n${answers.join('\n')}\n\n${last}\n`);
    // Across engines the table describes the engines, not the code: nothing in it is a regression.
    if (engines || !fails(report)) return 0;
    process.stderr.write(`compare: ${closingLine(report)}\n`);
    return 1;
  },
});

await main(compare);
