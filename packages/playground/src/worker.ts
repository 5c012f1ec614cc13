/**
 * The measuring worker: parses the pasted text, infers a schema, builds the codecs (each format's
 * library loads here, on demand) and times them with the one engine of wirebench.
 * Every failure is posted back, so the page never waits on a worker that died quietly.
 */
import type { Codec, FormatId, ImplementationId, ParsedJson, Schema } from '@wirebench/core';
import { formatsRunningIn, IMPLEMENTATIONS, inferSchema, JsonSyntaxError, parseJson, toFbs, toProto } from '@wirebench/core';
import { createCodecWithLibraries } from '@wirebench/core/libraries';
import { measure, withAttribution, withoutGeneratedCode } from 'wirebench';
import { MIN_ROUNDS } from 'wirebench/answer';
import { canonicalSamples } from 'wirebench/samples';
import type { FromWorker, RunSettings, ToWorker } from './protocol.js';

/** The formats a browser can measure, in table order (json first: every ratio is to it): those the registry says run in a browser. */
const BROWSER_FORMATS = formatsRunningIn('browser');

declare const __WIREBENCH_LIBRARIES__: Readonly<Record<string, string>>;

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromWorker): void => scope.postMessage(message);

/** Bytes shown in the hex view. */
const HEX_BYTES = 64;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const runs = new Map<number, AbortController>();

scope.addEventListener('unhandledrejection', (event) => {
  post({ type: 'error', id: null, message: `unhandled rejection in the worker: ${errorText(event.reason)}` });
});

scope.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'samples':
      post({
        type: 'samples',
        samples: canonicalSamples(1).map((s) => ({ name: s.shape, text: JSON.stringify(s.value, null, 2) })),
      });
      return;
    case 'cancel':
      runs.get(message.id)?.abort(new Error('cancelled'));
      return;
    case 'crash':
      setTimeout(() => {
        throw new Error('crash requested by the page (test hook)');
      });
      return;
    case 'run':
      void run(message.id, message.name, message.text, message.settings);
      return;
  }
});

/** A codec that could not be built: every call throws the reason, so its row shows the error. */
function failedCodec(format: FormatId, implementation: ImplementationId, reason: unknown): Codec {
  const fail = (): never => {
    throw reason instanceof Error ? reason : new Error(String(reason));
  };
  return { format, implementation, mediaType: 'application/octet-stream', encode: fail, decode: fail };
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < Math.min(bytes.length, HEX_BYTES); i++) out += (i && i % 16 === 0 ? '\n' : i ? ' ' : '') + bytes[i]!.toString(16).padStart(2, '0');
  return out;
}

async function run(id: number, name: string, text: string, settings: RunSettings): Promise<void> {
  const controller = new AbortController();
  runs.set(id, controller);
  try {
    let parsed: ParsedJson;
    try {
      parsed = parseJson(text);
    } catch (error) {
      if (error instanceof JsonSyntaxError) {
        post({ type: 'invalid', id, message: error.message, line: error.line, column: error.column });
      } else {
        post({ type: 'invalid', id, message: errorText(error), line: null, column: null });
      }
      return;
    }
    const value = parsed.value;
    let schema: Schema | undefined;
    let schemaError: string | null = null;
    let proto: string | null = null;
    let fbs: string | null = null;
    try {
      schema = inferSchema(value);
      proto = toProto(schema);
      fbs = toFbs(schema);
    } catch (error) {
      schemaError = errorText(error);
    }
    // Each format's own codec, then (when asked) every library that implements it: grouped by format.
    const codecs: Codec[] = [];
    /** Formats with a codec that could be built: their bytes are attributed (planPayload's rule). */
    const built = new Set<FormatId>();
    const create = settings.interpreted ? withoutGeneratedCode(createCodecWithLibraries) : createCodecWithLibraries;
    for (const format of BROWSER_FORMATS) {
      for (const implementation of IMPLEMENTATIONS[format].filter((i) => i.runtimes.includes('browser')).map((i) => i.id)) {
        if (implementation !== 'wirebench' && !settings.libraries) continue;
        try {
          codecs.push(await create(format, { ...(schema ? { schema } : {}), implementation }));
          built.add(format);
        } catch (error) {
          codecs.push(failedCodec(format, implementation, error));
        }
      }
    }
    // The first bytes of each format, from its own codec (the libraries write the same format).
    const hexes: Record<string, string> = {};
    for (const codec of codecs) {
      if (codec.implementation !== 'wirebench') continue;
      try {
        hexes[codec.format] = hex(codec.encode(value));
      } catch (error) {
        hexes[codec.format] = `(${errorText(error)})`;
      }
    }
    post({ type: 'parsed', id, lossyNumbers: parsed.lossyNumbers.slice(0, 50), lossyCount: parsed.lossyCount, proto, fbs, schemaError, hex: hexes });
    controller.signal.throwIfAborted();
    // The pasted text's UTF-8 bytes, what a file holding it would weigh: reported beside JSON's minified bytes.
    const sourceBytes = new TextEncoder().encode(text).length;
    const input = { name, value, lossyNumbers: parsed.lossyNumbers, lossyCount: parsed.lossyCount, sourceBytes };
    const measured = await measure([{ payload: input, codecs }], {
      rounds: settings.rounds,
      roundTime: settings.roundTime,
      warmupTime: settings.warmupTime,
      budget: settings.budget,
      // The budget may cut the rounds short, never below what a verdict needs.
      minRounds: Math.min(MIN_ROUNDS, settings.rounds),
      environment: { libraries: __WIREBENCH_LIBRARIES__ },
      // The page gives every run a worker of its own (use-measuring-worker.ts): this payload is the
      // only one this isolate measures.
      isolation: 'worker-per-payload',
      signal: controller.signal,
      onProgress: (progress) => post({ type: 'progress', id, progress }),
      onPayload: (payload, final) => post({ type: 'payload', id, payload, final }),
    });
    // Where the bytes go (the page's "Where the bytes go"): worked out after the timing, for the
    // formats whose codecs could be built, with the schema they were built with.
    const result = withAttribution(measured, [{ name, value, formats: [...built], schema }]);
    post({ type: 'done', id, result });
  } catch (error) {
    if (controller.signal.aborted) post({ type: 'cancelled', id });
    else post({ type: 'error', id, message: errorText(error) });
  } finally {
    runs.delete(id);
  }
}

post({ type: 'ready' });
