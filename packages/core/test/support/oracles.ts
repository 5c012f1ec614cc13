/**
 * Real tools as oracles: protoc and flatc read wirebench's bytes with the schema text, and what
 * they print is turned back into JSON data through the Schema for comparison.
 * In CI (CI=true) a missing tool is a failure, not a skip: CI installs both.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setOwn } from '../../src/json-data.js';
import type { LoweredSchema } from '../../src/schema/lower.js';
import { FLATBUFFERS_RULES, helperAdapter, lowerSchema, PROTOBUF_RULES } from '../../src/schema/lower.js';
import type { Schema, TypeRef } from '../../src/schema/types.js';
import { findMessage, rootPayload, rootRecord } from '../../src/schema/types.js';

export function hasTool(tool: 'protoc' | 'flatc'): boolean {
  const found = spawnSync(tool, ['--version'], { encoding: 'utf8' }).status === 0;
  if (!found && process.env['CI'] === 'true') throw new Error(`${tool} is missing in CI: .ci/run must install it`);
  if (!found)
    console.warn(`${tool} not on PATH: its oracle checks are skipped (apt-get install ${tool === 'protoc' ? 'protobuf-compiler' : 'flatbuffers-compiler'})`);
  return found;
}

function withTempDir<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-oracle-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `protoc --decode` of `bytes`, parsed back into JSON data through the schema. */
export function protocDecode(protoText: string, schema: Schema, bytes: Uint8Array): unknown {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'schema.proto'), protoText);
    const text = execFileSync('protoc', [`--proto_path=${dir}`, `--decode=${schema.namespace}.${schema.root}`, 'schema.proto'], {
      input: bytes,
      maxBuffer: 1 << 28,
    }).toString('utf8');
    return rootPayload(schema, treeToJson(lowerSchema(schema, PROTOBUF_RULES), schema.root, parseTextFormat(text)) as Record<string, unknown>);
  });
}

/** Compiles .proto text with protoc; throws with protoc's message when it does not compile. */
export function protocCompiles(protoText: string): void {
  withTempDir((dir) => {
    writeFileSync(join(dir, 'schema.proto'), protoText);
    execFileSync('protoc', [`--proto_path=${dir}`, `--descriptor_set_out=${join(dir, 'out.pb')}`, 'schema.proto'], { stdio: 'pipe' });
  });
}

/** `flatc --json --raw-binary` of `bytes` against the .fbs text, as JSON data through the schema. */
export function flatcToJson(fbsText: string, schema: Schema, bytes: Uint8Array): unknown {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'schema.fbs'), fbsText);
    writeFileSync(join(dir, 'payload.bin'), bytes);
    execFileSync(
      'flatc',
      ['--json', '--strict-json', '--raw-binary', '--root-type', `${schema.namespace}.${schema.root}`, '-o', dir, 'schema.fbs', '--', 'payload.bin'],
      { cwd: dir, stdio: 'pipe' },
    );
    const tree = JSON.parse(readFileSync(join(dir, 'payload.json'), 'utf8')) as unknown;
    return rootPayload(schema, treeToJson(lowerSchema(schema, FLATBUFFERS_RULES), schema.root, tree) as Record<string, unknown>);
  });
}

/**
 * The other direction: flatc writes the FlatBuffers bytes from JSON text (`flatc -b`), for wirebench's
 * decoder to read. flatc parses numbers exactly, so this checks doubles bit for bit, which
 * `flatc --json` cannot (it prints 12 decimal places).
 */
export function flatcFromJson(fbsText: string, schema: Schema, value: unknown): Uint8Array {
  const lowered = lowerSchema(schema, FLATBUFFERS_RULES);
  const tree = jsonToTree(lowered, schema.root, rootRecord(schema, value));
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'schema.fbs'), fbsText);
    writeFileSync(join(dir, 'payload.json'), JSON.stringify(tree));
    execFileSync('flatc', ['-b', '--root-type', `${schema.namespace}.${schema.root}`, '-o', dir, 'schema.fbs', 'payload.json'], {
      cwd: dir,
      stdio: 'pipe',
    });
    return new Uint8Array(readFileSync(join(dir, 'payload.bin')));
  });
}

/** A table of the lowered schema as flatc's JSON: wire field names, helper tables, maps as entry vectors. */
function jsonToTree(lowered: LoweredSchema, messageName: string, value: unknown): Record<string, unknown> {
  const adapter = helperAdapter(lowered.roles.get(messageName), 'flatbuffers');
  const record = (adapter ? adapter.toRecord(value, '$') : value) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of findMessage(lowered.schema, messageName).fields) {
    if (!Object.hasOwn(record, field.jsonName)) continue;
    const item = record[field.jsonName];
    if (item === null && field.nullable) continue;
    out[field.name] = valueToTree(lowered, field.type, item);
  }
  return out;
}

function valueToTree(lowered: LoweredSchema, type: TypeRef, value: unknown): unknown {
  switch (type.kind) {
    case 'message':
      return jsonToTree(lowered, type.name, value);
    case 'list':
      return (value as unknown[]).map((item) => valueToTree(lowered, type.of, item));
    case 'map':
      return Object.entries(value as Record<string, unknown>).map(([key, item]) => ({ key, value: valueToTree(lowered, type.of, item) }));
    default:
      return value instanceof Uint8Array ? [...value] : value;
  }
}

