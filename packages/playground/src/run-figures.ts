/**
 * What the results region shows once a run has figures, a chunk of its own (lazy-chunk.ts) that
 * Results fetches when a run starts, so it is there before the first sizes arrive: the answer
 * (answer/), the table, the charts and the rest. The first screen needs none of it.
 */
export { Answer } from './answer/Answer.js';
export { Charts } from './Charts.js';
export { Export } from './Export.js';
export { LookInside } from './LookInside.js';
export { LossyNumbers } from './LossyNumbers.js';
export { PlainWords } from './PlainWords.js';
export { ResultsTable } from './ResultsTable.js';
export { RunInfo } from './RunInfo.js';
