/** Taking a run away: its figures as Markdown, its result JSON as a download, and a share link to rerun the payload elsewhere. */

import type { ReactNode } from 'react';
import { useState } from 'react';
import { withAnswers } from 'wirebench/answer';
import { formatCount } from 'wirebench/report';
import { measuredServed, toConstraints } from './answer/constraints.js';
import { choiceFromSearch } from './answer/constraints-url.js';
import { copy } from './clipboard.js';
import { toMarkdown } from './markdown.js';
import type { WirebenchResult } from './protocol.js';
import { shareLink } from './share-link.js';

/**
 * The result with its answer under the constraints the page shows (kept in the address bar), so a
 * download compared or imported elsewhere carries it (`npm run bench:compare` compares the answers
 * of two devices). Without an answer (constraints this page cannot apply), the plain result.
 */
function answered(result: WirebenchResult): WirebenchResult {
  try {
    const first = result.payloads[0];
    const measured = first ? measuredServed(first) : (['none'] as const);
    return withAnswers(result, toConstraints(choiceFromSearch(location.search), measured));
  } catch {
    return result;
  }
}

/** `source`: the text the result measured (the link carries it, not whatever the text area holds now). */
export function Export({ result, source }: { result: WirebenchResult; source: string }): ReactNode {
  const [shared, setShared] = useState<string | null>(null);
  const share = (): void => {
    void shareLink(source).then(
      (outcome) => {
        if ('url' in outcome) {
          copy(outcome.url);
          history.replaceState(null, '', outcome.url);
          setShared(
            `Link copied (${formatCount(outcome.url.length)} characters): it carries the payload, compressed, so another device can rerun it. It is also in the address bar.`,
          );
        } else setShared(`No share link: ${outcome.refused}.`);
      },
      (error: unknown) => setShared(`No share link: ${String(error)}`),
    );
  };
  const download = (): void => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(answered(result), null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'wirebench-result.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="controls">
      <button type="button" className="button secondary" onClick={() => copy(toMarkdown(result))}>
        Copy as Markdown
      </button>
      <button type="button" className="button secondary" onClick={download}>
        Download result JSON
      </button>
      <button type="button" className="button secondary" onClick={share}>
        Copy share link
      </button>
      {shared && (
        <p className="note" id="shared">
          {shared}
        </p>
      )}
    </div>
  );
}
