/**
 * The frame of every bench command: it declares its name, usage text and options; the frame parses
 * the arguments with the one shared parser (`parseCommandLine`: `node:util` parseArgs, strict, a
 * negative number taken as a value), prints the usage for `-h`/`--help`, runs the command and
 * turns what it returns into the exit code. A failure is one line on stderr, `name: message`,
 * never a stack trace: exit 2 for a bad argument (the line then points to --help) or input that
 * cannot be used, exit 1 for a run that failed.
 */
import type { CommandLine, CommandOptions } from 'wirebench/node';
import { PayloadFileError, parseCommandLine, UsageError } from 'wirebench/node';
import { BenchError } from '../errors.js';

export { BenchError };

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

export interface Command<O extends CommandOptions> {
  /** What starts every line the frame prints on stderr: `bench`, `bench:compare`, … */
  readonly name: string;
  /** What `--help` prints. */
  readonly usage: string;
  /** Its options, as parseArgs takes them (`-h`/`--help` is added by the frame). */
  readonly options: O;
  /** Whether it takes positional arguments (files, folders); without, one is a bad argument. */
  readonly positionals?: boolean;
  /** Runs with the parsed arguments (and the raw ones, for a command that records them); returns the exit code. */
  run(line: CommandLine<O>, argv: readonly string[]): number | Promise<number>;
}

/** A command, its options' types inferred from their declaration. */
export function command<const O extends CommandOptions>(definition: Command<O>): Command<O> {
  return definition;
}

/** What the user sees of an error: the one error type, with core's usage and payload-file errors read as ours. */
function benchError(error: unknown): BenchError {
  if (error instanceof BenchError) return error;
  if (error instanceof UsageError) return new BenchError(error.message, 'usage');
  if (error instanceof PayloadFileError) return new BenchError(error.message, 'input');
  return new BenchError(error instanceof Error ? error.message : String(error));
}

/** Parses `argv`, runs the command and returns its exit code; whatever it throws is one line on stderr. */
export async function runCommand<O extends CommandOptions>(definition: Command<O>, argv: readonly string[] = process.argv.slice(2)): Promise<number> {
  try {
    const line = parseCommandLine(argv, { ...definition.options, ...HELP });
    if ((line.values as { help?: boolean }).help) {
      console.log(definition.usage.trimEnd());
      return 0;
    }
    if (!definition.positionals && line.positionals.length > 0) throw new BenchError(`unexpected argument "${line.positionals[0]}"`, 'usage');
    return await definition.run(line as unknown as CommandLine<O>, argv);
  } catch (error) {
    const failure = benchError(error);
    console.error(`${definition.name}: ${failure.message.split('\n')[0]}${failure.kind === 'usage' ? ' (see --help)' : ''}`);
    return failure.exitCode;
  }
}

/** The entry of a command's module: runs it on the process's arguments and sets the exit code. */
export async function main<O extends CommandOptions>(definition: Command<O>): Promise<void> {
  process.exitCode = await runCommand(definition);
}
