/** answer/index.ts: the public names of the answer, in one place for the entry the lead wires. */
import { describe, expect, it } from 'vitest';
import * as answer from '../../src/answer/index.js';

describe('answer/index', () => {
  it('exports the answer’s functions and tables', () => {
    expect(Object.keys(answer).sort()).toEqual(
      [
        'BUNDLE_GZIP_BYTES',
        'BUNDLE_MEASURED_WITH',
        'DEFAULT_NETWORK_IDS',
        'answerPayload',
        'isNodeOnly',
        'jsBytesOf',
        'payloadFacts',
        'withAnswers',
        'IMPLEMENTATION_CAPABILITIES',
        'NETWORK_PRESETS',
        'NETWORK_ROLES',
        'NETWORK_SOURCE',
        'READABLE_FORMATS',
        'SERVED_ENCODINGS',
        'breakEven',
        'bundleBudgetBytes',
        'MAX_BUNDLE_BUDGET_KB',
        'DEFAULT_MIN_GAIN',
        'MIN_ROUNDS',
        'otherNetworks',
        'CPU_SLOWDOWNS',
        'onSlowerCpu',
        'brief',
        'NOISE_ALPHA',
        'roundsToWin',
        'MAX_MIN_GAIN_PERCENT',
        'minGainShare',
        'capabilitiesOf',
        'constraintExclusions',
        'downloadMs',
        'findNetworkPreset',
        'isReadable',
        'needsSharedSchema',
        'rank',
        'resolveConstraints',
        'resolvePreset',
        'responsesToRepay',
        'missingFigure',
        'rowCapabilities',
        'rowFacts',
        'rowTimeUntilUsable',
        'servedParts',
        'timeUntilUsable',
        'timeUntilUsableAcross',
        'transfer',
        'verdict',
      ].sort(),
    );
  });
});
