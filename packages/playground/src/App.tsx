/**
 * The playground page: the run's state and the components that show it (PayloadInput, Results,
 * Compare, Device). Everything pasted stays text: it is posted to the worker and shown only through
 * React text nodes, never executed nor rendered as HTML. Of @wirebench/core the page's main thread
 * imports only pure helpers (the figure formats of /report and the result validator of /measure,
 * which tree-shake to themselves); the codecs, their libraries and the engine run in the worker.
 */

import type { ReactNode } from 'react';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { formatBytes } from 'wirebench/report';
import { flagFromSearch } from './answer/flags.js';
import { Compare } from './Compare.js';
import { Device } from './Device.js';
import { errorMessage } from './error-message.js';
import { chunk } from './lazy-chunk.js';
import { MAX_BYTES, TEXTAREA_LIMIT, WARN_BYTES } from './limits.js';
import type { HeldText } from './PayloadInput.js';
import { byteLength, holdText, PayloadInput } from './PayloadInput.js';
import { createProgressStore } from './progress-store.js';
import type { FromWorker, ParsedPayload, ResultPayload, SampleText, WirebenchResult } from './protocol.js';
import { DEFAULT_SETTINGS } from './protocol.js';
import type { RunStatus } from './Results.js';
import { Results } from './Results.js';
import { SHARE_HASH_PREFIX } from './share-hash.js';
import { useMeasuringWorker } from './use-measuring-worker.js';

const shareLinkChunk = chunk(() => import('./share-link.js'));

