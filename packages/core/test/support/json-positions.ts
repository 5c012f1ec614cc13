/** V8 names the offset for some of its JSON errors ("... in JSON at position 7"): ours must agree. */
export function v8Position(text: string): number | undefined {
  try {
    JSON.parse(text);
  } catch (error) {
    const match = /at position (\d+)/.exec((error as Error).message);
    return match ? Number(match[1]) : undefined;
  }
  return undefined;
}

/** Line and column (1-based, UTF-16 units; \n, \r\n and lone \r end a line) counted the slow way. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: lines.length, column: (lines.at(-1) as string).length + 1 };
}
