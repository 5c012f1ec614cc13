/**
 * Generated sections of a Markdown file: the text between a begin and an end comment is rewritten
 * by a command (`npm run bench:readme`, `npm run bundle:budget -- --update`), the rest is left alone.
 */

/** The file lacks the markers, or holds them more than once or out of order. */
export class MarkerError extends Error {
  override readonly name = 'MarkerError';
}

/** `text` with what lies between `begin` and `end` replaced by `section`; throws when the markers are missing or out of order. */
export function spliceBetween(text: string, begin: string, end: string, section: string): string {
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < 0 || to < from || text.indexOf(begin, from + 1) >= 0 || text.indexOf(end, to + 1) >= 0) {
    throw new MarkerError(`the README needs exactly one ${begin} followed by one ${end}`);
  }
  return `${text.slice(0, from + begin.length)}\n${section}\n${text.slice(to)}`;
}
