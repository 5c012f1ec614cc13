/**
 * What bench:compare sets beside its timing table: both results' answers, their verdicts compared
 * (wirebench/report's answer comparison). A result that carries no answer (npm run bench,
 * bench:browser) is answered here first, so two engines' bench:browser results compare too; and
 * whether the two come from different engines or runtimes, where the timing table describes the
 * engines rather than a change of code.
 */

import type { WirebenchResult } from 'wirebench';
import type { Constraints } from 'wirebench/answer';
import { ANSWER_DEFAULTS, findNetworkPreset, measuredServed, withAnswers } from 'wirebench/answer';
import { runtimeWords, servedWords } from 'wirebench/report';

/** Whether a result carries answers: some payload answered, or saying why not. */
const answeredAlready = (result: WirebenchResult): boolean => result.payloads.some((p) => p.answer !== undefined || p.answerError !== undefined);

/**
 * The default constraints (ANSWER_DEFAULTS, nothing else stated), served uncompressed where some
 * measured payload of either result has no gzip figures (a run that timed no decompression).
 */
export function defaultConstraints(...results: readonly WirebenchResult[]): Constraints {
  const measured = results.flatMap((r) => r.payloads.filter((p) => p.error === undefined));
  const gzip = measured.every((p) => measuredServed(p).includes(ANSWER_DEFAULTS.served));
  return { network: ANSWER_DEFAULTS.network, served: gzip ? ANSWER_DEFAULTS.served : 'none' };
}

/** The two results, answered where they were not, and a line saying how, when any was answered here. */
export interface AnsweredPair {
  readonly a: WirebenchResult;
  readonly b: WirebenchResult;
  readonly note?: string;
}

const constraintWords = (c: Constraints): string => `${findNetworkPreset(c.network).name} ${servedWords(c.served)}`;

/**
 * `a` and `b` as they are where both carry answers; else the one without, under the other's
 * constraints (its first answered payload's, so the two rankings are alike), or both under the
 * default constraints. A payload the answer cannot be drawn from keeps its answerError.
 */
export function answerBoth(a: WirebenchResult, b: WirebenchResult): AnsweredPair {
  const [hasA, hasB] = [answeredAlready(a), answeredAlready(b)];
  if (hasA && hasB) return { a, b };
  if (hasA || hasB) {
    const [answered, bare, side] = hasA ? ([a, b, 'b'] as const) : ([b, a, 'a'] as const);
    const ranking = answered.payloads.find((p) => p.answer)?.answer?.ranking;
    const constraints = ranking?.constraints ?? defaultConstraints(bare);
    const other = withAnswers(bare, constraints);
    const note = `${side} carries no answers: answered here under ${side === 'a' ? 'b' : 'a'}'s constraints (${constraintWords(constraints)})`;
    return hasA ? { a, b: other, note } : { a: other, b, note };
  }
  const constraints = defaultConstraints(a, b);
  return {
    a: withAnswers(a, constraints),
    b: withAnswers(b, constraints),
    note: `neither result carries answers: both answered here under the default constraints (${constraintWords(constraints)}, no other constraint; wirebench --help lists them)`,
  };
}

/** The engine or runtime a result ran in, apart from its version: `chromium`, `webkit`, `node`, `chrome`. */
function engineKey(result: WirebenchResult): string {
  const env = result.environment;
  return env.engine?.name ?? (env.runtime === 'node' ? 'node' : (env.runtimeVersion.split(' ')[0] ?? '').toLowerCase());
}

/**
 * Where `a` and `b` ran in different engines or runtimes (not merely other versions of one), the line
 * that says so at the top of the output; undefined where they ran in the same.
 */
export function otherEngines(a: WirebenchResult, b: WirebenchResult): string | undefined {
  if (engineKey(a) === engineKey(b)) return undefined;
  return `a and b ran in different engines: a in ${runtimeWords(a.environment)}, b in ${runtimeWords(b.environment)}. The table reads as b's engine against a's, not as a change of code, so no row fails the comparison (exit 0).`;
}
