/** report/answer-view.ts: what the renderings of an answer share; here the constraints on one line. */
import { describe, expect, it } from 'vitest';
import type { PayloadAnswer } from '../../src/answer/payload-answer.js';
import { rank } from '../../src/answer/rank.js';
import { constraintsSummary } from '../../src/report/answer-view.js';
import { EVERY_CONSTRAINT, inRounds, ROWS } from '../answer/fixtures.js';

const answerUnder = (constraints: Parameters<typeof rank>[1]): PayloadAnswer => ({
  networks: ['4g'],
  served: ['none', 'gzip'],
  rows: [],
  ranking: rank(inRounds(ROWS), constraints),
});

describe('constraintsSummary', () => {
  it('is the link alone under the defaults', () => {
    expect(constraintsSummary(answerUnder({ network: '4g', served: 'gzip' }))).toBe('4G with gzip');
    expect(constraintsSummary(answerUnder({ network: '3g-slow', served: 'none' }))).toBe('3G Slow uncompressed');
  });

  it('adds every constraint the user stated, after the link', () => {
    expect(constraintsSummary(answerUnder({ ...EVERY_CONSTRAINT, minGain: 0.02, cpuSlowdown: 6 }))).toBe(
      "4G with gzip, at most 10,000 B of gzipped JS, no eval (CSP without unsafe-eval), int64 kept exactly, human-readable traffic, no shared schema, a switch worth at least 2 % of JSON's time, users' CPUs 6× slower",
    );
  });
});
