/**
 * node/files.ts: how the CLI and the bench's runners find payload files (through symlinks, once each,
 * never looping) and read them (UTF-8 only, with the offset of the first byte that is not).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PayloadFileError, describeSkippedLinks, invalidUtf8Offset, readPayloadFiles, searchPayloadFiles } from '../../src/node/files.js';

const dir = mkdtempSync(join(tmpdir(), 'wirebench-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh folder under the temp dir holding `files` (path → text) and `links` (path → target, relative to the link). */
function tree(name: string, files: Record<string, string>, links: Record<string, string> = {}): string {
  const root = join(dir, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    symlinkSync(target, join(root, path));
  }
  return root;
}

describe('searchPayloadFiles', () => {
  it('ends on links to the folder itself, finds each file once, and names the links it did not follow', () => {
    const root = tree('loops', { 'a.json': '1', 'sub/b.json': '2', 'notes.txt': 'x' }, { loop: '.', loop2: '.', alias: 'sub', 'c.json': 'sub/b.json' });
    expect(searchPayloadFiles([root])).toEqual({
      files: [join(root, 'a.json'), join(root, 'sub/b.json')],
      skippedLinks: [
        { path: join(root, 'alias'), reason: 'duplicate' },
        { path: join(root, 'c.json'), reason: 'duplicate' },
        { path: join(root, 'loop'), reason: 'cycle' },
        { path: join(root, 'loop2'), reason: 'cycle' },
      ],
    });
  });

  it('ends on two folders linked to each other, naming the link that closes the cycle', () => {
    const root = tree('mutual', { 'a/x.json': '1', 'b/y.json': '2' }, { 'a/to-b': '../b', 'b/to-a': '../a' });
    expect(searchPayloadFiles([join(root, 'a')])).toEqual({
      files: [join(root, 'a/to-b/y.json'), join(root, 'a/x.json')],
      skippedLinks: [{ path: join(root, 'a/to-b/to-a'), reason: 'cycle' }],
    });
  });

  it('does not climb out of the folder named through a link to a folder above it', () => {
    const root = tree('climb', { 'outside.json': '1', 'named/in.json': '2' }, { 'named/up': '..' });
    expect(searchPayloadFiles([join(root, 'named')])).toEqual({
      files: [join(root, 'named/in.json')],
      skippedLinks: [{ path: join(root, 'named/up'), reason: 'cycle' }],
    });
  });

  it('finds a folder under its own path, not through a link to it that sorts first', () => {
    const root = tree('real-first', { 'z/x.json': '1' }, { a: 'z' });
    expect(searchPayloadFiles([root])).toEqual({ files: [join(root, 'z/x.json')], skippedLinks: [{ path: join(root, 'a'), reason: 'duplicate' }] });
  });

  it('measures a file named twice, or also inside a folder named, once and without naming a link', () => {
    const root = tree('twice', { 'x.json': '1' }, { 'links/loop': '..' });
    const search = searchPayloadFiles([root, join(root, 'x.json'), root]);
    expect(search.files).toEqual([join(root, 'x.json')]);
    expect(search.skippedLinks).toEqual([{ path: join(root, 'links/loop'), reason: 'cycle' }]);
  });

  it('keeps refusing a broken link named .json, and passes over other broken links', () => {
    const broken = tree('broken', { 'a.json': '1' }, { 'gone.json': 'nowhere.json' });
    expect(() => searchPayloadFiles([broken])).toThrow(new PayloadFileError(`${join(broken, 'gone.json')}: cannot be read (a broken link?)`));
    const other = tree('broken-other', { 'a.json': '1' }, { gone: 'nowhere' });
    expect(searchPayloadFiles([other])).toEqual({ files: [join(other, 'a.json')], skippedLinks: [] });
  });
});

describe('describeSkippedLinks', () => {
  it('says nothing when every link was followed, and counts each kind', () => {
    expect(describeSkippedLinks([])).toBeUndefined();
    expect(describeSkippedLinks([{ path: 'd/loop', reason: 'cycle' }])).toBe('skipped 1 symlinked folder already being searched (a link cycle): d/loop');
    expect(describeSkippedLinks([{ path: 'd/alias', reason: 'duplicate' }])).toBe('skipped 1 symlink to a folder or file already found: d/alias');
  });
});

/** Whether the bytes are complete, well-formed UTF-8, or (`stream`) could still begin some. */
function decodes(bytes: Uint8Array, stream = false): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream });
    return true;
  } catch {
    return false;
  }
}

/**
 * invalidUtf8Offset by another road, with the fatal TextDecoder alone: find the first byte that no
 * UTF-8 text can go on with (or the end, for a sequence cut short there); the ill-formed sequence
 * starts after the longest well-formed prefix before that byte.
 */
