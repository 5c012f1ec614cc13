/**
 * A payload's answer (`ResultPayload.answer`, from `withAnswers`) as plain text, in the order a reader
 * asks: which format to speak (the verdict in one sentence, the ranking, each row with its reason,
 * then what is not ranked and why),
 * how long each takes until usable on each link and when its JavaScript pays off, and where the
 * bytes saved over JSON come from. Kept to a 100-column terminal; figures as `format.ts` writes them.
 */

import type { PayloadAnswer } from '../answer/payload-answer.js';
import type { ServedEncoding } from '../answer/served.js';
import type { Environment } from '../measure/types.js';
import type { ResultPayload } from '../result/types.js';
import type { AnswerRowView } from './answer-view.js';
import {
  answerPresets,
  breakEvenOn,
  bytesVersusJson,
  constraintWords,
  pathLineFigures,
  rankingLink,
  responsesCell,
  rowsInRankOrder,
  usableOn,
  usableParts,
} from './answer-view.js';
import { answerVerdict, decompressionWords, exclusionsText, formatMs, rankedDetail, servedWords } from './answer-words.js';
import { elideMiddle, hangingLines, TEXT_WIDTH, table, wrapWords } from './text-table.js';

/** The answer's lines for `payload`: nothing when it has none (a bench run), why when it could not be given. */
export function formatAnswer(payload: ResultPayload, environment?: Environment): string[] {
  if (payload.answerError !== undefined) return [`no answer: ${payload.answerError}`];
  const answer = payload.answer;
  if (!answer) return [];
  return [...rankingLines(answer, environment), '', ...usableLines(answer), '', ...bytesLines(payload)];
}

/** The ranking, fastest first, each row with its reason; then every row left out, with why. */
function rankingLines(answer: PayloadAnswer, environment: Environment | undefined): string[] {
  const { ranking } = answer;
  const constraints = constraintWords(ranking.constraints);
  const lines = [...hangingLines('answer: ', answerVerdict(answer, environment)), `ranking: time until usable on ${rankingLink(answer)}, fastest first`];
  if (constraints.length > 0) lines.push(...hangingLines('constraints: ', constraints.join('; ')));
  if (ranking.ranked.length === 0) {
    lines.push('  no row meets the constraints (see below)');
  } else {
    const left = table(
      ['rank', 'row', 'until usable'],
      ranking.ranked.map((r) => [String(r.rank), r.name, formatMs(r.timeUntilUsable.totalMs)]),
      [1],
    );
    const width = Math.max(...left.map((line) => line.length));
    const [header = '', ...rows] = left;
    lines.push(`${header.padEnd(width)}  why`);
    ranking.ranked.forEach((r, i) => {
      lines.push(...hangingLines(`${(rows[i] ?? '').padEnd(width)}  `, rankedDetail(r, ranking)));
    });
  }
  if (ranking.excluded.length > 0) {
    lines.push('not ranked:');
    const width = Math.max(...ranking.excluded.map((r) => r.name.length));
    for (const r of ranking.excluded) lines.push(...hangingLines(`  ${r.name.padEnd(width)}  `, exclusionsText(r)));
  }
  return lines;
}

/**
 * Every row's time until usable on each preset, served as the ranking's encoding, with its parts
 * and its break-even by time; presets go into as many side-by-side blocks as keep 100 columns.
 */
function usableLines(answer: PayloadAnswer): string[] {
  const served = answer.ranking.constraints.served;
  const rows = rowsInRankOrder(answer);
  const lines = wrapWords(
    `time until usable ${servedWords(served)}, in ms: total (transfer + decompression + decode) on each link; repaid: after how many responses the time saved repays the download of the row's JS (—: none to repay). Rows in rank order${unrankedWords(rows)}.`,
    TEXT_WIDTH,
  );
  if (served !== 'none') lines.push(...wrapWords(decompressionWords(answer), TEXT_WIDTH));
  if (rows.length === 0) return [...lines, '  no row has figures'];
  const presets = answerPresets(answer);
  const block = (ids: readonly string[]): string[] => usableBlock(answer, ids, served);
  // As many presets per block as fit, spread evenly over the blocks.
  let perBlock = presets.length;
  while (perBlock > 1 && Math.max(...block(presets.slice(0, perBlock).map((p) => p.id)).map((line) => line.length)) > TEXT_WIDTH) perBlock--;
  const blocks = Math.ceil(presets.length / perBlock);
  const size = Math.ceil(presets.length / blocks);
  for (let start = 0; start < presets.length; start += size) {
    if (start > 0) lines.push('');
    lines.push(...block(presets.slice(start, start + size).map((p) => p.id)));
  }
  return lines;
}

/** `, the last 2 not ranked`, or nothing when every row is ranked. */
function unrankedWords(rows: readonly AnswerRowView[]): string {
  const unranked = rows.filter((r) => r.rank === undefined).length;
  return unranked === 0 ? '' : unranked === 1 ? ', the last one not ranked' : `, the last ${unranked} not ranked`;
}

function usableBlock(answer: PayloadAnswer, networks: readonly string[], served: ServedEncoding): string[] {
  const names = new Map(answerPresets(answer).map((p) => [p.id, p.name]));
  const header = ['row', ...networks.flatMap((id) => [names.get(id) ?? id, 'repaid'])];
  const cells = rowsInRankOrder(answer).map(({ row }) => [
    row.name,
    ...networks.flatMap((id) => {
      const t = usableOn(row, id, served);
      const be = breakEvenOn(row, id, served);
      return [t ? usableParts(t) : '—', be ? responsesCell(be.responsesByTime) : '—'];
    }),
  ]);
  return table(header, cells);
}

/** Where the best-ranked format other than JSON saves bytes over JSON: the paths that save most, with the split by kind. */
function bytesLines(payload: ResultPayload): string[] {
  const shown = bytesVersusJson(payload);
  if ('why' in shown) return [`bytes by path: not shown, as ${shown.why}`];
  const { row, lines } = shown;
  const { format } = row;
  const numbers = table(['JSON', format, 'saved', 'keys', 'values', 'framing'], lines.map(pathLineFigures), []);
  const width = Math.max(...numbers.map((l) => l.length));
  const labels = ['path', ...lines.map((l) => (l.kind === 'path' ? l.label : `(${l.label})`))];
  return [
    ...wrapWords(
      `bytes by path: JSON vs ${format} (best-ranked: ${row.name}; ${format} as wirebench encodes it), the paths where ${format} saves most; saved = keys + values + framing: the bytes of each kind saved there`,
      TEXT_WIDTH,
    ),
    ...numbers.map((l, i) => `${l.padEnd(width)}  ${elideMiddle(labels[i] ?? '', TEXT_WIDTH - width - 2)}`),
  ];
}
