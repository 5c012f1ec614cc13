import type { MessageCodecs } from './interpret.js';
import type { Plans } from './plan.js';
import type { ValueCodec } from './value.js';

/** Generated per-message code for the plans, or undefined where a CSP forbids generated code. */
export function generatePlans(_plans: Plans, _value: ValueCodec): MessageCodecs | undefined {
  return undefined;
}
