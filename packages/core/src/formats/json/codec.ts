import type { Codec } from '../../codec.js';
import { MEDIA_TYPES } from '../../codec.js';
import { assertBytes, WirebenchError, wrapError } from '../../errors.js';
import { assertWithinLimits, notJsonScalar } from '../../json-data.js';
import type { CodecOptions } from '../../limits.js';
import { checkByteLength, limitsStructure, resolveLimits } from '../../limits.js';
import { decodeDocument, encodeUtf8 } from '../../wire/utf8.js';

/**
 * JSON as a wire format: UTF-8 bytes both ways, so its decode is timed from bytes like every other
 * format's. Encode is `JSON.stringify`, with its rules: NaN and ±Infinity become `null`, keys
 * holding `undefined` or functions are dropped, a Date becomes its ISO string, a Map or Set `{}`,
 * a BigInt throws; lone surrogates are escaped (`"\ud800"`) and come back exactly; -0 becomes 0.
 * `checkRoundTrip` reports each of these changes.
 *
 * Limits: `maxBytes` always. `JSON.parse` builds no more than the text holds, in linear time and
 * without recursion, so the shape limits (depth, collection and string lengths) are checked by a
 * walk over the value only when you set one of them.
 */
export function jsonCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'json');
  const checkShape = limitsStructure(options.limits);
  return {
    format: 'json',
    mediaType: MEDIA_TYPES.json,
    implementation: 'wirebench',
    encode(value) {
      let bytes: Uint8Array;
      try {
        if (checkShape) assertWithinLimits(value, 'json', limits);
        const text: string | undefined = JSON.stringify(value);
        // undefined, a function or a symbol: JSON.stringify gives no text at all, which no decoder reads back.
        if (text === undefined) throw new WirebenchError(`$ holds ${notJsonScalar(value) ?? 'a value'}; JSON text cannot hold it`, { format: 'json' });
        bytes = encodeUtf8(text);
      } catch (error) {
        throw wrapError('json', 'encode', error);
      }
      checkByteLength('json', limits, bytes.length);
      return bytes;
    },
    decode(bytes) {
      assertBytes('json', bytes);
      checkByteLength('json', limits, bytes.length);
      let value: unknown;
      try {
        // Invalid UTF-8 is an error, not silently replaced characters; a leading byte order mark is dropped.
        value = JSON.parse(decodeDocument(bytes)) as unknown;
      } catch (error) {
        throw wrapError('json', 'decode', error);
      }
      if (checkShape) assertWithinLimits(value, 'json', limits);
      return value;
    },
  };
}
