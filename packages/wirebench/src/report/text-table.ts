/**
 * Plain-text layout for the text reports: aligned columns, words wrapped to a width, and text cut
 * to fit. Layout only: the figures in the cells are written by `format.ts`.
 */

/** The width the text reports keep to: a terminal of 100 columns. */
export const TEXT_WIDTH = 100;

/** Aligned columns: numbers right, text (the columns in `textColumns`: the first, unless told otherwise) left. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], textColumns: readonly number[] = [0]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const left = (i: number): boolean => textColumns.includes(i);
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (left(i) ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** `text` broken between words into lines of at most `width` characters (a longer word gets a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  // A figure stays on one line with its unit (`213 ms`, `12,417 B`): split at the other spaces only.
  for (const word of text.split(/(?<!\d) +| +(?!(?:ms|µs|s|B|kB|MB)\b)|\s*\n\s*|\t+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * `first` followed by `text` wrapped into the columns left of `width`, each further line indented
 * under the text's start: a label and its explanation, the explanation kept in its column.
 */
export function hangingLines(first: string, text: string, width = TEXT_WIDTH): string[] {
  const indent = ' '.repeat(first.length);
  // Never narrower than 30 columns: a long label then pushes the lines past `width` rather than into a column of single words.
  const [head = '', ...rest] = wrapWords(text, Math.max(30, width - first.length));
  return [`${first}${head}`.trimEnd(), ...rest.map((line) => `${indent}${line}`)];
}

/** `text` cut to `width` characters with `…` in the middle, keeping both ends (a JSON path's root and its leaf). */
export function elideMiddle(text: string, width: number): string {
  if (text.length <= width) return text;
  const keep = Math.max(0, width - 1);
  const head = Math.ceil(keep / 3);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}
