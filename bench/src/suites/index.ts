import { accessSuite } from './access.js';
import { canonicalSuite } from './canonical.js';
import { dynamicSuite } from './dynamic.js';
import type { Suite } from './suite.js';
import { sweepSuite } from './sweep.js';

/** The built-in suites, by the name `--suite` takes. Browser-safe: the files suite lives apart, in Node. */
export const SUITES = {
  canonical: canonicalSuite,
  sweep: sweepSuite,
  access: accessSuite,
  dynamic: dynamicSuite,
} as const satisfies Readonly<Record<string, Suite>>;

export type SuiteName = keyof typeof SUITES;
export const SUITE_NAMES = Object.keys(SUITES) as SuiteName[];
