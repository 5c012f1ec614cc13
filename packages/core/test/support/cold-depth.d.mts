export interface DepthCheck {
  readonly shape: 'array' | 'object';
  readonly depth: number;
  readonly maxDepth: number;
}

export type DepthResult =
  | { outcome: 'ok' }
  | { outcome: 'refused'; stage: 'import' | 'inferSchema' | 'createCodec' | 'encode' | 'decode'; name: string; message: string }
  | { outcome: 'crashed'; message: string };

export function coldDepthInChild(
  format: string,
  implementation: string,
  checks: readonly DepthCheck[],
  options?: { stackSizeMb?: number; timeoutMs?: number },
): DepthResult[];
