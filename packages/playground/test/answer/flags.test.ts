/** The constraints' checkboxes in the address (src/answer/flags.ts), which a run reads No eval from. */
import { describe, expect, it } from 'vitest';
import { FLAG_PARAMS, flagFromSearch } from '../../src/answer/flags.js';

describe('flagFromSearch', () => {
  it('reads 1 and 0 of each flag by its parameter, and nothing else', () => {
    expect(flagFromSearch('?no-eval=1', 'noEval')).toBe(true);
    expect(flagFromSearch('?network=4g&no-eval=0', 'noEval')).toBe(false);
    for (const search of ['', '?no-eval', '?no-eval=true', '?no-eval=2', '?noEval=1']) expect(flagFromSearch(search, 'noEval'), search).toBeUndefined();
    for (const [flag, param] of Object.entries(FLAG_PARAMS)) expect(flagFromSearch(`?${param}=1`, flag as keyof typeof FLAG_PARAMS), param).toBe(true);
  });
});
