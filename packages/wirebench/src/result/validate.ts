/**
 * The one check of a result JSON read from elsewhere (a file, another device's download): `bench
 * compare`, `bench:versus`, the CI gate, `bench:readme` and the playground's device comparison all
 * read results through it. It checks the whole saved result in depth against the schemas of
 * schema.ts, the same definition the result's types are held to, so a file from another tool
 * or an older wirebench fails with one line that says what is wrong and where, never a TypeError in
 * a reader. Pure and browser-safe.
 */
import { WirebenchError } from '@wirebench/core';
import * as v from 'valibot';
import { RESULT_FORMAT, RESULT_VERSION } from '../measure/types.js';
import { measureResultSchema } from './schema.js';
import type { WirebenchResult } from './types.js';

/** The versions a reader takes: version 1 through `upgradeResult`, which brings it to this one. */
const READ_VERSIONS = [1, RESULT_VERSION] as const;

/** Returns `value` itself as a `WirebenchResult`, or throws a WirebenchError with a one-line message saying what is wrong and where. */
export function validateMeasureResult(value: unknown): WirebenchResult {
  if (!isRecord(value)) throw new WirebenchError(`not a wirebench result: expected a JSON object, got ${describe(value)}`);
  if (value['format'] !== RESULT_FORMAT) {
    throw new WirebenchError(
      `not a wirebench result: "format" is ${describe(value['format'])}, expected "${RESULT_FORMAT}" (a file written from measure()'s result)`,
    );
  }
  if (value['version'] !== RESULT_VERSION) throw new WirebenchError(versionText(value['version']));
  // The first issue is enough to say what is wrong, and stopping there keeps a bad 20 MB file quick.
  const checked = v.safeParse(measureResultSchema, value, { abortEarly: true });
  if (!checked.success) throw new WirebenchError(`malformed wirebench result: ${issueText(checked.issues[0])}`);
  // The value itself, not valibot's copy: the copy leaves out keys the schema does not name, and the
  // schema's output is WirebenchResult (schema.ts checks the two are the same at compile time).
  return value as unknown as WirebenchResult;
}

/** Why a result of `version` is not read here, and what to do about it. */
function versionText(version: unknown): string {
  const read = `versions ${READ_VERSIONS.join(' and ')}`;
  if (version === READ_VERSIONS[0]) return `wirebench result version ${version} is read through upgradeResult, which brings it to version ${RESULT_VERSION}`;
  if (typeof version === 'number' && Number.isInteger(version) && version > RESULT_VERSION) {
    return `wirebench result version ${version} was written by a newer wirebench: this one reads ${read}; update wirebench to read it`;
  }
  return `wirebench result version ${describe(version)} is not supported: this wirebench reads ${read}`;
}

/** `payloads[0].answer.ranking.ranked[0] must be an object, got null`. */
function issueText(issue: v.BaseIssue<unknown>): string {
  const path = pathText(issue.path ?? []);
  // A check of several values at once (two rows with one name) says all in its message.
  if (issue.type === 'raw_check') return `${path} ${issue.message}`;
  // An object's issue for one of its keys: the key is absent.
  if (issue.type === 'object' && issue.received === 'undefined' && issue.path !== undefined) return `${path} is missing`;
  return `${path} must be ${issue.message}, got ${describe(issue.input)}`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The path as JavaScript would write it: `payloads[0].rows[1].compressed.gzip`, `libraries["cbor-x"]`. */
function pathText(path: readonly v.IssuePathItem[]): string {
  let text = '';
  for (const { key } of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (typeof key === 'string' && IDENTIFIER.test(key)) text += text === '' ? key : `.${key}`;
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text === '' ? 'the result' : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a value is, in a few words on one line (a string is quoted, and cut when long). */
function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return 'an object';
}
