/**
 * simdjson is an optional native addon. Installs the built package into a scratch folder without
 * it, and checks that asking for simdjson fails with an actionable WirebenchError while the other
 * formats keep working.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { installWithoutSimdjson } from '../../support/install.js';

const scratch = mkdtempSync(join(tmpdir(), 'wirebench-no-simdjson-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('without the addon, createCodec("simdjson") rejects with a message that says how to get it', () => {
  installWithoutSimdjson(scratch);
  const script = `
    const m = await import('@wirebench/core');
    const json = await m.createCodec('json');
    console.log('json ok', JSON.stringify(json.decode(json.encode({ a: 1 }))));
    try { await m.createCodec('simdjson'); console.log('simdjson loaded?!'); }
    catch (e) { console.log(e.name, e.format, e.message); }`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: scratch, encoding: 'utf8' });
  expect(out).toContain('json ok {"a":1}');
  expect(out).toMatch(/WirebenchError simdjson simdjson: the simdjson native addon is not installed/);
  expect(out).toContain('npm rebuild simdjson');
});
