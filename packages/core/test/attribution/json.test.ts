/** JSON's bytes by kind: quoted keys, literals, and `{}[],:` at the paths the attribution rules name. */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attribute } from '../../src/attribution/index.js';
import { jsonStringSize } from '../../src/attribution/text-size.js';
import { splits } from './support.js';

describe('json attribution', () => {
  it('charges keys, literals and punctuation to the member or element they belong to', () => {
    expect(splits(attribute('json', { a: [1, 2] }))).toEqual({
      $: { keys: 0, values: 0, framing: 2 },
      '$.a': { keys: 3, values: 0, framing: 3 },
      '$.a[*]': { keys: 0, values: 2, framing: 1 },
    });
    const value = { a: 1.5, 'b c': 'x\n"', d: [null, true, false, -0] };
    expect(splits(attribute('json', value))).toEqual({
      $: { keys: 0, values: 0, framing: 2 },
      '$.a': { keys: 3, values: 3, framing: 1 },
      '$["b c"]': { keys: 5, values: 7, framing: 2 },
      '$.d': { keys: 3, values: 0, framing: 4 },
      '$.d[*]': { keys: 0, values: 4 + 4 + 5 + 1, framing: 3 },
    });
    expect(attribute('json', value).total).toBe(JSON.stringify(value).length);
  });

  it('sizes strings as JSON.stringify writes them, in UTF-8', () => {
    const encoder = new TextEncoder();
    const unit = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
    );
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 20 }).map((units) => units.join('')),
        (text) => {
          expect(jsonStringSize(text)).toBe(encoder.encode(JSON.stringify(text)).length);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('generalises array indices and the members of maps, so repeated records aggregate', () => {
    const value = { users: [{ name: 'a' }, { name: 'bb' }], byId: { '1': { n: 1 }, '2': { n: 2 } } };
    const rows = splits(attribute('json', value));
    expect(Object.keys(rows).sort()).toEqual(['$', '$.byId', '$.byId.*', '$.byId.*.n', '$.users', '$.users[*]', '$.users[*].name']);
    expect(rows['$.users[*].name']).toEqual({ keys: 2 * 6, values: 3 + 4, framing: 2 });
  });
});
