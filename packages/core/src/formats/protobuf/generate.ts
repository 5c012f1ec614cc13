import { isPlainObject, setOwn } from '../../json-data.js';
import { Refusal } from '../../refusal.js';
import { generate, literalKey } from '../../schema/records.js';
import type { ScalarType } from '../../schema/types.js';
import { missingKey, unknownKey } from '../../schema/values.js';
import type { DecodeMessage, EncodeMessage, MessageCodecs } from './interpret.js';
import { atRecord, checkRecordOnEncode, KEY_TAG, missingMessage, readKey, shapeMismatch, splitMessage, writeKey } from './interpret.js';
import type { FieldPlan, MessagePlan, Plans } from './plan.js';
import { notJson, planErrors, RECURSION_LIMIT, tooManyMessages } from './plan.js';
import { wrongWireType } from './reader.js';
import type { ValueCodec } from './value.js';

const SCALARS: readonly ScalarType[] = ['bool', 'int32', 'uint32', 'int64', 'uint64', 'float64', 'string', 'bytes'];

/** What an absent field of a scalar type reads as, as source. */
const ABSENT: Readonly<Record<ScalarType, string>> = {
  bool: 'false',
  int32: '0',
  uint32: '0',
  int64: '0',
  uint64: '0',
  float64: '0',
  string: '""',
  bytes: 'new Uint8Array(0)',
};

/**
 * The plans written out as JavaScript, one encode and one decode function per message, calling each
 * other directly: literal tags, keys and limits, locals instead of per-field closures, records built
 * as one object literal (schema/records.ts), and JSON paths added only while a Refusal unwinds. The
 * steps are interpret.ts's, field by field; undefined where a CSP forbids generated code.
 */
export function generatePlans(plans: Plans, value: ValueCodec): MessageCodecs | undefined {
  const errors = planErrors(plans.limits);
  const source: string[] = [];
  for (const plan of plans.messages) source.push(encoderSource(plan, plans), decoderSource(plan, plans));
  const list = (prefix: string) => plans.messages.map((plan) => `${prefix}${plan.index}`).join(', ');
  source.push(`return { encoders: [${list('e')}], decoders: [${list('d')}] };`);
  const bound: Record<string, unknown> = {
    P: plans.messages,
    vw: value.write,
    vr: value.read,
    isPlainObject,
    hasOwn: Object.hasOwn,
    setOwn,
    Refusal,
    notJson,
    atRecord,
    missingKey,
    unknownKey,
    shapeMismatch,
    splitMessage,
    missingMessage,
    wrongWireType,
    checkRecordOnEncode,
    writeKey,
    readKey,
    tooManyMessages,
    ...errors,
  };
  for (const scalar of SCALARS) {
    bound[`sw_${scalar}`] = plans.scalars[scalar].write;
    bound[`sr_${scalar}`] = plans.scalars[scalar].read;
  }
  return generate<MessageCodecs>(Object.keys(bound), source.join('\n'), ...Object.values(bound));
}

// Locals of the generated code: w writer, r reader, o/x values, d JSON depth, m message depth, fd depth of fields.

function encoderSource(plan: MessagePlan, plans: Plans): string {
  const { limits } = plans;
  const i = plan.index;
  if (plan.role === 'dynamic') return `const e${i} = vw;`;
  const head = `function e${i}(w, o, d, m) {\n  if (m > ${RECURSION_LIMIT}) throw tooManyMessages();\n  w.values += ${plan.cost};`;
  if (plan.role === 'box' || plan.role === 'nullable') {
    const field = plan.fields[0] as FieldPlan;
    const guard = plan.role === 'nullable' ? '  if (o === null) return;\n' : '';
    return `${head}\n${guard}  const fd = d;\n  let k;\n  const x = o;\n${writeValueSource(field, limits, '  ')}\n}`;
  }
  const lines = [head, `  if (!isPlainObject(o)) throw shapeMismatch(${JSON.stringify(`an object (${plan.name})`)}, o);`];
  if (plan.transparent) lines.push('  const fd = d;');
  else lines.push(`  if (d > ${limits.maxDepth}) throw tooDeep(d);`, '  const fd = d + 1;');
  lines.push('  let n = 0, f = 0, x, k;', '  try {');
  plan.fieldsById.forEach((field, f) => {
    const key = JSON.stringify(field.key);
    const read = field.key in Object.prototype ? `hasOwn(o, ${key}) ? o[${key}] : undefined` : `o[${key}]`;
    const absent = field.def.optional ? '' : ` else throw atRecord((p) => missingKey("protobuf", p, P[${i}].fieldsById[${f}].def))`;
    const write =
      field.presence === 'nullable'
        ? `if (x !== null) {\n${writeValueSource(field, limits, '        ')}\n      }`
        : `\n${writeValueSource(field, limits, '      ')}\n    `;
    lines.push(`    f = ${f}; x = ${read};`, `    if (x !== undefined) { n++; ${write} }`, `    else if (hasOwn(o, ${key})) throw notJson(x);${absent}`);
  });
  lines.push('  } catch (e) {');
  lines.push(plan.transparent ? '    throw e;' : `    if (e instanceof Refusal && !e.atRecord) e.keys.push(P[${i}].fieldsById[f].key);\n    throw e;`);
  lines.push('  }');
  if (plans.strictKeys) {
    // for-in allocates nothing; Object.keys settles a difference (for-in also counts inherited keys).
    lines.push(
      `  let c = 0;\n  for (const _ in o) c++;\n  if (c !== n && Object.keys(o).length !== n) throw new Refusal((p) => unknownKey("protobuf", p, o, P[${i}].known));`,
    );
  }
  if (plan.checkRecord) lines.push(`  checkRecordOnEncode(P[${i}].checkRecord, o);`);
  lines.push('}');
  return lines.join('\n');
}

