/**
 * The playground page. Everything pasted stays text: it is posted to the worker and shown only
 * through React text nodes, never executed nor rendered as HTML. The page imports nothing from
 * @wirebench/core at runtime (types only), so its initial JavaScript is React and this file.
 */
import type { ChangeEvent, ClipboardEvent, ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Charts, Compare, payloadFromHash, shareLink } from './extras.js';
import { diffCount, formatBytes, formatMs, formatRatio, formatValue, opsPerSecond, percentOfJson, summarize, toMarkdown } from './format.js';
import { MAX_BYTES, WARN_BYTES } from './limits.js';
import type { FromWorker, MeasureProgress, MeasureResult, PayloadResult, RowResult, SampleText, ToWorker } from './protocol.js';
import { DEFAULT_SETTINGS } from './protocol.js';

type Status = 'idle' | 'confirm' | 'measuring' | 'done' | 'cancelled' | 'invalid' | 'error' | 'refused';
type Parsed = Extract<FromWorker, { type: 'parsed' }>;

/**
 * Above this many characters a pasted text or loaded file stays out of the text area: laying out
 * hundreds of KB of text (CJK especially) in a textarea takes seconds on a phone, and measuring
 * does not need to show it.
 */
const TEXTAREA_LIMIT = 128 * 1024;

const SIMDJSON_REASON = 'Node-only: simdjson is a native addon (C++ through N-API), which a browser cannot load.';

function byteLength(text: string): number {
  return new Blob([text]).size;
}

/** A text held outside the text area; its byte count is computed once here, not on every render. */
interface Held {
  readonly name: string;
  readonly text: string;
  readonly bytes: number;
}

function held(name: string, text: string): Held {
  return { name, text, bytes: byteLength(text) };
}

/** Restarts of a crashed worker before the page gives up, and the first wait (doubled each time). */
const MAX_RESTARTS = 3;
const RESTART_DELAY_MS = 250;

