/**
 * The constraints in the playground's address (src/answer/constraints-url.ts): a value the page
 * cannot use is ignored, so the recommendation is never replaced by an error the user did not type.
 */
import { describe, expect, it } from 'vitest';
import { budgetBytes, DEFAULT_CHOICE, toConstraints } from '../../src/answer/constraints.js';
import { choiceFromSearch, searchWithChoice } from '../../src/answer/constraints-url.js';

describe('choiceFromSearch', () => {
  it('ignores a budget that is not a number of kB it can turn into bytes', () => {
    for (const budget of ['1e306', '1e308', 'Infinity', 'NaN', '-0', '-1', '0x10', 'ten']) {
      expect(choiceFromSearch(`?budget=${budget}`).budgetKb, budget).toBe(DEFAULT_CHOICE.budgetKb);
    }
  });

  it('keeps a budget it can use, and writes it back', () => {
    for (const budget of ['0', '10', '2.5', '1e9']) {
      const choice = choiceFromSearch(`?budget=${budget}`);
      expect(choice.budgetKb).toBe(budget);
      expect(searchWithChoice('', choice)).toBe(`?budget=${budget}`);
      expect(toConstraints(choice, ['none', 'gzip']).bundleBudgetBytes).toBe(Math.round(Number(budget) * 1000));
    }
  });
});

describe('budgetBytes', () => {
  it('is null for no budget, whole bytes for a usable one, undefined otherwise (never Infinity)', () => {
    expect(budgetBytes(' ')).toBeNull();
    expect(budgetBytes('10')).toBe(10_000);
    expect(budgetBytes('1e306')).toBeUndefined();
    expect(budgetBytes('1e308')).toBeUndefined();
  });
});
