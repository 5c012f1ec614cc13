/**
 * The one check of a result JSON read from elsewhere (a file, another device's download): `bench
 * compare`, the CI gate and the playground's device comparison all read results through it. It
 * checks, in depth, every field those readers use, so a file from another tool or an older
 * wirebench fails with one line that says what is wrong and where, never a TypeError in a reader.
 * The rest of the result (the engine's own bookkeeping) is trusted. Pure and browser-safe.
 */
import type { MeasureResult } from './types.js';
import { ISOLATIONS, RESULT_FORMAT, RESULT_VERSION } from './types.js';

type Json = Record<string, unknown>;

const ROW_KINDS: readonly string[] = ['codec', 'library', 'custom'];

/** Returns `value` as a `MeasureResult`, or throws an Error with a one-line message saying what is wrong. */
export function validateMeasureResult(value: unknown): MeasureResult {
  if (!isRecord(value)) throw new Error(`not a wirebench result: expected a JSON object, got ${describe(value)}`);
  if (value['format'] !== RESULT_FORMAT) {
    throw new Error(`not a wirebench result: "format" is ${describe(value['format'])}, expected "${RESULT_FORMAT}" (a file written from measure()'s result)`);
  }
  if (value['version'] !== RESULT_VERSION) {
    throw new Error(
      `wirebench result version ${describe(value['version'])} is not supported: this wirebench reads version ${RESULT_VERSION}; measure again with the same wirebench`,
    );
  }
  validateEnvironment(value['environment']);
  validateOptions(value['options']);
  const payloads = value['payloads'];
  must(Array.isArray(payloads), 'payloads', 'an array');
  unique(
    payloads.map((payload, p) => validatePayload(payload, `payloads[${p}]`)),
    'payloads',
  );
  return value as unknown as MeasureResult;
}

function validateEnvironment(environment: unknown): void {
  must(isRecord(environment), 'environment', 'an object');
  for (const key of ['runtime', 'runtimeVersion'] as const) must(typeof environment[key] === 'string', `environment.${key}`, 'a string');
  must(optional(environment['userAgent'], isString), 'environment.userAgent', 'a string');
  must(optional(environment['cores'], isFiniteNumber), 'environment.cores', 'a number');
}

/** The options readers use: how the payloads were kept apart (absent in results written before it was recorded). */
function validateOptions(options: unknown): void {
  // Older results may lack options a reader does not use; only what is there is checked.
  if (options === undefined) return;
  must(isRecord(options), 'options', 'an object');
  const isolation = options['isolation'];
  must(
    isolation === undefined || (typeof isolation === 'string' && (ISOLATIONS as readonly string[]).includes(isolation)),
    'options.isolation',
    ISOLATIONS.map((i) => `"${i}"`).join(', ').replace(/, ([^,]*)$/, ' or $1'),
  );
}

