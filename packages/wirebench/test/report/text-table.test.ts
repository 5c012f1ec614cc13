/**
 * report/text-table.ts: the text reports' layout: aligned columns, words wrapped to a width with a
 * hanging indent, and a long path cut in the middle.
 */
import { describe, expect, it } from 'vitest';
import { elideMiddle, hangingLines, table, wrapWords } from '../../src/report/text-table.js';

describe('table', () => {
  it('aligns the text columns left and the others right, two spaces apart, with no trailing spaces', () => {
    expect(
      table(
        ['row', 'bytes', 'note'],
        [
          ['json', '48,213', 'exact'],
          ['protobuf', '16,430', ''],
        ],
        [0, 2],
      ),
    ).toEqual(['row        bytes  note', 'json      48,213  exact', 'protobuf  16,430']);
  });

  it('aligns every column right when no column is text', () => {
    expect(
      table(
        ['JSON', 'saved'],
        [
          ['9,246', '3,700'],
          ['60', '-474'],
        ],
        [],
      ),
    ).toEqual([' JSON  saved', '9,246  3,700', '   60   -474']);
  });
});

describe('wrapWords and hangingLines', () => {
  it('breaks between words, never past the width, and gives an overlong word a line of its own', () => {
    expect(wrapWords('repays its 12,417 B of JS after 6 responses', 16)).toEqual(['repays its', '12,417 B of JS', 'after 6', 'responses']);
    expect(wrapWords('$.statuses[*].user.profile_image_url_https x', 10)).toEqual(['$.statuses[*].user.profile_image_url_https', 'x']);
    expect(wrapWords('', 10)).toEqual(['']);
  });

  it('keeps a figure on one line with its unit, and breaks at any other space', () => {
    // "JSON (213" fits in 9 columns; the figure moves down whole rather than leave its unit behind.
    expect(wrapWords('JSON (213 ms).', 9)).toEqual(['JSON', '(213 ms).']);
    expect(wrapWords('took 3.42 µs, then', 9)).toEqual(['took', '3.42 µs,', 'then']);
    expect(wrapWords('after 12,417 B', 9)).toEqual(['after', '12,417 B']);
    expect(wrapWords('2 of 5 rounds', 6)).toEqual(['2 of 5', 'rounds']);
    expect(wrapWords('a\n b\tc', 80)).toEqual(['a b c']);
  });

  it('indents every further line under the text, so the label column stays clear', () => {
    const lines = hangingLines('   1  protobuf  210 ms  ', 'the reference; no JS to ship (the platform’s JSON.parse) and then some more words to wrap', 60);
    expect(lines[0]).toBe('   1  protobuf  210 ms  the reference; no JS to ship (the');
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {24}\S/);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(60);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(
      '1 protobuf 210 ms the reference; no JS to ship (the platform’s JSON.parse) and then some more words to wrap'.replace(/^/, ' '),
    );
  });
});

describe('elideMiddle', () => {
  it('keeps text that fits, and cuts a longer one in the middle to exactly the width, keeping both ends', () => {
    expect(elideMiddle('$.statuses[*].id', 20)).toBe('$.statuses[*].id');
    // A third of the room for the root, the rest for the leaf, which tells paths apart.
    expect(elideMiddle('$.statuses[*].user.profile_background_image_url_https', 30)).toBe('$.statuses…und_image_url_https');
    expect(elideMiddle('$.statuses[*].user.profile_background_image_url_https', 45)).toBe('$.statuses[*].u…le_background_image_url_https');
  });
});
