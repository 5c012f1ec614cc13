/**
 * The constraints in the address's query string (`?network=3g-slow&no-eval=1&min-gain=2&cpu=6`), only where they
 * differ from the defaults. The share link (share-link.ts) keeps the query and sets the hash, so a
 * shared link carries the constraints with the payload; a value the page does not know is ignored.
 */
import { minGainShare, NETWORK_PRESETS, SERVED_ENCODINGS } from 'wirebench/answer';
import type { ConstraintChoice } from './constraints.js';
import { budgetBytes, CONSTRAINT_FLAGS, DEFAULT_CHOICE, typedCpuSlowdown } from './constraints.js';
import { FLAG_PARAMS, flagFromSearch } from './flags.js';

/** The choice a query string holds, the defaults filling what it does not. */
export function choiceFromSearch(search: string): ConstraintChoice {
  const params = new URLSearchParams(search);
  const network = params.get('network');
  const served = params.get('served');
  const budget = params.get('budget');
  const minGain = params.get('min-gain');
  const cpu = params.get('cpu');
  const choice: { -readonly [K in keyof ConstraintChoice]: ConstraintChoice[K] } = { ...DEFAULT_CHOICE };
  if (network !== null && NETWORK_PRESETS.some((p) => p.id === network)) choice.network = network;
  const encoding = SERVED_ENCODINGS.find((s) => s === served);
  if (encoding) choice.served = encoding;
  if (budget !== null && typeof budgetBytes(budget) === 'number') choice.budgetKb = budget;
  if (minGain !== null && minGainShare(minGain) !== undefined) choice.minGainPercent = minGain;
  if (cpu !== null && typeof typedCpuSlowdown(cpu) === 'number') choice.cpuSlowdownText = cpu;
  for (const { flag } of CONSTRAINT_FLAGS) choice[flag] = flagFromSearch(search, flag) ?? choice[flag];
  return choice;
}

/** `search` with the choice's parameters set where they differ from the defaults, and removed where not; other parameters kept. */
export function searchWithChoice(search: string, choice: ConstraintChoice): string {
  const params = new URLSearchParams(search);
  const set = (name: string, value: string, isDefault: boolean): void => {
    if (isDefault) params.delete(name);
    else params.set(name, value);
  };
  set('network', choice.network, choice.network === DEFAULT_CHOICE.network);
  set('served', choice.served, choice.served === DEFAULT_CHOICE.served);
  set('budget', choice.budgetKb.trim(), typeof budgetBytes(choice.budgetKb) !== 'number');
  const minGain = minGainShare(choice.minGainPercent);
  set('min-gain', choice.minGainPercent.trim(), minGain === undefined || minGain === minGainShare(DEFAULT_CHOICE.minGainPercent));
  set('cpu', choice.cpuSlowdownText.trim(), typeof typedCpuSlowdown(choice.cpuSlowdownText) !== 'number');
  for (const { flag } of CONSTRAINT_FLAGS) set(FLAG_PARAMS[flag], choice[flag] ? '1' : '0', choice[flag] === DEFAULT_CHOICE[flag]);
  const query = params.toString();
  return query ? `?${query}` : '';
}
