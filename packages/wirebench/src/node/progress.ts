import type { MeasureProgress } from '../measure/types.js';

/**
 * Progress on stderr: a bar redrawn in place on a terminal; in a log (CI, a pipe) one line per
 * payload and phase, so the log carries no carriage-return spam.
 */
export function progressReporter(stream: NodeJS.WriteStream): { update(progress: MeasureProgress): void; end(): void } {
  let lastLine = '';
  let drawn = false;
  return {
    update(p) {
      if (stream.isTTY) {
        const share = p.total > 0 ? p.done / p.total : 0;
        const bar = '#'.repeat(Math.round(share * 24)).padEnd(24, '.');
        const where = p.phase === 'measure' ? `round ${p.round + 1}/${p.rounds}` : p.phase;
        stream.write(
          `\r[${bar}] ${(share * 100).toFixed(0).padStart(3)} %  ${p.payload} ${where}`.padEnd(stream.columns ?? 100).slice(0, (stream.columns ?? 100) - 1),
        );
        drawn = true;
        return;
      }
      const line = `${p.phase === 'measure' ? 'measuring' : p.phase === 'warmup' ? 'warming up' : 'preparing'} ${p.payload}`;
      if (line !== lastLine && (p.phase !== 'measure' || p.round === 0)) {
        stream.write(`${line}${p.total > 0 ? ` (${Math.round((p.done / p.total) * 100)} % done)` : ''}\n`);
        lastLine = line;
      }
    },
    end() {
      if (drawn) stream.write('\n');
    },
  };
}
