/**
 * `npm run bench:cli-runs -- <file>…`: the CLI as a user meets it, timed and repeated. Each file is
 * measured by `wirebench <file>` (the default settings unless flags follow `--`) in `--repeat`
 * fresh processes; each run's wall time (process start to exit, as the user waits for it) and its
 * verdict are printed. It fails when a file's runs disagree on the verdict (kind, and the row
 * named) or a run takes longer than `--max-seconds`: the two promises of the answer, one verdict
 * whatever the run and a default run of a file up to 1 MB within 10 s on this machine.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { upgradeResult } from 'wirebench';
import { brief, verdict } from 'wirebench/answer';
import { verdictSentence } from 'wirebench/report';
import { BenchError, command, main } from './command.js';

const CLI = fileURLToPath(new URL('../../../packages/wirebench/bin/wirebench.js', import.meta.url));

const USAGE = `npm run bench:cli-runs -- <file>… [--repeat <n>] [--max-seconds <s>] [-- <wirebench flags>]

Runs npx wirebench on each file in --repeat fresh processes (default 5), at the CLI's defaults or with
the wirebench flags given after a second --, and prints each run's wall time and verdict. Exit 1 when
a file's runs give more than one verdict (its kind and the row it names) or any run takes longer than
--max-seconds (default 10: the CLI's promise for a file up to 1 MB); 2 for bad arguments.`;

interface Run {
  readonly seconds: number;
  /** The verdict's kind and named row, the part that must not change between runs. */
  readonly key: string;
  readonly sentence: string;
}

/** One `wirebench <file> --json` in a fresh process: its wall time and the verdict of its one payload. */
function runCli(file: string, flags: readonly string[]): Run {
  const started = performance.now();
  const child = spawnSync(process.execPath, [CLI, file, ...flags, '--json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new BenchError(`wirebench ${file} exited ${String(child.status)}: ${child.stderr.trim().split('\n').at(-1) ?? ''}`);
  const result = upgradeResult(JSON.parse(child.stdout) as unknown);
  const payload = result.payloads[0];
  if (!payload?.answer) throw new BenchError(`wirebench ${file} gave no answer: ${payload?.answerError ?? payload?.error ?? 'no payload'}`);
  const v = verdict(payload.answer.ranking);
  const b = brief(v);
  return { seconds, key: `${b.kind}${b.named ? ` ${b.named.name}` : ''}`, sentence: verdictSentence(v) };
}

const cliRuns = command({
  name: 'bench:cli-runs',
  usage: USAGE,
  positionals: true,
  options: { repeat: { type: 'string', default: '5' }, 'max-seconds': { type: 'string', default: '10' } },
  run({ values, positionals }, argv) {
    const repeat = Number(values.repeat);
    const maxSeconds = Number(values['max-seconds']);
    if (!(Number.isInteger(repeat) && repeat >= 1 && repeat <= 100))
      throw new BenchError(`--repeat must be a whole number from 1 to 100, got "${values.repeat}"`, 'usage');
    if (!(maxSeconds > 0 && Number.isFinite(maxSeconds)))
      throw new BenchError(`--max-seconds must be a number above 0, got "${values['max-seconds']}"`, 'usage');
    // The wirebench flags are what follows a second `--` (npm takes the first).
    const split = argv.indexOf('--');
    const flags = split >= 0 ? argv.slice(split + 1) : [];
    const files = split >= 0 ? positionals.filter((p) => !flags.includes(p)) : positionals;
    if (files.length === 0) throw new BenchError('give at least one JSON file', 'usage');
    let failed = false;
    for (const file of files) {
      const runs: Run[] = [];
      for (let i = 1; i <= repeat; i++) {
        const run = runCli(file, flags);
        runs.push(run);
        console.log(`${file} run ${i}: ${run.seconds.toFixed(1)} s; ${run.sentence}`);
      }
      const verdicts = new Set(runs.map((r) => r.key));
      const slowest = Math.max(...runs.map((r) => r.seconds));
      const times = runs.map((r) => r.seconds.toFixed(1)).join(', ');
      const agree = verdicts.size === 1;
      const inTime = slowest <= maxSeconds;
      failed ||= !agree || !inTime;
      console.log(
        `${file}: ${agree ? `one verdict in ${repeat} runs (${[...verdicts][0]})` : `${verdicts.size} verdicts in ${repeat} runs: ${[...verdicts].join(' | ')}`}; wall ${times} s${inTime ? '' : `, over ${maxSeconds} s`}\n`,
      );
    }
    return failed ? 1 : 0;
  },
});

await main(cliRuns);
