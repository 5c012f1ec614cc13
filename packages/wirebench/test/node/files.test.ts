/**
 * node/files.ts: how the CLI and the bench's runners find payload files (through symlinks, once each,
 * never looping) and read them (UTF-8 only, with the offset of the first byte that is not).
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayloadSearch } from '../../src/node/files.js';
import { describeSkippedLinks, PayloadFileError, payloadNames, readPayloadFiles, searchPayloadFiles } from '../../src/node/files.js';

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

  it('names only links as skipped: a plain folder inside a linked folder, searched already through another link, passes silently', () => {
    // Found by the property below: `named/l1/sub` is a plain folder, reached first as `named/l0`.
    const root = tree('plain-inside-link', { 'named/a.json': '1', 'outside/sub/b.json': '2' }, { 'named/l0': '../outside/sub', 'named/l1': '../outside' });
    expect(searchPayloadFiles([join(root, 'named')])).toEqual({ files: [join(root, 'named/a.json'), join(root, 'named/l0/b.json')], skippedLinks: [] });
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

/**
 * searchPayloadFiles on random trees: folders, .json and other files, and symlinks to the link's own
 * folder, to a folder above it, to any folder (a sibling, a child, one outside the folder named), to
 * a file, to another link (chains, and loops of links) and to nowhere. Each search runs in a child
 * process, from the source bundled once: a search that never ends (readdirSync's `recursive` on two
 * `x -> .` links) is killed after SEARCH_TIMEOUT_MS and fails the property instead of hanging the run.
 */
