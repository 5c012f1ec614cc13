/**
 * The "Payload" section: the JSON text area, a file or a built-in sample, the Measure button, and
 * what the page says before measuring (a confirmation over WARN_BYTES, refusals, notices). A text
 * too long for the text area is held outside it (`HeldText`) and named instead.
 */

import type { ChangeEvent, ClipboardEvent, ReactNode } from 'react';
import { formatBytes } from 'wirebench/report';
import { MAX_BYTES, TEXTAREA_LIMIT, WARN_BYTES } from './limits.js';
import type { SampleText } from './protocol.js';

/** A text held outside the text area; its byte count is computed once here, not on every render. */
export interface HeldText {
  readonly name: string;
  readonly text: string;
  readonly bytes: number;
}

/**
 * UTF-8 bytes of a text (a lone surrogate counts as U+FFFD, as TextEncoder writes it), counted
 * without encoding: a Blob of a 600 KB paste cost a 60 ms main-thread task on a throttled phone.
 */
export function byteLength(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 4 bytes for 2 units
      i++;
    } else bytes += 2;
  }
  return bytes;
}

export function holdText(name: string, text: string): HeldText {
  return { name, text, bytes: byteLength(text) };
}

/** What the page shows around the input: a question before measuring, an error, or a notice. */
export interface InputMessages {
  /** Set while the page asks whether to measure a large payload anyway. */
  readonly confirm: string | null;
  /** Invalid or refused input. */
  readonly alert: string | null;
  /** About the worker or a share link. */
  readonly notice: string | null;
}

export interface PayloadInputProps {
  readonly text: string;
  readonly held: HeldText | null;
  readonly samples: readonly SampleText[];
  readonly measuring: boolean;
  readonly messages: InputMessages;
  /** The text area was edited or a sample picked: the text replaces anything held. */
  readonly onEdit: (text: string) => void;
  /** A file was loaded, or a text too long for the text area pasted. */
  readonly onLoad: (name: string, content: string) => void;
  /** A file over MAX_BYTES was chosen: why it is not read. */
  readonly onRefuse: (message: string) => void;
  /** Measure pressed (`confirmed` once the user said yes to a large payload). */
  readonly onMeasure: (confirmed: boolean) => void;
}

export function PayloadInput({ text, held, samples, measuring, messages, onEdit, onLoad, onRefuse, onMeasure }: PayloadInputProps): ReactNode {
  const onFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      onRefuse(`${chosen.name} is ${formatBytes(chosen.size)}; the playground refuses more than ${formatBytes(MAX_BYTES)}.`);
      return;
    }
    void chosen.text().then((content) => onLoad(chosen.name, content));
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
    const pasted = event.clipboardData.getData('text/plain');
    if (pasted.length <= TEXTAREA_LIMIT) return; // the text area takes it as usual
    event.preventDefault();
    onLoad('pasted text', pasted);
  };

  const onSample = (event: ChangeEvent<HTMLSelectElement>): void => {
    const sample = samples.find((s) => s.name === event.target.value);
    if (sample) onEdit(sample.text);
  };

  return (
    <section aria-labelledby="input-heading">
      <h2 id="input-heading">Payload</h2>
      <label htmlFor="payload">JSON text</label>
      <textarea
        id="payload"
        value={text}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        placeholder='{"paste": "your JSON here"}'
        onPaste={onPaste}
        onChange={(e) => onEdit(e.target.value)}
      />
      {held && (
        <p className="note" id="held">
          Holding {held.name} ({formatBytes(held.bytes)}) outside the text area, which would be slow to show this much text; type or paste above to replace it.
        </p>
      )}
      <div className="controls">
        <label className="button secondary">
          Load a file
          <input type="file" accept=".json,application/json,text/plain" onChange={onFile} />
        </label>
        <label className="select">
          <span>Sample</span>
          <select aria-label="Built-in sample" value="" onChange={onSample} disabled={samples.length === 0}>
            <option value="">{samples.length ? 'Pick a sample…' : 'Loading samples…'}</option>
            {samples.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name} ({formatBytes(s.text.length)})
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button primary" onClick={() => onMeasure(false)} disabled={measuring}>
          Measure
        </button>
      </div>
      <p className="note">
        Over {formatBytes(WARN_BYTES)} the page asks first; over {formatBytes(MAX_BYTES)} it refuses (a phone would run out of memory).
      </p>
      {messages.confirm && (
        <div className="warning" role="alert">
          <p>{messages.confirm}</p>
          <button type="button" className="button primary" onClick={() => onMeasure(true)}>
            Measure anyway
          </button>
        </div>
      )}
      {messages.alert && (
        <p className="error" role="alert">
          {messages.alert}
        </p>
      )}
      {messages.notice && (
        <p className="warning" role="alert">
          {messages.notice}
        </p>
      )}
    </section>
  );
}
