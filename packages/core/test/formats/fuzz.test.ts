/**
 * Seeded, bounded fuzzing of every decoder (support/fuzz.ts makes the cases and holds the rules):
 * for each input, decode returns or throws a WirebenchError of its format, never pollutes
 * Object.prototype, never takes longer than BOUND_MS, and whatever decodes is JSON data that
 * re-encodes with the same codec and decodes again to the same value.
 *
 * Environment:
 *   WIREBENCH_FUZZ_SEED=n    another seed (default 0x5eed); failures print seed and case index
 *   WIREBENCH_FUZZ_CASES=n   cases per decoder (default 20000)
 *   WIREBENCH_FUZZ_CASE=i    run only case i (prints its input), to reproduce one failure
 *   WIREBENCH_FUZZ_SAVE=1    write each distinct failure, minimised, to test/formats/fuzz-crashers/<format>/<hash>.bin
 * Every file in test/formats/fuzz-crashers/<format>/ is replayed, always, against each of the format's codecs.
 *
 * Every implementation of a format runs (IMPLEMENTATIONS: wirebench's codec and each library), on
 * the same seeds and cases. A library keeps the same rules except where it is KNOWN to differ
 * (support/library-codecs.ts, LIBRARY_FACTS: the values that are not JSON data it returns for
 * bytes that are not JSON data, and what follows from them; the library bugs it wraps): those
 * cases are counted and printed, never failed, and anything else fails as for wirebench. A library
 * module that is still a placeholder is skipped with its message.
 */
import { describe, expect, it } from 'vitest';
import type { Codec, FormatId } from '../../src/codec.js';
import { FORMATS } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import type { ImplementationId } from '../../src/implementations.js';
import { inferSchema } from '../../src/schema/infer.js';
import { canonicalCases } from '../support/canonical.js';
import type { Failure, FuzzTarget } from '../support/fuzz.js';
import { checkSeed, crasherFiles, generateCase, hex, minimise, runCase, saveCrasher, signature } from '../support/fuzz.js';
import type { ImplementationCase } from '../support/library-codecs.js';
import { implementationCases, implementationLabel, LIBRARY_FACTS, placeholderReason } from '../support/library-codecs.js';

const SEED = Number(process.env['WIREBENCH_FUZZ_SEED'] ?? 0x5eed) >>> 0;
const CASES = Number(process.env['WIREBENCH_FUZZ_CASES'] ?? 20_000);
const ONLY = process.env['WIREBENCH_FUZZ_CASE'] === undefined ? undefined : Number(process.env['WIREBENCH_FUZZ_CASE']);
const SAVE = process.env['WIREBENCH_FUZZ_SAVE'] === '1';
/** No single case (decode, plus re-encode and decode when it decodes) may take longer. */
const BOUND_MS = 200;
/** Distinct failures minimised and listed per decoder, and time spent minimising them. */
const MAX_REPORTED = 25;
const MINIMISE_BUDGET_MS = 8000;

// ---------------------------------------------------------------------------------------------
// Targets: the codecs under test and the valid encodings the mutations start from.

/** Canonical payloads of three seeds, with order_batch cut to two orders so inputs stay a few KB. */
const PAYLOADS = [1, 2, 3].flatMap((seed) =>
  canonicalCases(seed).map((c) => {
    const value = c.shape === 'order_batch' ? { ...c.value, orders: (c.value['orders'] as unknown[]).slice(0, 2) } : c.value;
    return { ...c, value };
  }),
);

/** JSON the canonical shapes lack: nulls, mixed and nested arrays, odd keys, a map, big numbers. */
const MESSY: unknown[] = [
  {
    'user-name': 'Zoë 名前 🎧',
    '': null,
    list: [1, 'two', null, [3, [4.5]], { a: true }],
    map: { '1001': { n: 1 }, '1002': { n: 2 }, '1003': { n: -0.5 } },
    big: 2 ** 53 + 2,
    neg: -(2 ** 63),
    tiny: 5e-324,
    nested: [[[]], [[1, 2]]],
    flag: false,
  },
  {
    'user-name': '',
    '': null,
    list: [],
    map: {},
    big: -1,
    neg: 0,
    tiny: 1e300,
    nested: [],
    flag: true,
  },
];
const SCHEMALESS_EXTRAS: unknown[] = [[], {}, null, 0, -1.5, 'text', [[[[1]]]], { a: { b: { c: [null, true, 'ü'] } } }, 2 ** 64, -(2 ** 53)];

/** Valid encodings the decoders refused or changed (checked while the targets are built; fails the test). */
const seedProblems: string[] = [];

/**
 * The targets of one implementation of `format`. The libraries change some JSON data (-0 → 0, a
 * lone surrogate → U+FFFD, a `__proto__` key renamed or refused); the seeds hold none of it, so
 * every implementation must give each one back exactly.
 */