describe('searchPayloadFiles on random trees of folders and symlinks', () => {
  const SEARCH_SOURCE = fileURLToPath(new URL('../../src/node/files.ts', import.meta.url));
  const SEARCH_TIMEOUT_MS = 5_000;
  let searchScript = '';

  beforeAll(async () => {
    const bundle = join(dir, 'search.mjs');
    const build = await rolldown({ input: SEARCH_SOURCE, platform: 'node', logLevel: 'silent' });
    try {
      await build.write({ file: bundle, format: 'esm', codeSplitting: false });
    } finally {
      await build.close();
    }
    searchScript = [
      `import { searchPayloadFiles } from ${JSON.stringify(pathToFileURL(bundle).href)};`,
      'try { console.log(JSON.stringify({ search: searchPayloadFiles([process.argv[1]]) })); }',
      'catch (error) { console.log(JSON.stringify({ error: { name: error.name, message: error.message } })); }',
    ].join('\n');
  });

  /** The search of `root` in a child process: what it returned or threw; an Error if it did not end. */
  function searchInChild(root: string): SearchOutcome {
    // A heap cap too: a search that loops may also grow without bound, on a machine others share.
    const run = spawnSync(process.execPath, ['--max-old-space-size=256', '--input-type=module', '-e', searchScript, root], {
      encoding: 'utf8',
      timeout: SEARCH_TIMEOUT_MS,
    });
    if (run.signal === 'SIGTERM') throw new Error(`the search of ${root} did not end within ${SEARCH_TIMEOUT_MS} ms`);
    if (run.status !== 0 || run.error) throw new Error(`the search of ${root} failed (${run.error?.message ?? `exit ${String(run.status)}`}): ${run.stderr}`);
    return JSON.parse(run.stdout) as SearchOutcome;
  }

  // Small trees (at most 6 folders and 8 links), so a search that works takes milliseconds.
  const prefix = fc.constantFrom('a', 'm', 'z'); // where an entry sorts among its siblings
  const index = fc.nat({ max: 7 });
  // Files and links sit in the folder named half the time: elsewhere the search may never reach them.
  const place = fc.oneof(fc.constant(0), index);
  const linkTarget: fc.Arbitrary<LinkTarget> = fc.oneof(
    fc.constant({ kind: 'self' } as const),
    fc.record({ kind: fc.constant('ancestor' as const), up: index }),
    { arbitrary: fc.record({ kind: fc.constant('folder' as const), index }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('file' as const), index }), weight: 2 },
    fc.record({ kind: fc.constant('link' as const), index }),
    fc.constant({ kind: 'broken' } as const),
  );
  const treeSpec: fc.Arbitrary<TreeSpec> = fc.record({
    folders: fc.array(fc.record({ parent: index, prefix }), { maxLength: 4 }),
    // Mostly .json, so most trees hold one the search can reach; the others are refused as holding none.
    files: fc.array(fc.record({ folder: place, prefix, json: fc.constantFrom(true, true, false) }), { minLength: 1, maxLength: 6 }),
    links: fc.array(fc.record({ folder: place, prefix, jsonName: fc.boolean(), to: linkTarget }), { minLength: 1, maxLength: 8 }),
    viaLink: fc.boolean(),
  });

  it('ends, lists every .json file reachable from the folder named once and under it, and skips only links that lead back or in a second way', () => {
    const seen = { runs: 0, noJson: 0, cycle: 0, duplicate: 0, broken: 0, chained: 0 };
    fc.assert(
      fc.property(treeSpec, (spec) => {
        const base = realpathSync(mkdtempSync(join(dir, 'tree-')));
        try {
          const root = writeTree(base, spec);
          const expected = walkRealPaths(root);
          const outcome = searchInChild(root);
          seen.runs++;
          if (expected.files.size === 0) {
            seen.noJson++;
            expect(outcome).toEqual({ error: { name: 'PayloadFileError', message: `${root}: the folder holds no .json file` } });
            return;
          }
          if ('error' in outcome) throw new Error(`the search threw ${outcome.error.name}: ${outcome.error.message}`);
          const { files, skippedLinks } = outcome.search;
          // Cycles, broken links and chains as the walk met them; duplicates as the search said them
          // (checked below to be real second ways in).
          if (expected.cycles > 0) seen.cycle++;
          if (skippedLinks.some((link) => link.reason === 'duplicate')) seen.duplicate++;
          if (expected.broken > 0) seen.broken++;
          if (expected.chained > 0) seen.chained++;

          // Under the folder as named, never as a real path outside it.
          const outside = [...files, ...skippedLinks.map((link) => link.path)].filter((path) => !path.startsWith(`${root}${sep}`));
          expect(outside, `paths not under ${root}`).toEqual([]);
          // Each file once (by real path), and every one reachable.
          const reals = files.map((file) => realpathSync(file));
          expect(
            reals.filter((real, i) => reals.indexOf(real) !== i),
            'files listed twice',
          ).toEqual([]);
          expect([...reals].sort()).toEqual([...expected.files].sort());
          // Each skipped link said once, a real link, leading back up its own way in (a cycle) or to
          // a folder searched or a file listed (a duplicate).
          const linkPaths = skippedLinks.map((link) => link.path);
          expect(
            linkPaths.filter((path, i) => linkPaths.indexOf(path) !== i),
            'links skipped twice',
          ).toEqual([]);
          for (const link of skippedLinks) {
            expect(lstatSync(link.path).isSymbolicLink(), `${link.path} is a symlink`).toBe(true);
            const target = realpathSync(link.path);
            const leadsTo =
              link.reason === 'cycle'
                ? statSync(target).isDirectory() && foldersAlong(root, dirname(link.path)).some((folder) => isWithin(realpathSync(folder), target))
                : expected.folders.has(target) || expected.files.has(target);
            expect(leadsTo, `${link.path} (${link.reason}) -> ${target}`).toBe(true);
          }
        } finally {
          rmSync(base, { recursive: true, force: true });
        }
      }),
      { numRuns: 40 },
    );
    // The generator must make the cases the property is about, in a good share of the runs.
    const { runs, noJson, ...cases } = seen;
    const rare = Object.entries(cases).filter(([name, count]) => count < runs * (name === 'chained' ? 0.1 : 0.15));
    expect(rare, `runs with each case, of ${runs} (${noJson} reaching no .json file): ${JSON.stringify(cases)}`).toEqual([]);
  });
});

/** How a search ended in the child process: what it returned, or the error it threw. */
type SearchOutcome = { readonly search: PayloadSearch } | { readonly error: { readonly name: string; readonly message: string } };

