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

  it('keeps a least gain it can use (a percent from 0 to 99), writes it back unless it is the default, and ignores any other', () => {
    for (const minGain of ['0', '2.5', '20', '99']) {
      const choice = choiceFromSearch(`?min-gain=${minGain}`);
      expect(choice.minGainPercent).toBe(minGain);
      expect(searchWithChoice('', choice)).toBe(`?min-gain=${minGain}`);
      expect(toConstraints(choice, ['none', 'gzip']).minGain).toBe(Number(minGain) / 100);
    }
    for (const minGain of ['100', '-1', 'NaN', 'five', '']) {
      expect(choiceFromSearch(`?min-gain=${minGain}`).minGainPercent, minGain).toBe(DEFAULT_CHOICE.minGainPercent);
    }
    expect(searchWithChoice('?min-gain=2', { ...DEFAULT_CHOICE, minGainPercent: '5' })).toBe('');
    expect(searchWithChoice('', { ...DEFAULT_CHOICE, minGainPercent: 'x' })).toBe('');
    expect(toConstraints({ ...DEFAULT_CHOICE, minGainPercent: 'x' }, ['gzip'])).not.toHaveProperty('minGain');
  });

  it("keeps the users' CPU slowdown it can use (above 1, at most 20), writes it back, and ignores any other", () => {
    for (const cpu of ['6', '2.5', '20', '3x']) {
      const choice = choiceFromSearch(`?cpu=${cpu}`);
      expect(choice.cpuSlowdownText).toBe(cpu);
      expect(searchWithChoice('', choice)).toBe(`?cpu=${cpu}`);
      expect(toConstraints(choice, ['none', 'gzip']).cpuSlowdown).toBe(Number.parseFloat(cpu));
    }
    for (const cpu of ['1', '0.5', '21', 'NaN', 'fast', '']) {
      expect(choiceFromSearch(`?cpu=${cpu}`).cpuSlowdownText, cpu).toBe('');
    }
    expect(searchWithChoice('?cpu=6', DEFAULT_CHOICE)).toBe('');
    expect(toConstraints({ ...DEFAULT_CHOICE, cpuSlowdownText: '1' }, ['gzip'])).not.toHaveProperty('cpuSlowdown');
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