/** Source that writes the present value `x` of `field` (locals fd, m, k in scope). */
function writeValueSource(field: FieldPlan, limits: Plans['limits'], indent: string): string {
  const one = (item: string, depth: string): string =>
    field.scalar
      ? `w.uint32(${field.tag}); sw_${field.scalar}(w, ${item});`
      : `w.uint32(${field.tag}); k = w.begin(); e${field.message}(w, ${item}, ${depth}, m + 1); w.end(k);`;
  if (field.shape === 'single') return indent + one('x', 'fd');
  if (field.shape === 'list') {
    const body =
      field.packedTag >= 0
        ? `w.uint32(${field.packedTag}); k = w.begin(); for (; i < x.length; i++) sw_${field.scalar}(w, x[i]); w.end(k);`
        : `for (; i < x.length; i++) { ${one('x[i]', 'fd + 1')} }`;
    return [
      `${indent}if (!Array.isArray(x)) throw shapeMismatch("an array", x);`,
      `${indent}if (fd > ${limits.maxDepth}) throw tooDeep(fd);`,
      `${indent}if (x.length > ${limits.maxCollectionLength}) throw tooLong(x.length);`,
      `${indent}if (x.length !== 0) {`,
      `${indent}  let i = 0;`,
      `${indent}  try { ${body} } catch (e) { if (e instanceof Refusal) e.keys.push(i); throw e; }`,
      `${indent}}`,
    ].join('\n');
  }
  const entryValue = field.scalar
    ? `w.uint32(${field.entryValueTag}); sw_${field.scalar}(w, x[key]);`
    : `w.uint32(${field.entryValueTag}); const v = w.begin(); e${field.message}(w, x[key], fd + 1, m + 1); w.end(v);`;
  return [
    `${indent}if (!isPlainObject(x)) throw shapeMismatch("an object", x);`,
    `${indent}if (fd > ${limits.maxDepth}) throw tooDeep(fd);`,
    `${indent}const keys = Object.keys(x);`,
    `${indent}if (keys.length > ${limits.maxCollectionLength}) throw tooLong(keys.length);`,
    `${indent}let key = "";`,
    `${indent}try {`,
    `${indent}  for (key of keys) { w.uint32(${field.tag}); const entry = w.begin(); writeKey(w, key, ${limits.maxStringLength}, keyTooLong); ${entryValue} w.end(entry); }`,
    `${indent}} catch (e) { if (e instanceof Refusal) e.keys.push(key); throw e; }`,
  ].join('\n');
}