async function targetsFor(format: FormatId, implementation: ImplementationId = 'wirebench'): Promise<FuzzTarget[]> {
  const label = implementationLabel(format, implementation);
  const encodeAll = (codec: Codec, values: unknown[]): Uint8Array[] =>
    values.map((value, i) => {
      const bytes = codec.encode(value);
      const problem = checkSeed(codec, value, bytes);
      if (problem) seedProblems.push(`${label} seed#${i}: ${problem}`);
      return bytes;
    });
  if (format === 'protobuf' || format === 'flatbuffers') {
    const targets: FuzzTarget[] = [];
    for (const message of [...new Set(PAYLOADS.map((p) => p.message))]) {
      const payloads = PAYLOADS.filter((p) => p.message === message);
      const codec = await createCodec(format, { implementation, schema: (payloads[0] as (typeof payloads)[number]).schema });
      targets.push({
        name: `${label}/${message}`,
        codec,
        seeds: encodeAll(
          codec,
          payloads.map((p) => p.value),
        ),
      });
    }
    const codec = await createCodec(format, { implementation, schema: inferSchema(MESSY[0]) });
    targets.push({ name: `${label}/inferred`, codec, seeds: encodeAll(codec, MESSY) });
    return targets;
  }
  const codec = await createCodec(format, { implementation });
  const reference = format === 'simdjson' ? await createCodec('json') : undefined;
  const overflowsToInfinity = format === 'json' || format === 'simdjson';
  return [{ name: label, codec, reference, overflowsToInfinity, seeds: encodeAll(codec, [...PAYLOADS.map((p) => p.value), ...MESSY, ...SCHEMALESS_EXTRAS]) }];
}

/**
 * Why an implementation is skipped here: simdjson is an optional native addon (when it does not
 * load, its tests are skipped with the reason); a library module still a placeholder throws its
 * 'not built yet' message. Both are registered as skipped tests that carry the message.
 */
async function skipReason(c: ImplementationCase): Promise<string | undefined> {
  if (c.format === 'simdjson') {
    return createCodec('simdjson').then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
  }
  return placeholderReason(c, PAYLOADS[0]?.schema);
}

const CASES_BY_IMPLEMENTATION = await Promise.all(implementationCases(FORMATS).map(async (c) => ({ ...c, skipped: await skipReason(c) })));
for (const c of CASES_BY_IMPLEMENTATION) if (c.skipped) console.warn(`fuzz: ${c.name} skipped: ${c.skipped}`);
const available = CASES_BY_IMPLEMENTATION.filter((c) => !c.skipped);

/**
 * The failures of one case a library is known for (LIBRARY_FACTS), by what explains them; the rest
 * are real. Once a case decodes to something that is not JSON data, what its re-encoding does is
 * that value's consequence, not a new finding (the library's encoder may refuse it or write it).
 */
function explain(implementation: ImplementationId, failures: readonly Failure[]): { known: string[]; real: Failure[] } {
  const facts = LIBRARY_FACTS[implementation];
  if (!facts) return { known: [], real: [...failures] };
  const known: string[] = [];
  const real: Failure[] = [];
  const nonJson = failures.find((f) => f.rule === 'decoded value is not JSON data' && facts.nonJsonData.test(f.detail.slice(f.detail.lastIndexOf(': ') + 2)));
  if (nonJson) known.push(`decodes to ${nonJson.detail.slice(nonJson.detail.lastIndexOf(': ') + 2)}`);
  const consequence = new Set([
    'decoded value is not JSON data',
    'decoded value does not re-encode',
    're-encoded bytes do not decode',
    'decode(encode(decoded)) differs',
  ]);
  for (const f of failures) {
    if (nonJson && consequence.has(f.rule)) continue;
    if (f.rule === 'WirebenchError hiding an internal error' && facts.internalErrors?.test(f.detail)) {
      known.push(`wraps its own ${f.detail.match(/cause: (\w+)/)?.[1] ?? 'error'}`);
      continue;
    }
    const loss = facts.reEncodeLosses?.find((l) => l.rule === f.rule && l.detail.test(f.detail));
    if (loss) {
      known.push(loss.why);
      continue;
    }
    real.push(f);
  }
  return { known, real };
}

// ---------------------------------------------------------------------------------------------

interface Found {
  readonly signature: string;
  readonly failure: Failure;
  readonly target: string;
  readonly where: string;
  readonly input: Uint8Array;
  count: number;
  minimised?: Uint8Array;
  saved?: string[];
}

function describeFound(format: FormatId, found: Found[]): string {
  return found
    .map((f) => {
      const input = f.minimised ?? f.input;
      return [
        `[${format}] ${f.failure.rule} ×${f.count} (first: ${f.where}, ${f.target})`,
        `    ${f.failure.detail}`,
        `    input (${f.minimised ? 'minimised, ' : ''}${input.length} bytes): ${hex(input, 128)}`,
        ...(f.saved ? [`    saved: ${f.saved.join(', ')}`] : []),
      ].join('\n');
    })
    .join('\n');
}

