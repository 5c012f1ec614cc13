import type { Codec } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { WirebenchError, assertBytes, wrapError } from '../errors.js';
import { jsonCodec } from './json.js';

interface SimdjsonBinding {
  parse(text: string): unknown;
}

// Reached through process.getBuiltinModule so that no `node:` import sits on a browser bundle's path.
interface NodeProcess {
  getBuiltinModule?(id: 'node:module'): { createRequire(from: string): (id: string) => unknown };
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
    binding = nodeModule.createRequire(import.meta.url)('simdjson') as SimdjsonBinding;
    return binding;
  } catch (error) {
    throw new WirebenchError(
      'the simdjson native addon is not installed or did not build. It is an optional dependency: ' +
        'install a C++ toolchain, allow its install script (npm install-scripts approve simdjson), ' +
        'then run `npm rebuild simdjson`. Every other format works without it.',
      { format: 'simdjson', cause: error },
    );
  }
}

/**
 * JSON text parsed by simdjson's native parser (Node only). Encoding is JSON.stringify: simdjson
 * only parses. The bytes are ordinary JSON, interchangeable with the json codec's.
 */
export function simdjsonCodec(): Codec {
  const simdjson = loadBinding();
  const json = jsonCodec();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return {
    format: 'simdjson',
    mediaType: MEDIA_TYPES.simdjson,
    encode(value) {
      try {
        return json.encode(value);
      } catch (error) {
        throw wrapError('simdjson', 'encode', error);
      }
    },
    decode(bytes) {
      assertBytes('simdjson', bytes);
      try {
        return simdjson.parse(decoder.decode(bytes));
      } catch (error) {
        throw wrapError('simdjson', 'decode', error);
      }
    },
  };
}