export function App(): ReactNode {
  const [text, setText] = useState('');
  const [file, setFile] = useState<Held | null>(null);
  const [samples, setSamples] = useState<readonly SampleText[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [payload, setPayload] = useState<PayloadResult | null>(null);
  const [progress, setProgress] = useState<MeasureProgress | null>(null);
  const [result, setResult] = useState<MeasureResult | null>(null);
  /** The text the current result measured: the share link carries it, not whatever the text area holds now. */
  const [measuredText, setMeasuredText] = useState('');
  const worker = useRef<Worker | null>(null);
  const runId = useRef(0);
  const handler = useRef<(message: FromWorker) => void>(() => {});
  const restarts = useRef(0);
  const disposed = useRef(false);

  const startWorker = useCallback((): Worker => {
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    let ready = false; // a worker that never says ready failed to load: restarting it would loop forever
    w.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      if (event.data.type === 'ready') ready = true;
      // Only a finished run proves the worker works: a worker that crashes right after ready (say on
      // the samples request) must still count towards the cap, or it would loop forever.
      if (event.data.type === 'done') restarts.current = 0;
      handler.current(event.data);
    });
    w.addEventListener('error', (event) => {
      event.preventDefault();
      w.terminate();
      if (worker.current !== w) return;
      const wasMeasuring = runId.current > 0;
      if (wasMeasuring) {
        runId.current = 0;
        setStatus('error');
        setMessage('The run stopped because the worker crashed.');
      }
      if (!ready || restarts.current >= MAX_RESTARTS) {
        worker.current = null;
        setNotice(
          !ready
            ? `The worker failed to load (${event.message || 'no message'}): this page cannot measure in this browser. Reload to try again.`
            : `The measuring worker crashed ${MAX_RESTARTS + 1} times in a row (${event.message || 'no message'}); it is not restarted again. Reload the page to try again.`,
        );
        return;
      }
      const delay = RESTART_DELAY_MS * 2 ** restarts.current;
      restarts.current += 1;
      const crashed = `The measuring worker crashed (${event.message || 'no message'})`;
      const lost = wasMeasuring ? ' The run it was doing is lost: press Measure to run again.' : '';
      worker.current = null;
      setNotice(`${crashed}; restarting it…${lost}`);
      setTimeout(() => {
        if (disposed.current) return; // the page was unmounted meanwhile
        worker.current = startWorker();
        worker.current.postMessage({ type: 'samples' } satisfies ToWorker);
        setNotice(`${crashed} and has been restarted.${lost}`);
      }, delay);
    });
    return w;
  }, []);

  handler.current = (msg: FromWorker): void => {
    if (msg.type === 'samples') {
      setSamples(msg.samples);
      return;
    }
    if (msg.type === 'ready') return;
    if (msg.id !== null && msg.id !== runId.current) return; // a stale run's message
    switch (msg.type) {
      case 'invalid':
        runId.current = 0;
        setStatus('invalid');
        setMessage(msg.line !== null ? `Invalid JSON at line ${msg.line}, column ${msg.column}. ${msg.message.replace(/^invalid JSON at line \d+, column \d+: /, '')}` : `Invalid JSON: ${msg.message}`);
        return;
      case 'parsed':
        setParsed(msg);
        return;
      case 'payload':
        setPayload(msg.payload);
        return;
      case 'progress':
        setProgress(msg.progress);
        return;
      case 'done':
        runId.current = 0;
        setResult(msg.result);
        setPayload(msg.result.payloads[0] ?? null);
        setStatus('done');
        return;
      case 'cancelled':
        runId.current = 0;
        setStatus('cancelled');
        // Only claim complete sizes when the worker had sent them before the cancel.
        setMessage(payload?.rows.some((r) => r.bytes !== undefined) ? 'Measuring cancelled. The sizes above are complete; timings are not.' : 'Measuring cancelled before any figure was measured.');
        return;
      case 'error':
        runId.current = 0;
        setStatus('error');
        setMessage(`Measuring failed: ${msg.message}`);
        return;
    }
  };

  useEffect(() => {
    disposed.current = false;
    const w = startWorker();
    worker.current = w;
    w.postMessage({ type: 'samples' } satisfies ToWorker);
    payloadFromHash(location.hash).then(
      (outcome) => {
        if (outcome === null) return;
        if ('refused' in outcome) {
          setNotice(`The share link in the address bar was not loaded: ${outcome.refused}.`);
          return;
        }
        const shared = outcome.text;
        if (shared.length > TEXTAREA_LIMIT) setFile(held('shared payload', shared));
        else setText(shared);
        setNotice('Loaded the payload from the share link: press Measure to measure it on this device.');
      },
      () => setNotice('The share link in the address bar could not be read (damaged or cut short).'),
    );
    // For the e2e test (and anyone curious): crash the worker to see the page recover.
    (window as unknown as { wirebench?: object }).wirebench = { crashWorker: () => worker.current?.postMessage({ type: 'crash' } satisfies ToWorker) };
    return () => {
      disposed.current = true;
      worker.current = null;
      w.terminate();
    };
  }, [startWorker]);

  const source = file ? file.text : text;
  const sourceName = file && file.name !== 'pasted text' ? file.name : 'pasted';

  const start = (confirmed: boolean): void => {
    setMessage(null);
    setNotice(null);
    if (source.trim() === '') {
      setStatus('invalid');
      setMessage('Paste some JSON, load a file or pick a sample first.');
      return;
    }
    const bytes = byteLength(source);
    if (bytes > MAX_BYTES) {
      setStatus('refused');
      setMessage(`This payload is ${formatBytes(bytes)}; the playground refuses more than ${formatBytes(MAX_BYTES)}, which would exhaust a phone's memory. Use \`npm run bench -- file.json\` for it.`);
      return;
    }
    if (bytes > WARN_BYTES && !confirmed) {
      setStatus('confirm');
      setMessage(`This payload is ${formatBytes(bytes)} (over ${formatBytes(WARN_BYTES)}): measuring it can take a while and use a lot of memory on a phone.`);
      return;
    }
    if (!worker.current) {
      setStatus('error');
      setMessage('No measuring worker is running (see the notice above).');
      return;
    }
    const id = Date.now();
    runId.current = id;
    setParsed(null);
    setPayload(null);
    setProgress(null);
    setResult(null);
    setMeasuredText(source);
    setStatus('measuring');
    worker.current?.postMessage({ type: 'run', id, name: sourceName, text: source, settings: DEFAULT_SETTINGS } satisfies ToWorker);
  };

  const cancel = (): void => {
    if (runId.current) worker.current?.postMessage({ type: 'cancel', id: runId.current } satisfies ToWorker);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setStatus('refused');
      setMessage(`${chosen.name} is ${formatBytes(chosen.size)}; the playground refuses more than ${formatBytes(MAX_BYTES)}.`);
      return;
    }
    void chosen.text().then((content) => {
      if (content.length <= TEXTAREA_LIMIT) {
        setFile(null);
        setText(content);
      } else {
        setFile(held(chosen.name, content));
        setText('');
      }
      setStatus('idle');
      setMessage(null);
    });
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
    const pasted = event.clipboardData.getData('text/plain');
    if (pasted.length <= TEXTAREA_LIMIT) return; // the text area takes it as usual
    event.preventDefault();
    setFile(held('pasted text', pasted));
    setText('');
    setStatus('idle');
    setMessage(null);
  };

  const onSample = (event: ChangeEvent<HTMLSelectElement>): void => {
    const sample = samples.find((s) => s.name === event.target.value);
    if (!sample) return;
    setFile(null);
    setText(sample.text);
  };

  const measuring = status === 'measuring';
  const percent = progress && progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : 0;

  return (
    <main>
      <h1>wirebench playground</h1>
      <p className="lede">Paste a JSON payload and see what each wire format costs on this device: bytes, compressed bytes, encode and decode time, and whether the data comes back exactly. Measured here, in a Web Worker; nothing is sent anywhere.</p>

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
          onChange={(e) => {
            setText(e.target.value);
            setFile(null);
          }}
        />
        {file && (
          <p className="note" id="held">
            Holding {file.name} ({formatBytes(file.bytes)}) outside the text area, which would be slow to show this much text; type or paste above to replace it.
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
          <button type="button" className="button primary" onClick={() => start(false)} disabled={measuring}>
            Measure
          </button>
        </div>
        <p className="note">Over {formatBytes(WARN_BYTES)} the page asks first; over {formatBytes(MAX_BYTES)} it refuses (a phone would run out of memory).</p>
        {status === 'confirm' && (
          <div className="warning" role="alert">
            <p>{message}</p>
            <button type="button" className="button primary" onClick={() => start(true)}>
              Measure anyway
            </button>
          </div>
        )}
        {(status === 'invalid' || status === 'refused') && (
          <p className="error" role="alert">
            {message}
          </p>
        )}
        {notice && (
          <p className="warning" role="alert">
            {notice}
          </p>
        )}
      </section>

      <section id="results" aria-labelledby="results-heading" aria-busy={measuring ? 'true' : 'false'} aria-live="polite" data-status={status}>
        <h2 id="results-heading">Results</h2>
        {measuring && (
          <div className="progress">
            <div role="progressbar" aria-label="Measuring progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <div className="bar" style={{ width: `${percent}%` }} />
            </div>
            <span>{progressText(progress)}</span>
            <button type="button" className="button secondary" onClick={cancel}>
              Cancel
            </button>
          </div>
        )}
        {(status === 'cancelled' || status === 'error') && <p className={status === 'error' ? 'error' : 'warning'}>{message}</p>}
        {parsed && parsed.lossyCount > 0 && <Lossy parsed={parsed} />}
        {payload && <ResultsTable payload={payload} measuring={measuring} />}
        {payload && status === 'done' && <Charts payload={payload} />}
        {payload && status === 'done' && <RunInfo payload={payload} />}
        {payload && status === 'done' && (
          <div className="summary">
            <h3>In plain words</h3>
            <ul>
              {summarize(payload).map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        {result && <Export result={result} source={measuredText} />}
        {parsed && <Inside parsed={parsed} />}
        {!payload && !measuring && status !== 'cancelled' && <p className="note">No results yet.</p>}
      </section>

      <Compare result={result} />
      <Device result={result} />
    </main>
  );
}

function progressText(progress: MeasureProgress | null): string {
  if (!progress) return 'Parsing, inferring a schema, encoding…';
  if (progress.phase === 'prepare') return 'Encoding and checking fidelity…';
  if (progress.phase === 'warmup') return 'Warming up…';
  return `Timing: round ${progress.round + 1} of ${progress.rounds}`;
}

function Lossy({ parsed }: { parsed: Parsed }): ReactNode {
  return (
    <div className="warning">
      <p>
        {parsed.lossyCount} number{parsed.lossyCount === 1 ? '' : 's'} in this JSON cannot be kept exactly by JSON.parse (integers beyond 2^53, too many digits…). Every format below is measured on the value JSON.parse gives, so the originals are already lost before encoding.
      </p>
      <details>
        <summary>Which numbers</summary>
        <ul className="mono">
          {parsed.lossyNumbers.map((n, i) => (
            <li key={i}>
              {n.path}: {n.text} → {String(n.value)} ({n.reason})
            </li>
          ))}
          {parsed.lossyCount > parsed.lossyNumbers.length && <li>… and {parsed.lossyCount - parsed.lossyNumbers.length} more</li>}
        </ul>
      </details>
    </div>
  );
}

function Fidelity({ row }: { row: RowResult }): ReactNode {
  if (row.error) return <span className="badge bad">error</span>;
  const f = row.fidelity;
  if (!f) return null;
  const order = f.diffs.filter((d) => d.kind === 'order').length;
  if (f.ok) return <span className="badge ok">exact{order ? ` (key order differs ×${order})` : ''}</span>;
  const real = f.diffs.filter((d) => d.kind !== 'order');
  return (
    <details>
      <summary>
        <span className="badge bad">{diffCount(f)}</span>
      </summary>
      <ul className="mono diffs">
        {real.map((d, i) => (
          <li key={i}>
            {d.path}: {d.kind}
            {'expected' in d ? ` expected ${formatValue(d.expected)}` : ''}
            {'actual' in d ? ` got ${formatValue(d.actual)}` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Timing({ row, op, reference, measuring }: { row: RowResult; op: 'encode' | 'decode'; reference: boolean; measuring: boolean }): ReactNode {
  const o = row[op];
  if (row.error) return <span className="muted">—</span>;
  // Once the run has ended (cancelled, crashed), a missing time will not come: no "measuring…".
  if (!o) return <span className="muted">{measuring ? 'measuring…' : '—'}</span>;
  return (
    <>
      <span className="figure">{formatMs(o.median)}</span>
      {!reference && <span className="ratio">{formatRatio(o)}</span>}
      <span className="ratio">{opsPerSecond(o)} ops/s</span>
    </>
  );
}

function ResultsTable({ payload, measuring }: { payload: PayloadResult; measuring: boolean }): ReactNode {
  const brotli = payload.rows.some((r) => r.compressed?.['brotli'] !== undefined);
  return (
    <div className="table-box" tabIndex={0} aria-label="Results per format">
      <table>
        <thead>
          <tr>
            <th scope="col">format</th>
            <th scope="col">bytes (% JSON)</th>
            <th scope="col">gzip</th>
            {brotli && <th scope="col">brotli</th>}
            <th scope="col">encode median</th>
            <th scope="col">decode median</th>
            <th scope="col">fidelity</th>
          </tr>
        </thead>
        <tbody>
          {payload.rows
            .filter((r) => r.kind === 'codec')
            .map((row) => (
              <tr key={row.name} data-format={row.name}>
                <th scope="row">{row.name}</th>
                <td className="size" data-label="bytes (% JSON)">
                  {row.error ? (
                    <span className="error">{row.error}</span>
                  ) : (
                    <>
                      <span className="figure">{row.bytes !== undefined ? formatBytes(row.bytes) : ''}</span>
                      <span className="ratio">{percentOfJson(row)}</span>
                    </>
                  )}
                </td>
                <td data-label="gzip">{row.compressed?.['gzip'] !== undefined ? formatBytes(row.compressed['gzip']) : '—'}</td>
                {brotli && <td data-label="brotli">{row.compressed?.['brotli'] !== undefined ? formatBytes(row.compressed['brotli']) : '—'}</td>}
                <td className="encode" data-label="encode median">
                  <Timing row={row} op="encode" reference={row.name === payload.reference} measuring={measuring} />
                </td>
                <td className="decode" data-label="decode median">
                  <Timing row={row} op="decode" reference={row.name === payload.reference} measuring={measuring} />
                </td>
                <td className="fidelity" data-label="fidelity">
                  <Fidelity row={row} />
                </td>
              </tr>
            ))}
          <tr data-format="simdjson" className="muted">
            <th scope="row">simdjson</th>
            <td colSpan={brotli ? 6 : 5} className="wide">{SIMDJSON_REASON}</td>
          </tr>
        </tbody>
      </table>
      {!brotli && payload.rows.some((r) => r.compressed?.['gzip'] !== undefined) && <p className="note pad">No brotli column: this browser's CompressionStream has no brotli.</p>}
    </div>
  );
}

function RunInfo({ payload }: { payload: PayloadResult }): ReactNode {
  const o = DEFAULT_SETTINGS;
  return (
    <p className="note" id="run-info">
      {payload.rounds.length} rounds ran ({o.rounds} planned, {o.roundTime} ms per task per round, {o.warmupTime} ms warm-up{payload.stoppedByBudget ? `; stopped early by the ${o.budget / 1000} s time budget` : ''}). Times are medians per call; × JSON is the median of per-round ratios with its 95 % interval; below 1 is faster than JSON.
      {payload.suspect ? ' Some rounds ran under heavy CPU contention: read the figures with care.' : ''}
    </p>
  );
}

/** Copies to the clipboard where the page may (a secure context, with the user's permission); silently not elsewhere. */
function copy(text: string): void {
  navigator.clipboard?.writeText(text).catch(() => {});
}

function Export({ result, source }: { result: MeasureResult; source: string }): ReactNode {
  const [shared, setShared] = useState<string | null>(null);
  const share = (): void => {
    void shareLink(source).then(
      (outcome) => {
        if ('url' in outcome) {
          copy(outcome.url);
          history.replaceState(null, '', outcome.url);
          setShared(`Link copied (${outcome.url.length.toLocaleString('en-US')} characters): it carries the payload, compressed, so another device can rerun it. It is also in the address bar.`);
        } else setShared(`No share link: ${outcome.refused}.`);
      },
      (error: unknown) => setShared(`No share link: ${String(error)}`),
    );
  };
  const download = (): void => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' }));
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
      {shared && <p className="note" id="shared">{shared}</p>}
    </div>
  );
}

function Inside({ parsed }: { parsed: Parsed }): ReactNode {
  return (
    <div className="inside">
      <h3>Look inside</h3>
      {parsed.schemaError && <p className="error">No schema could be inferred: {parsed.schemaError}</p>}
      {parsed.proto && (
        <details>
          <summary>Inferred .proto</summary>
          <button type="button" className="button secondary" onClick={() => copy(parsed.proto ?? '')}>
            Copy .proto
          </button>
          <pre>{parsed.proto}</pre>
        </details>
      )}
      {parsed.fbs && (
        <details>
          <summary>Inferred .fbs</summary>
          <button type="button" className="button secondary" onClick={() => copy(parsed.fbs ?? '')}>
            Copy .fbs
          </button>
          <pre>{parsed.fbs}</pre>
        </details>
      )}
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

function Device({ result }: { result: MeasureResult | null }): ReactNode {
  const env = result?.environment;
  const coarse = env ? env.timerResolutionMs > 0.02 : false;
  return (
    <section aria-labelledby="device-heading" id="device">
      <h2 id="device-heading">This device</h2>
      <dl>
        <dt>User agent</dt>
        <dd className="mono">{navigator.userAgent}</dd>
        <dt>Cores</dt>
        <dd>{navigator.hardwareConcurrency || 'not told'}</dd>
        <dt>Cross-origin isolated</dt>
        <dd>{String(env ? env.crossOriginIsolated : globalThis.crossOriginIsolated)}</dd>
        <dt>Timer resolution (worker)</dt>
        <dd>{env ? `${formatMs(env.timerResolutionMs)}${coarse ? ' — coarse: this page is not cross-origin isolated, so each sample batches more calls and short timings are less precise' : ' — fine-grained'}` : 'known after a run'}</dd>
      </dl>
      <p className="note">DevTools CPU throttling (and Chromium's CDP Emulation.setCPUThrottlingRate) slows the page's main thread only, not the Web Worker that measures: a throttled desktop does not emulate a phone here. Open this page on the phone itself.</p>
    </section>
  );
}
