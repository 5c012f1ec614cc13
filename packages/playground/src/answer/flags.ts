/**
 * The constraints' checkboxes and their parameters in the address's query string
 * (constraints-url.ts). No imports and no labels: the first screen reads one (No eval decides how a
 * run measures) without loading the answer's code.
 */

/** The checkboxes of the constraints' form. */
export type ConstraintFlag = 'noEval' | 'exactInt64' | 'readableTraffic' | 'sharedSchemaOk';

/** Each checkbox's parameter in the address's query string. */
export const FLAG_PARAMS: Readonly<Record<ConstraintFlag, string>> = {
  noEval: 'no-eval',
  exactInt64: 'int64',
  readableTraffic: 'readable',
  sharedSchemaOk: 'shared-schema',
};

/** What a query string says of `flag`: `1` true, `0` false, anything else (or nothing) undefined. */
export function flagFromSearch(search: string, flag: ConstraintFlag): boolean | undefined {
  const value = new URLSearchParams(search).get(FLAG_PARAMS[flag]);
  return value === '1' ? true : value === '0' ? false : undefined;
}
