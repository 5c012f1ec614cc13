import type { Codec, FormatId, GeneratedCodeOptions } from '../../codec.js';
import { requireSchema, SCHEMA_FORMATS } from '../../codec.js';
import { WirebenchError } from '../../errors.js';
import { checkInterpreted, findImplementation, missingLibrary } from '../../implementations.js';
import type { Schema } from '../../schema/types.js';

type LibraryFactory = (schemaOrOptions?: Schema | GeneratedCodeOptions, options?: GeneratedCodeOptions) => Codec;

/**
 * `createCodec` for a library implementation: the library codec's module, imported by a URL that
 * bundlers do not follow, so an app bundles no library it does not import by name and its build
 * needs none of them installed. Node (and any unbundled ESM runtime) loads the module here; a
 * bundled page imports it itself, from its entry (`Implementation.entry`) or from
 * `@wirebench/core/libraries`. A library that is not installed is a WirebenchError that says how
 * to install it; one asked to run `interpreted` that cannot, a WirebenchError that says why.
 */
export async function loadLibraryCodec(format: FormatId, id: string, schema: Schema | undefined, options: GeneratedCodeOptions): Promise<Codec> {
  const implementation = findImplementation(format, id);
  checkInterpreted(implementation, options);
  // Sources run as .ts under a test runner, the package as .js. A variable, not a literal: Vite
  // rewrites `new URL(<literal>, import.meta.url)` into assets it copies.
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const path = `../${format}/libraries/${implementation.module}${extension}`;
  let module: Record<string, unknown>;
  try {
    module = (await import(/* @vite-ignore */ /* webpackIgnore: true */ new URL(path, import.meta.url).href)) as Record<string, unknown>;
  } catch (error) {
    const missing = missingLibrary(implementation, error);
    if (missing !== error) throw missing;
    throw new WirebenchError(
      `createCodec could not load the ${implementation.id} implementation here (${(error as Error).message}); in a bundled page import it by name: import { ${implementation.factory} } from '${implementation.entry}', or createCodecWithLibraries from '@wirebench/core/libraries'`,
      { format, cause: error },
    );
  }
  const factory = module[implementation.factory] as LibraryFactory;
  try {
    return SCHEMA_FORMATS.includes(format) ? factory(requireSchema(format, schema), options) : factory(options);
  } catch (error) {
    throw missingLibrary(implementation, error);
  }
}
