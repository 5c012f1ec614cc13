import type { TypeRef } from './types.js';

/** `user_id` → `UserId`: the type-name casing both .proto and .fbs style guides use. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** A short human label for a type, used in error messages and comments. */
export function describeType(type: TypeRef): string {
  switch (type.kind) {
    case 'scalar':
      return type.scalar;
    case 'message':
      return type.name;
    case 'list':
      return `list<${describeType(type.of)}>`;
    case 'map':
      return `map<string, ${describeType(type.of)}>`;
    case 'any':
      return 'any';
  }
}
