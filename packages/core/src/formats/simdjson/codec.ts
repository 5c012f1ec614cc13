import type { Codec } from '../../codec.js';
import { MEDIA_TYPES } from '../../codec.js';
import { assertBytes, WirebenchError, wrapError } from '../../errors.js';
import { assertWithinLimits } from '../../json-data.js';
import type { CodecOptions } from '../../limits.js';
import { checkByteLength, limitsStructure, resolveLimits } from '../../limits.js';
import { decodeDocument } from '../../wire/utf8.js';
import { jsonCodec } from '../json/codec.js';

interface SimdjsonBinding {
  parse(text: string): unknown;
}

// Reached through process.getBuiltinModule so that no `node:` import sits on a browser bundle's path.
interface NodeProcess {
  getBuiltinModule?(id: 'node:module'): { createRequire(from: string): { (id: string): unknown; resolve(id: string): string } };
}

let binding: SimdjsonBinding | undefined;

function loadBinding(): SimdjsonBinding {
  if (binding) return binding;
  const nodeProcess = (globalThis as { process?: NodeProcess }).process;
  const nodeModule = nodeProcess?.getBuiltinModule?.('node:module');
  if (!nodeModule) {
    throw new WirebenchError('simdjson is a Node.js native addon and cannot run here; use the json codec', {
      format: 'simdjson',
    });
  }
  try {
    const requireHere = nodeModule.createRequire(import.meta.url);
    // Where the addon was not built (install scripts skipped or failed), simdjson's index exports
    // the global JSON instead: JSON.parse would then be timed and reported as simdjson.
    requireHere.resolve('simdjson/build/Release/simdjson.node');
    binding = requireHere('simdjson') as SimdjsonBinding;
    return binding;
  } catch (error) {
    throw new WirebenchError(
      'the simdjson native addon is not installed or did not build. It is an optional peer dependency: ' +
        'npm install simdjson@"^0.9.2" (its install script compiles the addon: it needs a C++ toolchain, and ' +
        'npm install-scripts approve simdjson); where it is installed but did not build, `npm rebuild simdjson`. ' +
        'Every other format works without it.',
      { format: 'simdjson', cause: error },
    );
  }
}

/** An escaped high surrogate without an escaped low one after it, or a low one without a high one before it. */
const LONE_SURROGATE_ESCAPE = /\\u[dD][89abAB][\da-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][\da-fA-F]{2})\\u[dD][c-fC-F]/;

/**
 * Whether simdjson 0.9.2 could parse `text` differently from JSON.parse: a `__proto__` key (it
 * becomes the object's prototype, not data; also when spelled with escapes), a key with an escaped
 * `\u0000` (cut there), an integer `-0` or a negative literal that underflows (read as 0, not -0),
 * an escaped lone surrogate (a low one reads as three U+FFFD, a high one before another escape is
 * dropped; an escaped backslash before a `u` defeats the pairing test, so any such text counts).
 * Cheap substring checks first: the regular expressions run only on text that has an escape or a
 * `-0`.
 */
function simdjsonMayDiffer(text: string): boolean {
  if (text.includes('__proto__')) return true;
  if (text.includes('\\u')) {
    if (text.includes('\\u0000') || /\\u00(?:5[fF]|6[fF]|7[0-4])/.test(text)) return true;
    if (/\\u[dD][89a-fA-F]/.test(text) && (text.includes('\\\\') || LONE_SURROGATE_ESCAPE.test(text))) return true;
  }
  if (text.includes('-0') && /-0(?![\d.eE])|-0\.0{19}/.test(text)) return true;
  return (text.includes('e-') || text.includes('E-')) && /\d[eE]-\d{3}/.test(text) && /-[\d.]+[eE]-\d{3}/.test(text);
}

/**
 * JSON text parsed by simdjson's native parser (Node only). Encoding is the json codec's
 * (JSON.stringify): simdjson only parses. The bytes are ordinary JSON, interchangeable with the
 * json codec's, and decoding gives what JSON.parse gives: where simdjson would differ (see
 * simdjsonMayDiffer) or refuses valid JSON (escaped lone surrogates, integers outside 64 bits,
 * 1e400), that document is parsed by JSON.parse.
 */
export function simdjsonCodec(options: CodecOptions = {}): Codec {
  const simdjson = loadBinding();
  const json = jsonCodec(options);
  const limits = resolveLimits(options.limits, 'simdjson');
  const checkShape = limitsStructure(options.limits);
  return {
    format: 'simdjson',
    mediaType: MEDIA_TYPES.simdjson,
    implementation: 'wirebench',
    encode(value) {
      try {
        return json.encode(value);
      } catch (error) {
        // The json codec's errors say "json:"; these are simdjson's.
        const message = error instanceof WirebenchError ? error.message.replace(/^json: /, '') : undefined;
        throw message ? new WirebenchError(message, { format: 'simdjson', cause: error }) : wrapError('simdjson', 'encode', error);
      }
    },
    decode(bytes) {
      assertBytes('simdjson', bytes);
      checkByteLength('simdjson', limits, bytes.length);
      let value: unknown;
      try {
        const text = decodeDocument(bytes);
        value = simdjsonMayDiffer(text) ? JSON.parse(text) : parseOrFallBack(simdjson, text);
      } catch (error) {
        throw wrapError('simdjson', 'decode', error);
      }
      if (checkShape) assertWithinLimits(value, 'simdjson', limits);
      return value;
    },
  };
}

/** simdjson's result; where it refuses, JSON.parse decides (its error is the one a person can act on). */
function parseOrFallBack(simdjson: SimdjsonBinding, text: string): unknown {
  try {
    return simdjson.parse(text);
  } catch {
    return JSON.parse(text);
  }
}