export function App(): ReactNode {
  const [text, setText] = useState('');
  const [held, setHeld] = useState<HeldText | null>(null);
  const [samples, setSamples] = useState<readonly SampleText[]>([]);
  const [status, setStatus] = useState<RunStatus>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [parsed, setParsed] = useState<ParsedPayload | null>(null);
  const [payload, setPayload] = useState<ResultPayload | null>(null);
  /** The payload's figures are all timed (the worker then works out where the bytes go): the answer can show. */
  const [timed, setTimed] = useState(false);
  const [progress] = useState(createProgressStore);
  const [result, setResult] = useState<WirebenchResult | null>(null);
  /** The text the current result measured: the share link carries it, not whatever the text area holds now. */
  const [measuredText, setMeasuredText] = useState('');
  const [libraries, setLibraries] = useState(DEFAULT_SETTINGS.libraries);
  /** The run the page waits for (0 when none): messages of any other run are stale. */
  const runId = useRef(0);

  const onMessage = (msg: FromWorker): void => {
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
        setMessage(
          msg.line !== null
            ? `Invalid JSON at line ${msg.line}, column ${msg.column}. ${msg.message.replace(/^invalid JSON at line \d+, column \d+: /, '')}`
            : `Invalid JSON: ${msg.message}`,
        );
        return;
      // Transitions: React renders the results in slices between the page's other work, so a large
      // table (library rows included) never blocks a phone's main thread for 100 ms at a time.
      case 'parsed':
        startTransition(() => setParsed(msg));
        return;
      case 'payload':
        startTransition(() => {
          setPayload(msg.payload);
          setTimed(msg.final);
        });
        return;
      case 'progress':
        progress.set(msg.progress);
        return;
      case 'done':
        runId.current = 0;
        startTransition(() => {
          setResult(msg.result);
          setPayload(msg.result.payloads[0] ?? null);
          setStatus('done');
        });
        return;
      case 'cancelled':
        runId.current = 0;
        setStatus('cancelled');
        // Only claim complete sizes when the worker had sent them before the cancel.
        setMessage(
          payload?.rows.some((r) => r.bytes !== undefined)
            ? 'Measuring cancelled. The sizes above are complete; timings are not.'
            : 'Measuring cancelled before any figure was measured.',
        );
        return;
      case 'error':
        runId.current = 0;
        setStatus('error');
        setMessage(`Measuring failed: ${msg.message}`);
        return;
    }
  };

  const onCrash = (): boolean => {
    if (runId.current === 0) return false;
    runId.current = 0;
    setStatus('error');
    setMessage('The run stopped because the worker crashed.');
    return true;
  };

  const worker = useMeasuringWorker({ onMessage, onCrash, onNotice: setNotice });

  /** A loaded text: in the text area, or held outside it when too long to lay out quickly. */
  const load = useCallback((name: string, content: string): void => {
    if (content.length <= TEXTAREA_LIMIT) {
      setHeld(null);
      setText(content);
    } else {
      setHeld(holdText(name, content));
      setText('');
    }
  }, []);

  useEffect(() => {
    // Only a share link's hash fetches the code that reads it (share-link.ts, a chunk of its own).
    if (!location.hash.startsWith(SHARE_HASH_PREFIX)) return;
    shareLinkChunk.load().then(
      ({ payloadFromHash }) =>
        payloadFromHash(location.hash).then(
          (outcome) => {
            if (outcome === null) return;
            if ('refused' in outcome) {
              setNotice(`The share link in the address bar was not loaded: ${outcome.refused}.`);
              return;
            }
            load('shared payload', outcome.text);
            setNotice('Loaded the payload from the share link: press Measure to measure it on this device.');
          },
          () => setNotice('The share link in the address bar could not be read (damaged or cut short).'),
        ),
      (error: unknown) => setNotice(`The share link in the address bar could not be read (${errorMessage(error)}): reload the page to try again.`),
    );
  }, [load]);

  const source = held ? held.text : text;
  const sourceName = held && held.name !== 'pasted text' ? held.name : 'pasted';

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
      setMessage(
        `This payload is ${formatBytes(bytes)}; the playground refuses more than ${formatBytes(MAX_BYTES)}, which would exhaust a phone's memory. Use \`npm run bench -- file.json\` for it.`,
      );
      return;
    }
    if (bytes > WARN_BYTES && !confirmed) {
      setStatus('confirm');
      setMessage(`This payload is ${formatBytes(bytes)} (over ${formatBytes(WARN_BYTES)}): measuring it can take a while and use a lot of memory on a phone.`);
      return;
    }
    const id = Date.now();
    // Posting first is safe: the worker's first answer arrives in a later task, after runId is set.
    // No eval, as the constraints in the address say it (the answer keeps them there): the codecs that
    // compile code per schema are measured interpreted, as such a page runs them.
    const interpreted = flagFromSearch(location.search, 'noEval') === true;
    if (!worker.post({ type: 'run', id, name: sourceName, text: source, settings: { ...DEFAULT_SETTINGS, libraries, interpreted } })) {
      setStatus('error');
      setMessage('No measuring worker is running (see the notice above).');
      return;
    }
    runId.current = id;
    progress.set(null);
    // A transition, as the results are: clearing the last run's table and charts is rendered in
    // slices, so the tap never holds a phone's main thread for 100 ms.
    startTransition(() => {
      setParsed(null);
      setPayload(null);
      setTimed(false);
      setResult(null);
      setMeasuredText(source);
      setStatus('measuring');
    });
  };

  const cancel = (): void => {
    if (runId.current) worker.post({ type: 'cancel', id: runId.current });
  };

  const measuring = status === 'measuring';
  return (
    <main>
      <h1>wirebench playground</h1>
      <p className="lede">
        Paste a JSON payload and see what each wire format costs on this device: bytes, compressed bytes, encode and decode time, and whether the data comes
        back exactly. Measured here, in a Web Worker; nothing is sent anywhere.
      </p>
      <PayloadInput
        text={text}
        held={held}
        samples={samples}
        measuring={measuring}
        messages={{
          confirm: status === 'confirm' ? message : null,
          alert: status === 'invalid' || status === 'refused' ? message : null,
          notice,
        }}
        onEdit={(edited) => {
          setText(edited);
          setHeld(null);
        }}
        onLoad={(name, content) => {
          load(name, content);
          setStatus('idle');
          setMessage(null);
        }}
        onRefuse={(refusal) => {
          setStatus('refused');
          setMessage(refusal);
        }}
        onMeasure={start}
      />
      <Results
        status={status}
        message={message}
        progress={progress}
        parsed={parsed}
        payload={payload}
        timed={timed}
        result={result}
        measuredText={measuredText}
        onCancel={cancel}
        libraries={libraries}
        onLibraries={setLibraries}
        onMeasureAgain={() => start(false)}
      />
      <Compare result={result} />
      <Device result={result} />
    </main>
  );
}