/** Where a generated symlink points; indices are taken modulo what the tree holds, so any number fits. */
type LinkTarget =
  | { readonly kind: 'self' } // the link's own folder: `x -> .`
  | { readonly kind: 'ancestor'; readonly up: number } // a folder above it, the temp folder included
  | { readonly kind: 'folder'; readonly index: number } // any folder: a sibling, a child, the one outside the folder named
  | { readonly kind: 'file'; readonly index: number }
  | { readonly kind: 'link'; readonly index: number } // another link, or itself: chains, and loops of links
  | { readonly kind: 'broken' };

/** A random tree: folder 0 is the one named, 1 sits beside it, the others each under an earlier one. */
interface TreeSpec {
  readonly folders: ReadonlyArray<{ readonly parent: number; readonly prefix: string }>;
  readonly files: ReadonlyArray<{ readonly folder: number; readonly prefix: string; readonly json: boolean }>;
  readonly links: ReadonlyArray<{ readonly folder: number; readonly prefix: string; readonly jsonName: boolean; readonly to: LinkTarget }>;
  /** The folder is named through a symlink to it, so paths as found and real paths differ from the start. */
  readonly viaLink: boolean;
}

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;

/** Writes the tree under `base` and returns the path to search (the folder named, or a link to it). */
function writeTree(base: string, spec: TreeSpec): string {
  const folders = [join(base, 'named'), join(base, 'outside')];
  const parents = [-1, -1];
  spec.folders.forEach(({ parent, prefix }, i) => {
    const at = parent % folders.length;
    parents.push(at);
    folders.push(join(folders[at] as string, `${prefix}d${i}`));
  });
  for (const folder of folders) mkdirSync(folder, { recursive: true });
  const files = spec.files.map(({ folder, prefix, json }, i) => join(pick(folders, folder), `${prefix}f${i}${json ? '.json' : '.txt'}`));
  files.forEach((file, i) => {
    writeFileSync(file, String(i));
  });

  /** The folders above folder `at`, nearest first, ending with `base`. */
  const ancestors = (at: number): string[] => {
    const above: string[] = [];
    for (let parent = parents[at] as number; parent >= 0; parent = parents[parent] as number) above.push(folders[parent] as string);
    return [...above, base];
  };
  /** Where link `i` leads in the end, following links to links; a loop of links is broken. */
  const leadsTo = (i: number, met: ReadonlySet<number>): 'folder' | 'json' | 'other' | 'broken' => {
    const to = pick(spec.links, i).to;
    if (to.kind === 'broken') return 'broken';
    if (to.kind === 'file') return pick(spec.files, to.index).json ? 'json' : 'other';
    if (to.kind !== 'link') return 'folder';
    const next = to.index % spec.links.length;
    return met.has(next) ? 'broken' : leadsTo(next, new Set([...met, next]));
  };
  // Only links that lead to a folder or a .json file are named .json: a broken `x.json` is refused
  // with an error (its own example test), which would end the search before anything is checked.
  const links = spec.links.map(({ folder, prefix, jsonName }, i) => {
    const json = jsonName && ['folder', 'json'].includes(leadsTo(i, new Set([i])));
    return join(pick(folders, folder), `${prefix}l${i}${json ? '.json' : ''}`);
  });
  spec.links.forEach(({ folder, to }, i) => {
    const at = folder % folders.length;
    const target =
      to.kind === 'self'
        ? (folders[at] as string)
        : to.kind === 'ancestor'
          ? pick(ancestors(at), to.up)
          : to.kind === 'folder'
            ? pick(folders, to.index)
            : to.kind === 'file'
              ? pick(files, to.index)
              : to.kind === 'link'
                ? pick(links, to.index)
                : join(base, 'nowhere');
    const link = links[i] as string;
    symlinkSync(relative(dirname(link), target) || '.', link);
  });
  if (!spec.viaLink) return folders[0] as string;
  symlinkSync('named', join(base, 'entry'));
  return join(base, 'entry');
}

/**
 * What the search should reach, found independently: a walk over real paths with a visited set,
 * entering every folder and link to a folder except one leading to the folder it sits in or above
 * it, and taking every entry named .json that is (or leads to) a file. Counts the links leading back
 * up (cycles), broken links and links to links it meets, for the generator's statistics.
 */
