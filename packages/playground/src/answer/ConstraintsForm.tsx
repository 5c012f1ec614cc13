/**
 * The constraints the recommendation is ranked under: the user's network, what the server sends,
 * a JavaScript budget, the least gain worth a switch and what the app cannot do without. Every change re-ranks at once (the answer
 * is computed from the finished run's figures, nothing is measured again).
 */

import type { ReactNode } from 'react';
import { useId } from 'react';
import type { ServedEncoding } from 'wirebench/answer';
import { DEFAULT_MIN_GAIN, MAX_BUNDLE_BUDGET_KB, MAX_MIN_GAIN_PERCENT, minGainShare, NETWORK_PRESETS } from 'wirebench/answer';
import type { ConstraintChoice } from './constraints.js';
import { budgetBytes, CONSTRAINT_FLAGS } from './constraints.js';

const SERVED_LABELS: Readonly<Record<ServedEncoding, string>> = { none: 'uncompressed', gzip: 'gzip', brotli: 'brotli' };

export interface ConstraintsFormProps {
  readonly choice: ConstraintChoice;
  /** The served encodings this run measured. */
  readonly measured: readonly ServedEncoding[];
  /** The served encoding the ranking uses (the choice's, or a fallback where it was not measured). */
  readonly served: ServedEncoding;
  readonly onChange: (choice: ConstraintChoice) => void;
}

export function ConstraintsForm({ choice, measured, served, onChange }: ConstraintsFormProps): ReactNode {
  const budgetInvalid = budgetBytes(choice.budgetKb) === undefined;
  const minGainInvalid = minGainShare(choice.minGainPercent) === undefined;
  const id = useId();
  return (
    <form className="constraints" onSubmit={(event) => event.preventDefault()}>
      <fieldset>
        <legend>Your constraints</legend>
        <div className="field wide">
          <label htmlFor={`${id}-network`}>Network</label>
          <select id={`${id}-network`} value={choice.network} onChange={(event) => onChange({ ...choice, network: event.target.value })}>
            {NETWORK_PRESETS.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-served`}>The server sends</label>
          <select id={`${id}-served`} value={served} onChange={(event) => onChange({ ...choice, served: event.target.value as ServedEncoding })}>
            {measured.map((s) => (
              <option key={s} value={s}>
                {SERVED_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-budget`}>JS budget, gzipped kB</label>
          <input
            id={`${id}-budget`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="none"
            value={choice.budgetKb}
            aria-invalid={budgetInvalid}
            aria-describedby={budgetInvalid ? `${id}-budget-error` : undefined}
            onChange={(event) => onChange({ ...choice, budgetKb: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-min-gain`}>Least gain worth a switch, % of JSON's time</label>
          <input
            id={`${id}-min-gain`}
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_MIN_GAIN_PERCENT}
            step="any"
            value={choice.minGainPercent}
            aria-invalid={minGainInvalid}
            aria-describedby={minGainInvalid ? `${id}-min-gain-error` : undefined}
            onChange={(event) => onChange({ ...choice, minGainPercent: event.target.value })}
          />
        </div>
        {served !== choice.served && (
          <p className="note">
            {SERVED_LABELS[choice.served]} was not measured in this browser: the figures are for {SERVED_LABELS[served]}.
          </p>
        )}
        {budgetInvalid && (
          <p className="error" id={`${id}-budget-error`}>
            Not a number of kB from 0 to {MAX_BUNDLE_BUDGET_KB.toLocaleString('en')}: no budget is applied.
          </p>
        )}
        {minGainInvalid && (
          <p className="error" id={`${id}-min-gain-error`}>
            Not a percent from 0 to {MAX_MIN_GAIN_PERCENT}: the default, {DEFAULT_MIN_GAIN * 100} %, applies.
          </p>
        )}
        {CONSTRAINT_FLAGS.map(({ flag, label }) => (
          <label key={flag} className="toggle">
            <input type="checkbox" checked={choice[flag]} onChange={(event) => onChange({ ...choice, [flag]: event.target.checked })} /> {label}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
