/**
 * Every type a public signature names can be imported by a user, in each package: walks the
 * declarations (dist/*.d.ts) of everything the exports map's entries export, follows each type they reference (and the types
 * those reference), and lists the package's own types that no entry exports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';

/** Each package, with types its signatures must reach (so that an empty list of unreachable ones means something). */
const PACKAGES = [
  { folder: 'packages/core', reached: ['CreateCodecOptions', 'Schema', 'ProtobufCodecOptions', 'Attribution'] },
  { folder: 'packages/wirebench', reached: ['MeasureOptions', 'Random', 'PayloadAnswer', 'BytesBreakdown'] },
];

it.each(PACKAGES)('$folder: every type named in a public signature is exported from some entry', ({ folder, reached }) => {
  const PACKAGE_DIR = join(REPO_ROOT, folder);
  const DIST = join(PACKAGE_DIR, 'dist');
  if (!existsSync(DIST)) throw new Error(`${DIST} is missing: run \`npm run build\` first (npm test does)`);
  const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> };
  const entries = Object.values(manifest.exports).flatMap((target) => (typeof target === 'object' && target.types ? [join(PACKAGE_DIR, target.types)] : []));
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const unalias = (symbol: ts.Symbol): ts.Symbol => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

  const exported = new Set<ts.Symbol>();
  for (const entry of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry) as ts.SourceFile);
    expect(module, entry).toBeDefined();
    for (const symbol of checker.getExportsOfModule(module as ts.Symbol)) exported.add(unalias(symbol));
  }

  const unreachable = new Set<string>();
  const visited = new Set<ts.Symbol>();
  const visit = (symbol: ts.Symbol): void => {
    if (visited.has(symbol)) return;
    visited.add(symbol);
    for (const declaration of symbol.declarations ?? []) walk(declaration);
  };
  const walk = (node: ts.Node): void => {
    const name = ts.isTypeReferenceNode(node)
      ? node.typeName
      : ts.isExpressionWithTypeArguments(node)
        ? node.expression
        : ts.isTypeQueryNode(node)
          ? node.exprName
          : undefined;
    const referenced = name && checker.getSymbolAtLocation(name);
    if (referenced && !(referenced.flags & ts.SymbolFlags.TypeParameter)) {
      const symbol = unalias(referenced);
      const file = symbol.declarations?.[0]?.getSourceFile().fileName;
      // Only the package's own types: DOM and ES types are the user's already.
      if (file?.startsWith(DIST)) {
        if (!exported.has(symbol)) unreachable.add(`${symbol.name} (${file.slice(DIST.length + 1)})`);
        visit(symbol);
      }
    }
    ts.forEachChild(node, walk);
  };
  for (const symbol of exported) visit(symbol);

  expect([...unreachable].sort()).toEqual([]);
  // The walk did reach the types that signatures name, so the empty list above means something.
  expect([...visited].map((symbol) => symbol.name)).toEqual(expect.arrayContaining(reached));
});
