/** "Look inside": the inferred .proto and .fbs schemas, and the first bytes of each encoding in hex. */
import type { ReactNode } from 'react';
import { copy } from './clipboard.js';
import type { ParsedPayload } from './protocol.js';

/** An inferred schema's text, folded, with a button that copies it. */
function InferredSchema({ kind, text }: { kind: string; text: string }): ReactNode {
  return (
    <details>
      <summary>Inferred {kind}</summary>
      <button type="button" className="button secondary" onClick={() => copy(text)}>
        Copy {kind}
      </button>
      <pre>{text}</pre>
    </details>
  );
}

export function LookInside({ parsed }: { parsed: ParsedPayload }): ReactNode {
  return (
    <div className="inside">
      <h3>Look inside</h3>
      {parsed.schemaError && <p className="error">No schema could be inferred: {parsed.schemaError}</p>}
      {parsed.proto && <InferredSchema kind=".proto" text={parsed.proto} />}
      {parsed.fbs && <InferredSchema kind=".fbs" text={parsed.fbs} />}
      <details>
        <summary>First 64 bytes of each encoding (hex)</summary>
        {Object.entries(parsed.hex).map(([format, hex]) => (
          <div key={format}>
            <h4>{format}</h4>
            <pre>{hex}</pre>
          </div>
        ))}
      </details>
    </div>
  );
}
