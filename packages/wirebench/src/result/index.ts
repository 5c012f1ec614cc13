export type { AttributionSource } from './attribution.js';
export { attributionSource, withAttribution } from './attribution.js';
export type { ResultPayload, WirebenchResult } from './types.js';
export { upgradeResult } from './upgrade.js';
export { validateMeasureResult } from './validate.js';