/** Runs `input` on every target; returns the first failing target's real failures, if any. */
function firstFailure(
  implementation: ImplementationId,
  targets: readonly FuzzTarget[],
  input: Uint8Array,
): { target: FuzzTarget; failures: Failure[] } | undefined {
  for (const target of targets) {
    const { real } = explain(implementation, runCase(target, input, BOUND_MS).failures);
    if (real.length > 0) return { target, failures: real };
  }
  return undefined;
}

for (const c of CASES_BY_IMPLEMENTATION.filter((x) => x.skipped)) {
  describe(`fuzz: ${c.name} decoder`, () => {
    it.skip(`skipped: ${c.skipped}`, () => {});
  });
}

describe.each(available.map((c) => [c.name, c] as const))('fuzz: %s decoder', (name, { format, implementation }) => {
  it(`${CASES} mutated and random inputs (seed ${SEED})`, async () => {
    seedProblems.length = 0;
    const targets = await targetsFor(format, implementation);
    // A decoder that refuses its own valid encodings would pass every rule below.
    expect(seedProblems).toEqual([]);
    const found = new Map<string, Found>();
    const counts = { decoded: 0, refused: 0, negativeZero: 0 };
    /** Cases a library's known behaviour explains, by what explains them (LIBRARY_FACTS). */
    const explained = new Map<string, number>();
    let slowest = { ms: 0, where: '' };
    const started = performance.now();
    const indexes = ONLY === undefined ? Array.from({ length: CASES }, (_, i) => i) : [ONLY];
    for (const index of indexes) {
      const fuzzCase = generateCase(SEED, format, index, targets);
      const target = targets[fuzzCase.target] as FuzzTarget;
      if (ONLY !== undefined) console.log(`fuzz ${format} seed ${SEED} case ${index} (${target.name}, ${fuzzCase.recipe}): ${hex(fuzzCase.input, 4096)}`);
      const outcome = runCase(target, fuzzCase.input, BOUND_MS);
      counts[outcome.outcome]++;
      if (outcome.negativeZeroDiffs > 0) counts.negativeZero++;
      const where = `seed ${SEED} case ${index}: ${fuzzCase.recipe}`;
      if (outcome.ms > slowest.ms) slowest = { ms: outcome.ms, where: `${where} (${target.name}, ${fuzzCase.input.length} bytes)` };
      const { known, real } = explain(implementation, outcome.failures);
      for (const why of new Set(known)) explained.set(why, (explained.get(why) ?? 0) + 1);
      for (const failure of real) {
        const key = `${target.name} ${signature(failure)}`;
        const seen = found.get(key);
        if (seen) seen.count++;
        else found.set(key, { signature: key, failure, target: target.name, where, input: fuzzCase.input, count: 1 });
      }
    }
    const elapsed = performance.now() - started;

    // Minimise the first input of each distinct failure, keeping the same rule on the same codec.
    const list = [...found.values()].sort((a, b) => b.count - a.count).slice(0, MAX_REPORTED);
    const deadline = performance.now() + MINIMISE_BUDGET_MS;
    for (const f of list) {
      const left = deadline - performance.now();
      if (left <= 0) continue;
      const target = targets.find((t) => t.name === f.target) as FuzzTarget;
      f.minimised = minimise(
        f.input,
        (bytes) =>
          explain(implementation, runCase(target, bytes, BOUND_MS, false).failures).real.some(
            (x) => x.rule !== 'case too slow' && `${f.target} ${signature(x)}` === f.signature,
          ),
        Math.min(left, 2000),
      );
    }
    if (SAVE) for (const f of list) f.saved = [saveCrasher(format, f.minimised ?? f.input)];

    const known = [...explained].map(([why, n]) => `${why} ×${n}`).join('; ');
    console.log(
      `fuzz ${name}: ${indexes.length} cases in ${(elapsed / 1000).toFixed(2)} s on ${targets.length} codec(s): ${counts.decoded} decoded, ${counts.refused} refused, ` +
        `${counts.negativeZero} with -0 → 0 reported; slowest ${slowest.ms.toFixed(1)} ms (${slowest.where}); ${found.size} distinct failure(s)` +
        (known ? `; known library behaviour (LIBRARY_FACTS): ${known}` : ''),
    );
    expect(
      list.length === 0 ? '' : `\n${describeFound(format, list)}\n(reproduce one case with WIREBENCH_FUZZ_SEED=${SEED} WIREBENCH_FUZZ_CASE=<index>)\n`,
    ).toBe('');
  });

  const files = crasherFiles(format);
  it.skipIf(files.length === 0)(`replays ${files.length} saved input(s) from test/formats/fuzz-crashers/${format}/`, async () => {
    const targets = await targetsFor(format, implementation);
    const failing: string[] = [];
    for (const file of files) {
      const result = firstFailure(implementation, targets, file.bytes);
      if (result) {
        const first = result.failures[0] as Failure;
        failing.push(`${file.name} (${result.target.name}): ${first.rule}: ${first.detail}\n    ${hex(file.bytes, 128)}`);
      }
    }
    expect(failing.length === 0 ? '' : `\n${failing.join('\n')}\n`).toBe('');
  });
});
