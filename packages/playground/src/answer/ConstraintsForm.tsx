/**
 * The constraints the recommendation is ranked under: the user's network, what the server sends,
 * a JavaScript budget, the least gain worth a switch, how much slower the users' CPUs are and what
 * the app cannot do without. Every change re-ranks at once (the answer
 * is computed from the finished run's figures, nothing is measured again).
 */

import type { ReactNode } from 'react';
import { useId } from 'react';
import type { ServedEncoding } from 'wirebench/answer';
import { DEFAULT_MIN_GAIN, MAX_BUNDLE_BUDGET_KB, MAX_CPU_SLOWDOWN, MAX_MIN_GAIN_PERCENT, minGainShare, NETWORK_PRESETS } from 'wirebench/answer';
import type { ConstraintChoice } from './constraints.js';
import { budgetBytes, CONSTRAINT_FLAGS, typedCpuSlowdown } from './constraints.js';

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
  const cpuInvalid = typedCpuSlowdown(choice.cpuSlowdownText) === null;
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
        <NumberField
          id={`${id}-budget`}
          label="JS budget, gzipped kB"
          min={0}
          placeholder="none"
          value={choice.budgetKb}
          invalid={budgetInvalid}
          onChange={(budgetKb) => onChange({ ...choice, budgetKb })}
        />
        <NumberField
          id={`${id}-min-gain`}
          label="Least gain worth a switch, % of JSON's time"
          min={0}
          max={MAX_MIN_GAIN_PERCENT}
          value={choice.minGainPercent}
          invalid={minGainInvalid}
          onChange={(minGainPercent) => onChange({ ...choice, minGainPercent })}
        />
        <NumberField
          id={`${id}-cpu`}
          label="Users' CPU, times slower than this device"
          min={1}
          max={MAX_CPU_SLOWDOWN}
          placeholder="2× and 4× always"
          value={choice.cpuSlowdownText}
          invalid={cpuInvalid}
          onChange={(cpuSlowdownText) => onChange({ ...choice, cpuSlowdownText })}
        />
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
        {cpuInvalid && (
          <p className="error" id={`${id}-cpu-error`}>
            Not a factor above 1 and at most {MAX_CPU_SLOWDOWN}: only 2× and 4× are checked.
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

interface NumberFieldProps {
  readonly id: string;
  readonly label: string;
  readonly min: number;
  readonly max?: number;
  readonly placeholder?: string;
  /** As typed. */
  readonly value: string;
  /** The text is not a value the answer can use: the input points at its error, `${id}-error`. */
  readonly invalid: boolean;
  readonly onChange: (text: string) => void;
}

/** A decimal input kept as typed, so a half-typed number is not rewritten under the user's fingers. */
function NumberField({ id, label, min, max, placeholder, value, invalid, onChange }: NumberFieldProps): ReactNode {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step="any"
        placeholder={placeholder}
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
