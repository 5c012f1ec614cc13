/**
 * Decimal digits only, as a person types a quantity: `Number()` alone also takes `0x10`, `0b1`,
 * `Infinity` and `''`. Each digit run has one way to match (no `\d+\d*`), so a long text is refused
 * in linear time: the playground reads it from a shared link.
 */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** The number a person typed (surrounding spaces allowed), or undefined when it is not a finite decimal ≥ 0. */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}
