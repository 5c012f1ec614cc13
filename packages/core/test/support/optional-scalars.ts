import type { Schema } from '../../src/schema/types.js';

/**
 * A hand-written schema of optional scalars (an int32, a bool and a string field named like an
 * inherited property, `toString`) and an always-present list of strings (field id 4).
 */
export const OPTIONAL_SCALARS: Schema = {
  namespace: 'test',
  root: 'R',
  messages: [
    {
      name: 'R',
      fields: [
        { name: 'n', jsonName: 'n', id: 1, type: { kind: 'scalar', scalar: 'int32' }, optional: true, nullable: false },
        { name: 'b', jsonName: 'b', id: 2, type: { kind: 'scalar', scalar: 'bool' }, optional: true, nullable: false },
        { name: 'to_string', jsonName: 'toString', id: 3, type: { kind: 'scalar', scalar: 'string' }, optional: true, nullable: false },
        { name: 'names', jsonName: 'names', id: 4, type: { kind: 'list', of: { kind: 'scalar', scalar: 'string' } }, optional: false, nullable: false },
      ],
    },
  ],
};
