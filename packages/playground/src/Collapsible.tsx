/**
 * A section of the results that folds to its heading: native `<details>`, so it opens and closes
 * without script, by keyboard and screen reader alike, and a closed one costs a phone no layout.
 */
import type { ReactNode } from 'react';

export function Collapsible({ id, title, open = false, children }: { id: string; title: ReactNode; open?: boolean; children: ReactNode }): ReactNode {
  return (
    <details className="section" id={id} open={open}>
      <summary>
        <h3 id={`${id}-heading`}>{title}</h3>
      </summary>
      {children}
    </details>
  );
}