/** Checks one payload and returns its name. */
function validatePayload(payload: unknown, path: string): string {
  must(isRecord(payload), path, 'an object');
  must(isString(payload['name']), `${path}.name`, 'a string');
  must(isString(payload['reference']), `${path}.reference`, 'a string');
  must(optional(payload['error'], isString), `${path}.error`, 'a string');
  const rows = payload['rows'];
  must(Array.isArray(rows), `${path}.rows`, 'an array');
  // The answer and the byte attribution are read by the device import and compare: their shape is checked here, their sums by the tests that write them.
  const answer = payload['answer'];
  if (answer !== undefined) {
    must(isRecord(answer), `${path}.answer`, 'an object');
    const answerRows = answer['rows'];
    must(Array.isArray(answerRows), `${path}.answer.rows`, 'an array');
    answerRows.forEach((row: unknown, r) => {
      must(isRecord(row) && isString(row['name']), `${path}.answer.rows[${r}].name`, 'a string');
      must(Array.isArray(row['usable']), `${path}.answer.rows[${r}].usable`, 'an array');
      (row['usable'] as unknown[]).forEach((t, u) =>
        must(isRecord(t) && isString(t['network']) && isString(t['served']) && ['totalMs', 'decompressMs', 'decodeMs', 'transferMs'].every((k) => isFiniteNumber(t[k])), `${path}.answer.rows[${r}].usable[${u}]`, 'a time until usable (network, served and finite ms)'),
      );
    });
    const ranking = answer['ranking'];
    must(isRecord(ranking) && Array.isArray(ranking['ranked']), `${path}.answer.ranking.ranked`, 'an array');
    must(isRecord(ranking['network']) && isString(ranking['network']['id']), `${path}.answer.ranking.network.id`, 'a string');
    must(isRecord(ranking['constraints']) && isString(ranking['constraints']['served']), `${path}.answer.ranking.constraints.served`, 'a string');
  }
  const attribution = payload['attribution'];
  if (attribution !== undefined) {
    must(isRecord(attribution) && Array.isArray(attribution['formats']), `${path}.attribution.formats`, 'an array');
  }
  unique(
    rows.map((row, r) => validateRow(row, `${path}.rows[${r}]`)),
    `${path}.rows`,
  );
  return payload['name'];
}

/** Checks one row and returns its name. */
function validateRow(row: unknown, path: string): string {
  must(isRecord(row), path, 'an object');
  must(isString(row['name']), `${path}.name`, 'a string');
  must(typeof row['kind'] === 'string' && ROW_KINDS.includes(row['kind']), `${path}.kind`, '"codec", "library" or "custom"');
  must(optional(row['bytes'], isFiniteNumber), `${path}.bytes`, 'a number');
  must(optional(row['error'], isString), `${path}.error`, 'a string');
  const fidelity = row['fidelity'];
  if (fidelity !== undefined) {
    must(isRecord(fidelity), `${path}.fidelity`, 'an object');
    must(typeof fidelity['ok'] === 'boolean', `${path}.fidelity.ok`, 'a boolean');
    must(Array.isArray(fidelity['diffs']), `${path}.fidelity.diffs`, 'an array');
  }
  for (const key of ['compressed', 'decompressMs'] as const) {
    const byCompressor = row[key];
    if (byCompressor === undefined) continue;
    must(isRecord(byCompressor), `${path}.${key}`, 'an object');
    for (const [name, figure] of Object.entries(byCompressor)) must(isFiniteNumber(figure) && figure >= 0, `${path}.${key}.${name}`, 'a number ≥ 0');
  }
  for (const op of ['encode', 'decode'] as const) {
    if (row[op] !== undefined) validateOperation(row[op], `${path}.${op}`);
  }
  return row['name'];
}

function validateOperation(operation: unknown, path: string): void {
  must(isRecord(operation), path, 'an object');
  must(isFiniteNumber(operation['median']), `${path}.median`, 'a number');
  const vsJson = operation['vsJson'];
  if (vsJson === undefined) return;
  must(isRecord(vsJson), `${path}.vsJson`, 'an object');
  for (const key of ['estimate', 'low', 'high'] as const) must(typeof vsJson[key] === 'number', `${path}.vsJson.${key}`, 'a number');
  // JSON writes a per-round ratio that was not finite (a coarse timer's 0 ms) as null: allowed; compare leaves it out.
  const perRound = vsJson['perRound'];
  must(Array.isArray(perRound) && perRound.every((v) => typeof v === 'number' || v === null), `${path}.vsJson.perRound`, 'an array of numbers');
}

function must(condition: boolean, path: string, what: string): asserts condition {
  if (!condition) throw new Error(`malformed wirebench result: ${path} must be ${what}`);
}

function unique(names: readonly string[], path: string): void {
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) throw new Error(`malformed wirebench result: ${path} holds "${duplicate}" twice`);
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** Absent (JSON has no undefined) or passing `check`. */
const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'an array';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return 'an object';
}
