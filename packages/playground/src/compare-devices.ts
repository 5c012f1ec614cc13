/**
 * What "Compare devices" (Compare.tsx) computes from an imported result, apart from React so that a
 * test in Node can feed it any file: the result read by the tool's one reader (upgradeResult: any version wirebench wrote, checked), the payload
 * paired with this run's, each device named by its runtime and engine, the encode and decode cells
 * of each codec row on both devices, both devices' time until usable under the other device's
 * constraints, and each device's verdict, whether it changes between them.
 */

import { upgradeResult } from 'wirebench';
import type { Constraints, withAnswers } from 'wirebench/answer';
import type { AnswerComparison, DeviceUsable } from 'wirebench/report';
import { compareAnswers, decompressionWords, formatDuration, formatMs, formatRatio, runtimeWords, verdictLines } from 'wirebench/report';
import type { ResultPayload, RowResult, WirebenchResult } from './protocol.js';

/** The result JSON in `text`, checked field by field, or an Error saying why it cannot be shown. */
export function readResult(text: string): WirebenchResult {
  const value: unknown = JSON.parse(text);
  try {
    const result = upgradeResult(value);
    if (result.payloads.length === 0) throw new Error('the result holds no payloads');
    return result;
  } catch (error) {
    throw new Error(`not a result this page can show: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * A device by its runtime and JavaScript engine, platform and cores: `WebKitGTK 2.50.6
 * (JavaScriptCore) on Linux x86_64, 8 cores`, `Node v20.19.0 (V8) on linux, 2 cores`. The engine,
 * not the user agent: WebKitGTK's names a Safari that does not exist, and the engine is what the
 * figures differ by.
 */
export function deviceName(result: WirebenchResult): string {
  const env = result.environment;
  return `${runtimeWords(env)}${env.platform ? ` on ${env.platform}` : ''}${env.cores !== undefined ? `, ${env.cores} cores` : ''}`;
}

/** The imported payload to set beside this run's: the one named alike, else its first. */
export function theirPayload(mine: ResultPayload | undefined, other: WirebenchResult): ResultPayload | undefined {
  return other.payloads.find((p) => p.name === mine?.name) ?? other.payloads[0];
}

/** A row's median time and its ratio to JSON: `74.7 µs (0.62×)`. */
function timeCell(row: RowResult | undefined, op: 'encode' | 'decode'): string {
  const o = row?.[op];
  if (!o) return '—';
  return o.vsJson ? `${formatDuration(o.median)} (${formatRatio(o.vsJson.estimate)})` : formatDuration(o.median);
}

/** One codec row of the imported payload with the same row of this run. */
export interface DeviceRow {
  readonly name: string;
  readonly encodeHere: string;
  readonly encodeThere: string;
  readonly decodeHere: string;
  readonly decodeThere: string;
}

/** The imported payload's codec rows, each beside this run's row of that name. */
export function deviceRows(mine: ResultPayload | undefined, theirs: ResultPayload): DeviceRow[] {
  return theirs.rows
    .filter((r) => r.kind === 'codec')
    .map((row) => {
      const here = mine?.rows.find((r) => r.name === row.name);
      return {
        name: row.name,
        encodeHere: timeCell(here, 'encode'),
        encodeThere: timeCell(row, 'encode'),
        decodeHere: timeCell(here, 'decode'),
        decodeThere: timeCell(row, 'decode'),
      };
    });
}

/**
 * The imported payload's answer beside this device's under the same constraints: the other
 * device's (its network, what the server sends, its budget…) where its file carries an answer;
 * else both are answered here under `constraints`, this page's (a file of an older wirebench, whose
 * answer the upgrade leaves out, or a bench result, which never had one). Null when neither device
 * has a figure to compare. Constraints this wirebench cannot apply (a network preset it does not
 * know) throw a WirebenchError, figures it cannot answer from an Error. `answer` is core's `withAnswers`,
 * passed in so the page loads the answer's code only when needed.
 */
export function answersSideBySide(
  answer: typeof withAnswers,
  result: WirebenchResult,
  mine: ResultPayload,
  other: WirebenchResult,
  theirs: ResultPayload,
  constraints: Constraints,
): AnswerComparison | null {
  const there = theirs.answer ? { ...other, payloads: [theirs] } : answer({ ...other, payloads: [theirs] }, constraints);
  const answered = there.payloads[0]?.answer;
  const why = there.payloads[0]?.answerError;
  if (why !== undefined) throw new Error(`the other device's figures give no answer: ${why}`);
  if (!answered) return null;
  const here = answer({ ...result, payloads: [mine] }, answered.ranking.constraints);
  // Named alike, so the two pair up whatever each device called the payload.
  const [side] = compareAnswers({ ...there, payloads: [{ ...theirs, answer: answered, name: mine.name }] }, here);
  return side ?? null;
}

/**
 * What the imported answer's decompression figures are, when they are not the streaming model this
 * page's are (an answer an older wirebench saved, or a result measured before the streaming rate):
 * then the device parts differ by method as well as by device, and the page says so. Undefined when
 * every figure of its served encoding is modelled from a streaming rate.
 */
export function theirDecompression(theirs: ResultPayload): string | undefined {
  const answer = theirs.answer;
  if (!answer) return undefined;
  const served = answer.ranking.constraints.served;
  const streamed = answer.rows.every((row) => row.usable.every((t) => t.served !== served || t.inflateFrom === 'stream'));
  return streamed ? undefined : decompressionWords(answer);
}

/** The link the comparison is on, by name where it is the imported ranking's (`4G`), else its id. */
export function comparisonLink(answers: AnswerComparison, theirs: ResultPayload): string {
  const network = theirs.answer?.ranking.network;
  return network && answers.network === network.id ? network.name : answers.network;
}

/** One device's cell of the side-by-side: `41.2 ms (device 2.30 ms), #1`. */
export function usableCell(d: DeviceUsable | undefined): string {
  if (!d) return '—';
  return `${formatMs(d.totalMs)} (device ${formatMs(d.deviceMs)})${d.rank !== undefined ? `, #${d.rank}` : ''}`;
}

/** Each device's verdict and whether it changes between them, in the words of the answer comparison (verdictLines). */
export interface DevicesVerdict {
  readonly changes: boolean;
  /** One line when both say the same, else one naming each device's; then the rows whose order flips, and a warning where the constraints differ. */
  readonly lines: readonly string[];
}

/** What each device's own ranking recommends, named by its runtime and engine: the imported result is `a`, this run `b`. */
export function devicesVerdict(answers: AnswerComparison): DevicesVerdict {
  return { changes: answers.verdicts.changes, lines: verdictLines(answers, { a: 'the other device', b: 'this device' }) };
}