/** Compiles .fbs text with flatc; throws with flatc's message when it does not compile. */
export function flatcCompiles(fbsText: string): void {
  withTempDir((dir) => {
    writeFileSync(join(dir, 'schema.fbs'), fbsText);
    execFileSync('flatc', ['--ts', '-o', dir, 'schema.fbs'], { cwd: dir, stdio: 'pipe' });
  });
}

/**
 * Builds JSON data from a tool's view of a message of the lowered schema: `fields` maps field names
 * to the values the tool printed (repeated fields as arrays). Fields the tool did not print are
 * absent when optional, null when nullable, and otherwise the schema's default (both tools omit
 * zero values of implicit-presence fields). Helper messages become the JSON value they stand for.
 */
function treeToJson(lowered: LoweredSchema, messageName: string, tree: unknown): unknown {
  const fields = (tree ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of findMessage(lowered.schema, messageName).fields) {
    const raw = fields[field.name];
    if (raw === undefined) {
      if (field.nullable) setOwn(out, field.jsonName, null);
      else if (!field.optional) setOwn(out, field.jsonName, defaultOf(field.type));
      continue;
    }
    setOwn(out, field.jsonName, valueToJson(lowered, field.type, raw));
  }
  const adapter = helperAdapter(lowered.roles.get(messageName), 'protobuf');
  return adapter ? adapter.fromRecord(out) : out;
}

function valueToJson(schema: LoweredSchema, type: TypeRef, raw: unknown): unknown {
  // Text format gives every field as a list of occurrences; a singular field is its last one.
  if (Array.isArray(raw) && type.kind !== 'list' && type.kind !== 'map') raw = raw[raw.length - 1];
  switch (type.kind) {
    case 'scalar':
      return type.scalar === 'int64' || type.scalar === 'uint64' || type.scalar === 'int32' || type.scalar === 'uint32' || type.scalar === 'float64'
        ? Number(raw)
        : raw;
    case 'message':
      return treeToJson(schema, type.name, raw);
    case 'list':
      return (raw as unknown[]).map((item) => valueToJson(schema, type.of, item));
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const entry of raw as Array<Record<string, unknown>>) {
        const key = valueToJson(schema, { kind: 'scalar', scalar: 'string' }, entry['key'] ?? '') as string;
        const value = entry['value'] === undefined ? defaultOf(type.of) : valueToJson(schema, type.of, entry['value']);
        setOwn(out, key, value);
      }
      return out;
    }
  }
}

function defaultOf(type: TypeRef): unknown {
  if (type.kind === 'list') return [];
  if (type.kind === 'map') return {};
  if (type.kind === 'message') return {};
  if (type.kind === 'any') return null;
  return type.scalar === 'bool' ? false : type.scalar === 'string' ? '' : type.scalar === 'bytes' ? new Uint8Array(0) : 0;
}

/**
 * protoc's text format: `name: value` and `name { ... }`, read as name → every value printed for it.
 * Strings are C-escaped bytes (octal for non-ASCII), decoded here as UTF-8.
 */
const TOKEN = /[^\s}]+/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

export function parseTextFormat(text: string): Record<string, unknown[]> {
  let pos = 0;
  const skipSpace = (): void => {
    while (pos < text.length && /\s/.test(text[pos] as string)) pos++;
  };
  const readName = (): string => {
    NAME.lastIndex = pos;
    const match = NAME.exec(text);
    if (!match) throw new Error(`text format: expected a field name at ${pos}: ${text.slice(pos, pos + 40)}`);
    pos += match[0].length;
    return match[0];
  };
  const readString = (): string => {
    const bytes: number[] = [];
    pos++; // opening quote
    while (text[pos] !== '"') {
      const ch = text[pos] as string;
      if (ch === '\\') {
        const next = text[pos + 1] as string;
        if (/[0-7]/.test(next)) {
          const digits = /^[0-7]{1,3}/.exec(text.slice(pos + 1, pos + 4))![0];
          bytes.push(parseInt(digits, 8));
          pos += 1 + digits.length;
          continue;
        }
        const escapes: Record<string, number> = { n: 10, r: 13, t: 9, '"': 34, "'": 39, '\\': 92, a: 7, b: 8, f: 12, v: 11 };
        if (next === 'x') {
          const hex = /^[0-9A-Fa-f]{1,2}/.exec(text.slice(pos + 2, pos + 4))![0];
          bytes.push(parseInt(hex, 16));
          pos += 2 + hex.length;
          continue;
        }
        bytes.push(escapes[next] as number);
        pos += 2;
        continue;
      }
      const code = ch.charCodeAt(0);
      if (code < 0x80) bytes.push(code);
      else bytes.push(...new TextEncoder().encode(ch));
      pos++;
    }
    pos++; // closing quote
    return new TextDecoder().decode(new Uint8Array(bytes));
  };
  const readMessage = (closing: string | null): Record<string, unknown[]> => {
    const fields: Record<string, unknown[]> = {};
    for (;;) {
      skipSpace();
      if (pos >= text.length || (closing && text[pos] === closing)) {
        pos++;
        return fields;
      }
      const name = readName();
      skipSpace();
      let value: unknown;
      if (text[pos] === '{') {
        pos++;
        value = readMessage('}');
      } else {
        pos++; // ':'
        skipSpace();
        if (text[pos] === '"') value = readString();
        else {
          TOKEN.lastIndex = pos;
          const token = TOKEN.exec(text)![0];
          pos += token.length;
          value = token === 'true' ? true : token === 'false' ? false : token;
        }
      }
      (fields[name] ??= []).push(value);
    }
  };
  return readMessage(null);
}
