import type { SuiteName } from '../cli/options.js';
import { accessSuite } from './access.js';
import { canonicalSuite } from './canonical.js';
import type { Suite } from './suite.js';
import { sweepSuite } from './sweep.js';

/** The built-in suites, by the name `--suite` takes. Browser-safe: the files suite lives apart, in Node. */
export const SUITES: Readonly<Record<SuiteName, Suite>> = {
  canonical: canonicalSuite,
  sweep: sweepSuite,
  access: accessSuite,
};
