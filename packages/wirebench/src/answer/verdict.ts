import type { Ranking } from './rank.js';
import { formatMs, servedWords } from './wording.js';

/**
 * The recommendation in words, first thing a reader sees: the row usable first under the
 * constraints and by how much it beats JSON, or to stay with JSON, or that nothing meets the
 * constraints; then the rows level with the first (level.ts), which these figures cannot tell apart.
 * E.g. `protobuf is usable first on 4G with gzip: 210 ms per response, 3.57 ms sooner than JSON (213 ms).`
 */
export function verdict(ranking: Ranking): string {
  const first = ranking.ranked[0];
  const where = `on ${ranking.network.name} ${servedWords(ranking.constraints.served)}`;
  if (!first) return `No row meets these constraints ${where}: see why below.`;
  const names = (first.levelWith ?? []).map((l) => l.name);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}` : names[0];
  const level = listed
    ? ` ${listed} ${names.length > 1 ? 'are' : 'is'} level with it: each was as fast in enough of the measured rounds that these figures cannot tell them apart.`
    : '';
  if (first.name === ranking.reference.name) return `Stay with JSON ${where}: no format that meets your constraints is usable sooner.${level}`;
  const json = ranking.reference.timeUntilUsable.totalMs;
  const total = first.timeUntilUsable.totalMs;
  // JSON itself can be left out (it lost data): then the first may be slower than it.
  return `${first.name} is usable first ${where}: ${formatMs(total)} per response, ${formatMs(json - total)} ${json >= total ? 'sooner' : 'later'} than JSON (${formatMs(json)}).${level}`;
}
