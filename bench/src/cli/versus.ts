import { formatEnvironment } from 'wirebench/report';
import { poolResults } from '../compare/pool.js';
import { formatVersusMarkdown, formatVersusText, VERSUS_LEGEND, versusLibraries, versusReport } from '../report/versus.js';
import { BenchError, command, main } from './command.js';
import { readResultFile } from './result-file.js';

/**
 * `npm run bench:versus -- result.json […]`: wirebench ÷ each library codec, per payload and
 * operation, from results measured with `--implementations all` (Node or browser). A report, not a
 * gate: exit 0 whatever the figures say, 2 when the arguments or a file are unusable (one line on
 * stderr, never a stack trace).
 */

const USAGE = `usage: npm run bench:versus -- [--markdown] [--pool] result.json [result.json …]
       node bench/dist/cli/versus.js [options] result.json [result.json …]

For each result file (npm run bench or npm run bench:browser, measured with --implementations all),
prints wirebench's time ÷ each library codec's time, for every payload, library and operation:
per interleaved round (wirebench's row "msgpack" ÷ the row "msgpack (msgpackr)" in the same round),
the median over rounds with its 95 % bootstrap interval; then per library and operation the
geometric mean over the payloads and the payload where wirebench does worst (max).

Above 1: wirebench is slower than the library. Marked: a payload above 1.25 (wirebench more than
25 % slower), a geometric mean above 1.00. Payloads where either codec errored, or wirebench did not
give the payload back, are left out with the reason; a library that did not give it back is still
counted, flagged LOSSY.

Options:
  --markdown    print GitHub Markdown tables (rows: payloads; columns: each library and operation)
                instead of plain text
  --pool        pool the files' rounds into one table (several runs of the same code in separate
                processes, as npm run bench:readme pools them; rounds stay paired within each run)
  -h, --help    print this text

Exit status: 0 the tables were printed (whatever they say), 2 bad arguments or an unreadable or
invalid file.
`;

const versus = command({
  name: 'bench:versus',
  usage: USAGE,
  options: {
    markdown: { type: 'boolean', default: false },
    pool: { type: 'boolean', default: false },
  },
  positionals: true,
  run({ values, positionals: files }) {
    if (files.length === 0) throw new BenchError('expected at least one result file', 'usage');
    // Every file is read and checked before anything is printed.
    const results = files.map((file) => ({ file, result: readResultFile(file) }));
    if (values.pool && files.length > 1) {
      const runtimes = new Set(results.map(({ result }) => `${result.environment.runtime} ${result.environment.runtimeVersion}`));
      if (runtimes.size > 1) throw new BenchError(`--pool takes runs of one runtime; these files come from ${[...runtimes].join(', ')}`, 'usage');
    }
    const tables =
      values.pool && files.length > 1 ? [{ file: `${files.join(' + ')} (pooled)`, result: poolResults(results.map(({ result }) => result)) }] : results;
    const out: string[] = [];
    for (const { file, result } of tables) {
      const report = versusReport(result);
      if (values.markdown) {
        const libraries = versusLibraries(report);
        out.push(
          `### ${file}`,
          '',
          `${report.runtime}, ${result.options.rounds} rounds, measured ${result.createdAt}.${libraries ? ` Libraries: ${libraries}.` : ''}`,
          '',
          VERSUS_LEGEND,
          '',
          formatVersusMarkdown(report),
          '',
        );
      } else {
        out.push(`== ${file}`, formatEnvironment(result), '', formatVersusText(report));
      }
    }
    process.stdout.write(values.markdown ? out.join('\n') : `${out.join('\n')}\n`.replace(/\n{3,}/g, '\n\n'));
    return 0;
  },
});

await main(versus);
