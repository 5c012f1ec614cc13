import { WirebenchError } from '@wirebench/core';
import type { WirebenchResult } from '../result/types.js';
import type { Constraints } from './constraints.js';
import { resolveConstraints } from './constraints.js';
import type { AnswerOptions } from './payload-answer.js';
import { answerPayload } from './payload-answer.js';

/**
 * `result` with every measured payload's answer under `constraints` (`answer`), or why it has none
 * (`answerError`: no measured JSON row, say). Bad constraints throw (a WirebenchError) before any
 * payload is touched.
 */
export function withAnswers(result: WirebenchResult, constraints: Constraints, options: AnswerOptions = {}): WirebenchResult {
  resolveConstraints(constraints);
  return {
    ...result,
    payloads: result.payloads.map((answered) => {
      // An answer already there (a result file answered again, under other constraints) is replaced.
      const { answer: _answer, answerError: _answerError, ...payload } = answered;
      if (payload.error !== undefined) return payload;
      try {
        return { ...payload, answer: answerPayload(payload, constraints, options) };
      } catch (error) {
        if (!(error instanceof WirebenchError)) throw error;
        return { ...payload, answerError: error.message };
      }
    }),
  };
}
