/**
 * Generated sections of a Markdown file: the text between a begin and an end comment is rewritten
 * by a command (`npm run bench:readme` in docs/figures.md, `npm run bundle:budget -- --update` in
 * the READMEs), the rest is left alone. A file that lacks the markers, or holds them more than once or
 * out of order, is a BenchError.
 */
import { BenchError } from '../errors.js';

/** One generated section: its markers and the text that goes between them (markers excluded). */
export interface MarkedSection {
  readonly begin: string;
  readonly end: string;
  readonly text: string;
}

/** `text` with what lies between `begin` and `end` replaced by `section`; throws when the markers are missing or out of order. */
export function spliceBetween(text: string, begin: string, end: string, section: string): string {
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < 0 || to < from || text.indexOf(begin, from + 1) >= 0 || text.indexOf(end, to + 1) >= 0) {
    throw new BenchError(`the file needs exactly one ${begin} followed by one ${end}`);
  }
  return `${text.slice(0, from + begin.length)}\n${section}\n${text.slice(to)}`;
}

/** `text` with every section replaced; checks every pair of markers before it returns, so a file missing one is refused whole. */
export function spliceSections(text: string, sections: readonly MarkedSection[]): string {
  return sections.reduce((out, { begin, end, text: section }) => spliceBetween(out, begin, end, section), text);
}
