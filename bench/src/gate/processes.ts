import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import type { MeasureResult } from 'wirebench';
import { upgradeResult } from 'wirebench';

const RESULTS = 'bench/results/gate';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `--filter` that matches exactly these payload names. */
export const exactly = (payloads: readonly string[]): string => `^(${payloads.map(escapeRegExp).join('|')})$`;

let counter = 0;

/**
 * Runs `script` (a bench at the CI settings, --ci) in a fresh Node process, which writes its result to the file given
 * after `--json`; returns that result. Its tables go to this process's output, so CI logs show them.
 */
export function runInProcess(script: string, args: readonly string[], label: string, quiet = false): MeasureResult {
  mkdirSync(RESULTS, { recursive: true });
  const out = `${RESULTS}/${label}-${process.pid}-${++counter}.json`;
  execFileSync(process.execPath, [script, '--ci', ...args, '--json', out], { stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] });
  return upgradeResult(JSON.parse(readFileSync(out, 'utf8')) as unknown);
}