function decoderSource(plan: MessagePlan, plans: Plans): string {
  const { limits } = plans;
  const i = plan.index;
  if (plan.role === 'dynamic') return `const d${i} = vr;`;
  const fields = plan.fields;
  const lines = [
    `function d${i}(r, end, d, m) {`,
    `  if (m > ${RECURSION_LIMIT}) throw tooManyMessages();`,
    `  if ((r.budget -= ${plan.cost}) < 0) throw overBudget(r);`,
  ];
  if (plan.transparent) lines.push('  const fd = d;');
  else lines.push(`  if (d > ${limits.maxDepth}) throw tooDeep(d);`, '  const fd = d + 1;');
  if (fields.some((field) => field.shape !== 'single')) lines.push(`  if (fd > ${limits.maxDepth}) throw tooDeep(fd);`);
  if (fields.length > 0) lines.push(`  let ${fields.map((_, f) => `v${f}`).join(', ')};`);
  const counts = fields.flatMap((field, f) => (field.shape === 'map' ? [`c${f} = 0`] : []));
  if (counts.length > 0) lines.push(`  let ${counts.join(', ')};`);
  lines.push('  while (r.position < end) {', '    const t = r.uint32();', '    switch (t) {');
  const readOne = (field: FieldPlan, limit: string, depth: string): string =>
    field.scalar ? `sr_${field.scalar}(r, ${limit})` : `d${field.message}(r, r.delimited(${limit}), ${depth}, m + 1)`;
  fields.forEach((field, f) => {
    const v = `v${f}`;
    if (field.shape === 'single') {
      const split = field.scalar ? '' : `if (${v} !== undefined) throw splitMessage(P[${i}], P[${i}].fields[${f}]); `;
      lines.push(`      case ${field.tag}: ${split}${v} = ${readOne(field, 'end', 'fd')}; break;`);
    } else if (field.shape === 'list') {
      const full = `if (${v}.length === ${limits.maxCollectionLength}) throw tooLong(${v}.length + 1);`;
      if (field.packedTag >= 0) {
        lines.push(
          `      case ${field.packedTag}: { if (${v} === undefined) ${v} = []; const e = r.delimited(end); while (r.position < e) { ${full} ${v}.push(${readOne(field, 'e', 'fd + 1')}); } r.checkEnd(e); break; }`,
        );
      }
      lines.push(`      case ${field.tag}: { if (${v} === undefined) ${v} = []; ${full} ${v}.push(${readOne(field, 'end', 'fd + 1')}); break; }`);
    } else {
      const absent = field.scalar ? ABSENT[field.scalar] : `d${field.message}(r, r.position, fd + 1, m + 1)`;
      lines.push(
        `      case ${field.tag}: {`,
        `        if (${v} === undefined) ${v} = {};`,
        `        if (++c${f} > ${limits.maxCollectionLength}) throw tooLong(c${f});`,
        '        const e = r.delimited(end);',
        '        let key = "", item;',
        `        while (r.position < e) { const u = r.uint32(); if (u === ${KEY_TAG}) key = readKey(r, e, ${limits.maxStringLength}, keyTooLong); else if (u === ${field.entryValueTag}) item = ${readOne(field, 'e', 'fd + 1')}; else r.skip(u, e); }`,
        '        r.checkEnd(e);',
        `        setOwn(${v}, key, item !== undefined ? item : ${absent});`,
        '        break;',
        '      }',
      );
    }
  });
  const numbers = [...new Set(fields.map((field) => field.def.id))];
  const known = numbers.length > 0 ? `if (${numbers.map((n) => `(t >>> 3) === ${n}`).join(' || ')}) throw wrongWireType(t, P[${i}].name); ` : '';
  lines.push(`      default: ${known}r.skip(t, end);`, '    }', '  }', '  r.checkEnd(end);');
  const fieldValue = (field: FieldPlan, f: number): string => {
    const v = `v${f}`;
    if (field.shape === 'list') return `${v} === undefined ? [] : ${v}`;
    if (field.shape === 'map') return `${v} === undefined ? {} : ${v}`;
    if (field.presence === 'nullable') return `${v} === undefined ? null : ${v}`;
    if (field.scalar) return `${v} === undefined ? ${ABSENT[field.scalar]} : ${v}`;
    return v;
  };
  fields.forEach((field, f) => {
    if (field.shape === 'single' && !field.scalar && field.presence === 'required' && plan.role !== 'nullable') {
      lines.push(`  if (v${f} === undefined) throw missingMessage(P[${i}], P[${i}].fields[${f}]);`);
    }
  });
  if (plan.role === 'box') lines.push(`  return ${fieldValue(fields[0] as FieldPlan, 0)};`);
  else if (plan.role === 'nullable') lines.push('  return v0 === undefined ? null : v0;');
  else {
    const always = fields.flatMap((field, f) => (field.presence === 'optional' ? [] : [`${literalKey(field.key)}: ${fieldValue(field, f)}`]));
    lines.push(`  const o = { ${always.join(', ')} };`);
    fields.forEach((field, f) => {
      if (field.presence === 'optional') lines.push(`  if (v${f} !== undefined) setOwn(o, ${JSON.stringify(field.key)}, v${f});`);
    });
    if (plan.checkRecord) lines.push(`  P[${i}].checkRecord(o);`);
    lines.push('  return o;');
  }
  lines.push('}');
  return lines.join('\n');
}

export type { DecodeMessage, EncodeMessage };
