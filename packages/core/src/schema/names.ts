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

/**
 * One set of names that must not clash (the messages of a schema, or the fields of one table):
 * `claim` hands out the base name, or the base name with the first free numeric suffix, and
 * remembers it. Given the same claims in the same order it hands out the same names.
 */
export class NameRegistry {
  private readonly taken: Set<string>;

  constructor(
    names: Iterable<string> = [],
    /** How two names are compared (e.g. ignoring underscores); identity by default. */
    private readonly key: (name: string) => string = (name) => name,
  ) {
    this.taken = new Set([...names].map(key));
  }

  has(name: string): boolean {
    return this.taken.has(this.key(name));
  }

  /** `base`, or `${base}${separator}${n}` with the smallest n ≥ 2 that is free. */
  claim(base: string, separator = ''): string {
    let candidate = base;
    for (let i = 2; this.has(candidate); i++) candidate = `${base}${separator}${i}`;
    this.taken.add(this.key(candidate));
    return candidate;
  }
}

/** Code-unit order of strings (what `<` does): the order field ids and names are handed out in. */
export function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
