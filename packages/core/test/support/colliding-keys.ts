/**
 * Map keys that all have one hash under the hash the validating reader's duplicate check uses
 * (`hashBytes` from HASH_SEED, src/formats/schemaless-binary/map-keys.ts), built as an attacker
 * would: the hash reads bytes one after another through a 32-bit state, so two 4-letter blocks that
 * lead from one state to the same next state (a birthday search, ~2^16 tries) can be swapped for
 * each other in any key. `blocks` such pairs in a row give 2^blocks distinct keys of one hash.
 * Every key is checked against `hashBytes` before it is returned: if the hashing changes, this
 * fails loudly rather than handing out keys that no longer collide.
 */
import { HASH_SEED, hashBytes } from '../../src/formats/schemaless-binary/map-keys.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const encoder = new TextEncoder();

/** 2^`blocks` distinct ASCII keys, each `prefix` then `blocks` 4-letter blocks, all of one hash. */
export function collidingKeys(blocks: number, prefix = ''): string[] {
  let state = hashBytes(HASH_SEED, encoder.encode(prefix), 0, prefix.length);
  let keys = [prefix];
  for (let b = 0; b < blocks; b++) {
    const [one, other, next] = collidingBlocks(state, b);
    keys = keys.flatMap((key) => [key + one, key + other]);
    state = next;
  }
  for (const key of keys) {
    const bytes = encoder.encode(key);
    if (hashBytes(HASH_SEED, bytes, 0, bytes.length) !== state) throw new Error(`collidingKeys: "${key}" does not have the common hash; the hashing changed`);
  }
  return keys;
}

/** Two different 4-letter blocks that take the hash from `state` to the same state, and that state. */
function collidingBlocks(state: number, salt: number): [string, string, number] {
  const seen = new Map<number, string>();
  const block = new Uint8Array(4);
  // 64^4 = 2^24 blocks, ~2^16 of them before the first collision; `salt` varies the order per step.
  for (let n = 0; n < 1 << 24; n++) {
    const i = (n * 2654435761 + salt * 40503) & 0xffffff;
    for (let k = 0; k < 4; k++) block[k] = LETTERS.charCodeAt((i >> (6 * k)) & 63);
    const next = hashBytes(state, block, 0, 4);
    const text = String.fromCharCode(...block);
    const before = seen.get(next);
    if (before !== undefined && before !== text) return [before, text, next];
    seen.set(next, text);
  }
  throw new Error('collidingBlocks: no collision among 2^24 blocks');
}
