/**
 * docs/api.md stays the reference of what both packages export, @wirebench/core and the tool
 * (wirebench): for every entry of each exports map, the names its built declarations (dist/*.d.ts) export, values and types, are read with the
 * TypeScript compiler and compared with the names the doc gives under that entry's heading.
 *
 * The doc's shape, which this test reads:
 * - an entry's section starts at a heading `## \`@wirebench/core/…\`` or `## \`wirebench/…\`` (subpaths of any depth) and ends at the next `## `;
 * - a name is documented by a `### ` heading holding it in backticks (several names may share one),
 *   or listed on a line starting "Also exported here" (documented in full under another entry);
 * - a function's `### ` heading is followed by a ts block holding its signature as the .d.ts has it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';

const PACKAGE_DIRS = [join(REPO_ROOT, 'packages/core'), join(REPO_ROOT, 'packages/wirebench')];
const DOC = join(REPO_ROOT, 'docs/api.md');
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

interface Exported {
  readonly name: string;
  /** The declaration as the .d.ts writes it, for functions: `function f(a: A): B`, whitespace collapsed. */
  readonly signatures: readonly string[];
}

/** Every entry of the package's exports map (but `./package.json`) as its import specifier, with what it exports. */
function packageExports(PACKAGE_DIR: string): Map<string, Exported[]> {
  const DIST = join(PACKAGE_DIR, 'dist');
  if (!existsSync(DIST)) throw new Error(`${DIST} is missing: run \`npm run build\` first (npm test does)`);
  const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string | { types?: string }>;
  };
  const entries = Object.entries(manifest.exports).flatMap(([key, target]) =>
    key === './package.json' ? [] : [{ specifier: manifest.name + key.slice(1), file: join(PACKAGE_DIR, (target as { types: string }).types) }],
  );
  const program = ts.createProgram(
    entries.map((entry) => entry.file),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], noEmit: true },
  );
  const checker = program.getTypeChecker();
  const result = new Map<string, Exported[]>();
  for (const { specifier, file } of entries) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is missing: run \`npm run build\``);
    const module = checker.getSymbolAtLocation(source) as ts.Symbol;
    result.set(
      specifier,
      checker.getExportsOfModule(module).map((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        const signatures = (target.declarations ?? []).filter(ts.isFunctionDeclaration).map((declaration) =>
          collapse(
            declaration
              .getText()
              .replace(/^export\s+declare\s+/, '')
              .replace(/;$/, ''),
          ),
        );
        return { name: symbol.name, signatures };
      }),
    );
  }
  return result;
}

interface DocSection {
  /** Names under `### ` headings, with the text up to the next heading. */
  readonly documented: Map<string, string>;
  /** Names on "Also exported here" lines. */
  readonly alsoExported: Set<string>;
}

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();
const codeNames = (line: string): string[] => [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string).filter((name) => IDENTIFIER.test(name));

/** The doc's entry sections by specifier. */
function docSections(text: string): Map<string, DocSection> {
  const sections = new Map<string, DocSection>();
  let section: DocSection | undefined;
  let current: string[] = []; // the names of the `### ` heading whose text is being read
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      const specifier = /^## `((?:@wirebench\/core|wirebench)(?:\/[\w-]+)*)`/.exec(line)?.[1];
      if (specifier && sections.has(specifier)) throw new Error(`docs/api.md has two sections for ${specifier}`);
      section = specifier ? { documented: new Map(), alsoExported: new Set() } : undefined;
      if (specifier && section) sections.set(specifier, section);
      current = [];
      continue;
    }
    if (!section) continue;
    if (line.startsWith('### ')) {
      current = codeNames(line);
      for (const name of current) {
        if (section.documented.has(name)) throw new Error(`docs/api.md documents ${name} twice in one section`);
        section.documented.set(name, '');
      }
    } else if (line.startsWith('#')) {
      current = [];
    } else if (line.startsWith('Also exported here')) {
      for (const name of codeNames(line)) section.alsoExported.add(name);
    } else {
      for (const name of current) section.documented.set(name, `${section.documented.get(name)}${line}\n`);
    }
  }
  return sections;
}

describe('docs/api.md', () => {
  const exports = new Map(PACKAGE_DIRS.flatMap((dir) => [...packageExports(dir)]));
  const sections = docSections(readFileSync(DOC, 'utf8'));

  it('has a section for every entry of the exports map, and none for an entry that does not exist', () => {
    expect([...sections.keys()].sort()).toEqual([...exports.keys()].sort());
  });

  it.each([...exports.keys()])('%s: names every export under its heading, and nothing else', (specifier) => {
    const section = sections.get(specifier);
    expect(section, `no "## \`${specifier}\`" section in docs/api.md`).toBeDefined();
    const named = [...(section as DocSection).documented.keys(), ...(section as DocSection).alsoExported];
    const exported = (exports.get(specifier) ?? []).map((item) => item.name);
    expect({
      missingFromDoc: exported.filter((name) => !named.includes(name)).sort(),
      notExported: named.filter((name) => !exported.includes(name)).sort(),
    }).toEqual({
      missingFromDoc: [],
      notExported: [],
    });
  });

  it('documents in full, under some entry, every name listed as "also exported"', () => {
    const everywhere = new Set([...sections.values()].flatMap((section) => [...section.documented.keys()]));
    const listedOnly = [...sections.values()].flatMap((section) => [...section.alsoExported].filter((name) => !everywhere.has(name)));
    expect(listedOnly).toEqual([]);
  });

  it("gives every function's signature as its .d.ts declares it", () => {
    const wrong: string[] = [];
    for (const [specifier, items] of exports) {
      const section = sections.get(specifier);
      for (const item of items) {
        const text = section?.documented.get(item.name);
        if (text === undefined) continue; // listed as also exported: checked where it is documented
        const code = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => collapse(match[1] as string)).join('\n');
        for (const signature of item.signatures) if (!code.includes(signature)) wrong.push(`${specifier} ${item.name}: expected \`${signature}\``);
      }
    }
    expect(wrong).toEqual([]);
  });
});