function walkRealPaths(root: string): { folders: Set<string>; files: Set<string>; cycles: number; broken: number; chained: number } {
  const folders = new Set<string>();
  const files = new Set<string>();
  let cycles = 0;
  let broken = 0;
  let chained = 0;
  const visit = (folder: string): void => {
    if (folders.has(folder)) return;
    folders.add(folder);
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (isSymlink(path) && isSymlink(resolve(folder, readlinkSync(path)))) chained++;
      let real: string;
      try {
        real = realpathSync(path);
      } catch {
        broken++;
        continue;
      }
      const stats = statSync(real);
      if (stats.isDirectory() && isWithin(folder, real)) cycles++;
      else if (stats.isDirectory()) visit(real);
      else if (stats.isFile() && name.endsWith('.json')) files.add(real);
    }
  };
  visit(realpathSync(root));
  return { folders, files, cycles, broken, chained };
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Whether `inner` is `outer` or inside it. */
const isWithin = (inner: string, outer: string): boolean => inner === outer || inner.startsWith(`${outer}${sep}`);

/** `root` and each folder from it down to `folder` (a path found under `root`). */
function foldersAlong(root: string, folder: string): string[] {
  const names = relative(root, folder)
    .split(sep)
    .filter((name) => name !== '');
  return [root, ...names.map((_, i) => join(root, ...names.slice(0, i + 1)))];
}

describe('describeSkippedLinks', () => {
  it('says nothing when every link was followed, and counts each kind', () => {
    expect(describeSkippedLinks([])).toBeUndefined();
    expect(describeSkippedLinks([{ path: 'd/loop', reason: 'cycle' }])).toBe('skipped 1 symlinked folder already being searched (a link cycle): d/loop');
    expect(describeSkippedLinks([{ path: 'd/alias', reason: 'duplicate' }])).toBe('skipped 1 symlink to a folder or file already found: d/alias');
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

  it("names each file by its path as typed, normalized, never relative to the working folder, and keeps the file's size", () => {
    const root = tree('named-as-typed', { 'a.json': '{\n  "a": [1, 2]\n}\n', 'sub/b.json': '[1,2]' });
    const files = readPayloadFiles([join(root, 'a.json'), join(root, 'sub')]);
    // Absolute paths stay absolute (the working folder is elsewhere: relative they were `../../tmp/…`).
    expect(files.map((file) => file.name)).toEqual([join(root, 'a.json'), join(root, 'sub', 'b.json')]);
    expect(files.map((file) => file.sourceBytes)).toEqual([18, 5]);
    const cwd = process.cwd();
    try {
      process.chdir(root);
      expect(readPayloadFiles(['./a.json', 'sub//', '../named-as-typed/sub/../a.json']).map((file) => file.name)).toEqual(['a.json', join('sub', 'b.json')]);
      expect(readPayloadFiles([`..${sep}named-as-typed${sep}sub${sep}b.json`]).map((file) => file.name)).toEqual([
        join('..', 'named-as-typed', 'sub', 'b.json'),
      ]);
    } finally {
      process.chdir(cwd);
    }
  });

  it('never gives two files one name', () => {
    // `link/../x.json` normalizes to `x.json`, which is another file when `link` leads elsewhere.
    expect(payloadNames(['x.json', 'link/../x.json', 'link/./../x.json', './a.json'])).toEqual(['x.json', 'link/../x.json', 'link/./../x.json', 'a.json']);
    expect(payloadNames(['x.json', 'link/../x.json', 'link/../x.json'])).toEqual(['x.json', 'link/../x.json', 'link/../x.json (2)']);
    // readPayloadFiles names what searchPayloadFiles kept: files are told apart by real path (and Node's
    // realpath resolves `..` as text), so two names normalized alike name one file there.
    const root = tree('same-normal-path', { 'x.json': '1', 'y.json': '2', 'sub/.keep': '' });
    expect(readPayloadFiles([join(root, 'x.json'), `${root}/sub/../x.json`, join(root, 'y.json')]).map((file) => file.name)).toEqual([
      join(root, 'x.json'),
      join(root, 'y.json'),
    ]);
  });
});
