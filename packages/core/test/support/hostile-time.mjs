// The child side of test/formats/hostile-time.test.ts: `node hostile-time.mjs <format> <implementation> <dir>`
// decodes every input `<dir>/inputs.json` lists (its bytes in `<dir>/<file>`, with a codec built with
// the schema in `<dir>/<schema>` and the `limits` where it names them) in turn, ROUNDS times over, with the built package (dist/),
// and prints one JSON line: per input, the median milliseconds of its decodes and what the last one
// did (decoded, or refused with which error). Plain JavaScript, so the process loads nothing but
// the package it measures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROUNDS = 3;
const [format, implementation, dir] = process.argv.slice(2);
const { createCodec } = await import('../../dist/index.js');
const inputs = JSON.parse(readFileSync(join(dir, 'inputs.json'), 'utf8'));
const codecs = new Map();
const codecKey = (input) => `${input.schema ?? ''} ${JSON.stringify(input.limits ?? {})}`;
for (const input of inputs) {
  const key = codecKey(input);
  if (!codecs.has(key)) {
    const schema = input.schema ? JSON.parse(readFileSync(join(dir, input.schema), 'utf8')) : undefined;
    codecs.set(key, await createCodec(format, { implementation, schema, limits: input.limits }));
  }
  input.bytes = new Uint8Array(readFileSync(join(dir, input.file)));
  input.times = [];
}
for (let round = 0; round < ROUNDS; round++) {
  for (const input of inputs) {
    const codec = codecs.get(codecKey(input));
    const started = performance.now();
    try {
      codec.decode(input.bytes);
      input.times.push(performance.now() - started);
      input.outcome = 'decoded';
    } catch (error) {
      input.times.push(performance.now() - started);
      input.outcome = 'refused';
      input.error = `${error?.constructor?.name}: ${String(error?.message).slice(0, 200)}`;
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  JSON.stringify(Object.fromEntries(inputs.map((i) => [i.name, { ms: median(i.times), bytes: i.bytes.length, outcome: i.outcome, error: i.error }]))),
);
