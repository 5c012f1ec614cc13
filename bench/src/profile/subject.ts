/**
 * What bench:profile profiles: one payload, one format, one implementation, one operation, with the
 * codec made exactly as the bench makes it (the canonical payloads with their hand-written schema,
 * a file with the schema inferred from it) and checked to give the payload back. Browser-safe: the
 * Node worker and the Chromium page prepare their call here, each for itself.
 */
import type { Codec, createCodec, FormatId } from '@wirebench/core';
import { checkRoundTrip, parseJson } from '@wirebench/core';
import { schemaFromProto } from '@wirebench/core/schema';
import { codecsFor, planPayload } from 'wirebench';
import type { CanonicalShape } from 'wirebench/samples';
import { CANONICAL_MESSAGES, canonicalSamples } from 'wirebench/samples';
import { BenchError } from '../errors.js';

/** A canonical payload by its shape (seeded, so every context makes the same one), or a file's text. */
export type PayloadSource =
  | { readonly kind: 'canonical'; readonly shape: CanonicalShape; readonly seed: number }
  | { readonly kind: 'file'; readonly name: string; readonly text: string };

export type ProfileOp = 'encode' | 'decode';

/** Structured-clone and JSON safe: it travels to a worker and into a page. */
export interface ProfileSubject {
  readonly payload: PayloadSource;
  readonly format: FormatId;
  readonly implementation: string;
  readonly op: ProfileOp;
}

export const payloadName = (payload: PayloadSource): string => (payload.kind === 'canonical' ? payload.shape : payload.name);

/**
 * The call to profile: `encode(value)`, or `decode(bytes)` on the bytes this implementation encoded.
 * `proto` is schemas/canonical.proto's text; `create` is how the bench makes codecs where this runs.
 * A BenchError (input) when the subject cannot be profiled: the codec cannot be made here (a library
 * not installed), or it cannot encode the payload or does not give it back.
 */
export async function prepareCall(subject: ProfileSubject, proto: string, create: typeof createCodec): Promise<() => unknown> {
  const { payload, format, implementation } = subject;
  const name = payloadName(payload);
  const notes: string[] = [];
  let value: unknown;
  let made: Codec | undefined;
  if (payload.kind === 'canonical') {
    const sample = canonicalSamples(payload.seed).find((s) => s.shape === payload.shape);
    if (!sample) throw new BenchError(`no canonical payload ${payload.shape}`, 'input');
    value = sample.value;
    [made] = await codecsFor([format], schemaFromProto(proto, CANONICAL_MESSAGES[payload.shape]), notes, [implementation], create);
  } else {
    value = parseJson(payload.text).value;
    [made] = (await planPayload({ name, value }, [format], notes, [implementation], create)).target.codecs;
  }
  if (!made) throw new BenchError((notes[0] ?? `no ${format} codec by ${implementation}`).replace(' not measured: ', ': '), 'input');
  const codec = made;
  let bytes: Uint8Array;
  let decoded: unknown;
  try {
    bytes = codec.encode(value);
    decoded = codec.decode(bytes);
  } catch (error) {
    throw new BenchError(`${implementation} cannot ${format}-encode ${name} and decode it back: ${(error as Error).message.split('\n')[0]}`, 'input');
  }
  const [diff] = checkRoundTrip(value, decoded).diffs.filter((d) => d.kind !== 'order');
  if (diff) throw new BenchError(`${implementation}'s ${format} does not give ${name} back: it differs at ${diff.path} (${diff.kind})`, 'input');
  return subject.op === 'encode' ? () => codec.encode(value) : () => codec.decode(bytes);
}