function offsetByDecoder(bytes: Uint8Array): number {
  if (decodes(bytes)) return -1;
  let stop = bytes.length;
  for (let n = 1; n <= bytes.length; n++) {
    if (!decodes(bytes.subarray(0, n), true)) {
      stop = n;
      break;
    }
  }
  let offset = stop - 1;
  while (offset > 0 && !decodes(bytes.subarray(0, offset))) offset--;
  return offset;
}

describe('invalidUtf8Offset', () => {
  const bytes = (...parts: Array<string | number>): Uint8Array =>
    Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : [part])));

  it.each<[string, Uint8Array, number]>([
    ['ASCII', bytes('{"a": 1}'), -1],
    ['2-, 3- and 4-byte characters, U+FFFD and U+10FFFF', bytes('Zoë 中 😀 \ufffd', 0xf4, 0x8f, 0xbf, 0xbf), -1],
    ['a lone continuation byte', bytes('ab', 0x80, 'c'), 2],
    ['a truncated 3-byte sequence at the end', bytes('ab', 0xe4, 0xb8), 2],
    ['a truncated 3-byte sequence before ASCII', bytes(0xe4, 0xb8, 'a'), 0],
    ['a truncated 4-byte sequence before another lead byte', bytes('a', 0xf0, 0x9f, 0x98, 0xc3, 0xa9), 1],
    ['an overlong 2-byte form (C0 AF for "/")', bytes('x', 0xc0, 0xaf), 1],
    ['an overlong 3-byte form (E0 80 AF)', bytes('xy', 0xe0, 0x80, 0xaf), 2],
    ['an overlong 4-byte form (F0 8F BF BF)', bytes(0xf0, 0x8f, 0xbf, 0xbf), 0],
    ['a surrogate encoded in UTF-8 (ED A0 80, U+D800)', bytes('"', 0xed, 0xa0, 0x80, '"'), 1],
    ['a code point past U+10FFFF (F4 90 80 80)', bytes('ok', 0xf4, 0x90, 0x80, 0x80), 2],
    ['F5, which leads no sequence', bytes(0xf5, 0x80, 0x80, 0x80), 0],
    ['Latin-1 text', bytes('caf', 0xe9), 3],
    ['UTF-16 with its byte order mark', Uint8Array.from([0xff, 0xfe, 0x7b, 0x00]), 0],
  ])('%s', (_, input, offset) => {
    expect(invalidUtf8Offset(input)).toBe(offset);
    expect(offsetByDecoder(input)).toBe(offset);
  });

  it('agrees with the fatal TextDecoder on any bytes', () => {
    // Sequences cut at the table's boundaries (a lead byte, then bytes at the edges of the ranges that
    // may follow it), valid characters, and random bytes.
    const lead = fc.constantFrom(0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff);
    const next = fc.constantFrom(0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0);
    const piece = fc.oneof(
      fc.tuple(lead, fc.array(next, { maxLength: 3 })).map(([first, rest]) => [first, ...rest]),
      fc.integer({ min: 0, max: 0xff }).map((byte) => [byte]),
      fc.string({ unit: 'grapheme', maxLength: 2 }).map((text) => [...new TextEncoder().encode(text)]),
    );
    const input = fc.array(piece, { maxLength: 12 }).map((pieces) => Uint8Array.from(pieces.flat()));
    fc.assert(
      fc.property(input, (bytes) => {
        expect(invalidUtf8Offset(bytes)).toBe(offsetByDecoder(bytes));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('readPayloadFiles', () => {
  it('refuses bytes that are not UTF-8 with the file and the offset of the first, and keeps a BOM for parseJson to refuse', () => {
    const root = join(dir, 'encodings');
    mkdirSync(root);
    const latin1 = join(root, 'latin1.json');
    writeFileSync(latin1, Uint8Array.from([0x5b, 0x22, 0xe9, 0x22, 0x5d])); // ["é"] in Latin-1
    expect(() => readPayloadFiles([latin1])).toThrow(new PayloadFileError(`${latin1}: not valid UTF-8 at byte 2 (JSON text must be UTF-8)`));
    const bom = join(root, 'bom.json');
    writeFileSync(bom, '\ufeff[1]');
    expect(() => readPayloadFiles([bom])).toThrow(/bom\.json: invalid JSON at line 1, column 1: the text starts with a byte order mark/);
    const good = join(root, 'good.json');
    writeFileSync(good, '["é", "\ufffd"]');
    expect(readPayloadFiles([good]).map((file) => file.value)).toEqual([['é', '\ufffd']]);
  });
});
