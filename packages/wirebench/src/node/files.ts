import type { Dirent, Stats } from 'node:fs';
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { LossyNumber } from '@wirebench/core';
import { invalidUtf8Offset, parseJson } from '@wirebench/core';

/** A payload file that cannot be measured (missing, unreadable, invalid JSON), with the one line that says why. */
export class PayloadFileError extends Error {
  override readonly name = 'PayloadFileError';
}

/**
 * One payload file as `parseJson` read it, named by its path as typed (normalized: `./a//b.json`
 * is `a/b.json`; an absolute path stays absolute), or as found inside a folder typed.
 */
export interface PayloadFile {
  readonly name: string;
  /** The path as given (or found inside a folder given). */
  readonly path: string;
  readonly value: unknown;
  readonly lossyNumbers: readonly LossyNumber[];
  readonly lossyCount: number;
  /** The file's size in bytes, as it holds the text (often more than `JSON.stringify` writes: indented). */
  readonly sourceBytes: number;
}

/** A symlink met inside a folder searched and not followed, so no folder is searched twice and no search loops. */
export interface SkippedLink {
  /** The link's path as found (the folder named, then the names inside it). */
  readonly path: string;
  /** `cycle`: it leads back into a folder it sits in; `duplicate`: to a folder or file already searched. */
  readonly reason: 'cycle' | 'duplicate';
}

/** What the paths named hold: the files to measure, and the links not followed. */
export interface PayloadSearch {
  readonly files: string[];
  readonly skippedLinks: SkippedLink[];
}

/** The .json files named, and those inside the folders named (recursively, in name order, through symlinks, each file once). */
export function findPayloadFiles(paths: readonly string[]): string[] {
  return searchPayloadFiles(paths).files;
}

/**
 * findPayloadFiles, and the symlinks it did not follow. Files are told apart by real path: a file
 * named twice, inside a folder also named, or reached through a link is measured once, under the
 * path it was first found by.
 */
export function searchPayloadFiles(paths: readonly string[]): PayloadSearch {
  const taken = new Set<string>();
  const files: string[] = [];
  const skippedLinks: SkippedLink[] = [];
  const take = (file: FoundFile): void => {
    if (taken.has(file.real)) return;
    taken.add(file.real);
    files.push(file.path);
  };
  for (const path of paths) {
    const stats = statNamed(path);
    if (stats.isFile()) {
      take({ path, real: realpathSync(path) });
      continue;
    }
    if (!stats.isDirectory()) throw new PayloadFileError(`${path}: neither a file nor a folder`);
    const found = searchFolder(path);
    if (found.files.length === 0) throw new PayloadFileError(`${path}: the folder holds no .json file`);
    found.files.forEach(take);
    // A folder named twice meets its links twice: each is said once.
    const said = new Set(skippedLinks.map((link) => link.path));
    skippedLinks.push(...found.skipped.filter((link) => !said.has(link.path)));
  }
  return { files, skippedLinks };
}

/** One line that names the links not followed, for a note; undefined when there are none. */
export function describeSkippedLinks(links: readonly SkippedLink[]): string | undefined {
  const cycles = links.filter((link) => link.reason === 'cycle').map((link) => link.path);
  const duplicates = links.filter((link) => link.reason === 'duplicate').map((link) => link.path);
  const parts: string[] = [];
  if (cycles.length > 0) {
    parts.push(`${count(cycles.length, 'symlinked folder')} already being searched (a link cycle): ${cycles.join(', ')}`);
  }
  if (duplicates.length > 0) parts.push(`${count(duplicates.length, 'symlink')} to a folder or file already found: ${duplicates.join(', ')}`);
  return parts.length === 0 ? undefined : `skipped ${parts.join('; ')}`;
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A path named on the command line, followed through links; a broken one is "no such file". */
function statNamed(path: string): Stats {
  try {
    return statSync(path);
  } catch {
    throw new PayloadFileError(`${path}: no such file or folder`);
  }
}

/** A .json file found: its path as found, and its real path (what tells two paths to one file apart). */
interface FoundFile {
  readonly path: string;
  readonly real: string;
}

/** A folder being searched: its path as found, its real path, and the real paths of the folders it was reached through. */
interface Folder {
  readonly path: string;
  readonly real: string;
  readonly chain: readonly string[];
}

/** A symlink met in a folder, followed once every real folder reached so far is searched. */
interface Link {
  readonly path: string;
  readonly name: string;
  readonly within: Folder;
}

/**
 * The .json files in a folder and below, in path order, and the links it skipped. The folder's own
 * tree is walked first and links after, so a file or folder is found under its real path rather than
 * through a link to it, whatever their names; a folder whose real path was already searched, or that
 * holds the link leading to it, is not searched again (readdirSync's `recursive` follows links
 * without either check, and never ends on a link to `.`).
 */
function searchFolder(root: string): { files: FoundFile[]; skipped: SkippedLink[] } {
  const rootReal = realpathSync(root);
  const searched = new Set<string>([rootReal]);
  const files: FoundFile[] = [];
  const seenFiles = new Set<string>();
  const skipped: SkippedLink[] = [];
  const links: Link[] = [];

  const addFile = (file: FoundFile, viaLink: boolean): void => {
    if (!seenFiles.has(file.real)) {
      seenFiles.add(file.real);
      files.push(file);
    } else if (viaLink) {
      skipped.push({ path: file.path, reason: 'duplicate' });
    }
  };
  // A plain subfolder of a folder reached through a link may have been searched already (by its
  // real path, or through another link): it is passed over without a note, as its files would be,
  // since only links are named as skipped.
  const enter = (path: string, real: string, within: Folder, viaLink: boolean): void => {
    if (within.chain.includes(real) || isInside(within.real, real)) {
      if (viaLink) skipped.push({ path, reason: 'cycle' });
    } else if (searched.has(real)) {
      if (viaLink) skipped.push({ path, reason: 'duplicate' });
    } else {
      searched.add(real);
      walk({ path, real, chain: [...within.chain, real] });
    }
  };
  const walk = (folder: Folder): void => {
    for (const entry of entriesByName(folder.path)) {
      const path = join(folder.path, entry.name);
      const real = join(folder.real, entry.name);
      if (entry.isSymbolicLink()) links.push({ path, name: entry.name, within: folder });
      else if (entry.isDirectory()) enter(path, real, folder, false);
      else if (entry.isFile() && isJsonName(entry.name)) addFile({ path, real }, false);
    }
  };
  const follow = (link: Link): void => {
    const target = resolveLink(link);
    if (target === undefined) return;
    if (target.stats.isDirectory()) enter(link.path, target.real, link.within, true);
    else if (target.stats.isFile() && isJsonName(link.name)) addFile({ path: link.path, real: target.real }, true);
  };

  walk({ path: root, real: rootReal, chain: [rootReal] });
  // Following a link can meet more links: the list grows while it is read.
  for (let i = 0; i < links.length; i++) follow(links[i] as Link);
  files.sort((a, b) => byText(a.path, b.path));
  return { files, skipped };
}

/** A folder's entries sorted by name, so every run finds the same files in the same order. */
function entriesByName(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true }).sort((a, b) => byText(a.name, b.name));
  } catch (error) {
    throw new PayloadFileError(`${folder}: cannot be read (${errorCode(error)})`);
  }
}

/** Where a link leads, or undefined for a broken link that could not be a payload (a broken `x.json` is an error). */
function resolveLink(link: Link): { real: string; stats: Stats } | undefined {
  try {
    const real = realpathSync(link.path);
    return { real, stats: statSync(real) };
  } catch {
    if (isJsonName(link.name)) throw new PayloadFileError(`${link.path}: cannot be read (a broken link?)`);
    return undefined;
  }
}

const isJsonName = (name: string): boolean => name.endsWith('.json');
/** Code-unit order, as Array.prototype.sort's default: the same on every machine and locale. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const errorCode = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);

/** Whether the real path `inner` is `outer` or inside it. */
function isInside(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : `${outer}${sep}`);
}

// fatal: bytes that are not UTF-8 are refused, never read as U+FFFD; ignoreBOM: a byte order mark is
// kept, so parseJson refuses it with its own message, as JSON.parse would.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A file's text and size; bytes that are not UTF-8 are a PayloadFileError with the offset of the first. */
function readText(file: string): { text: string; bytes: number } {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new PayloadFileError(`${file}: cannot be read (${errorCode(error)})`);
  }
  try {
    return { text: STRICT_UTF8.decode(bytes), bytes: bytes.length };
  } catch {
    throw new PayloadFileError(`${file}: not valid UTF-8 at byte ${invalidUtf8Offset(bytes, 0, bytes.length)} (JSON text must be UTF-8)`);
  }
}

/**
 * Reads and parses every file before anything is measured, so a bad file stops the run at once.
 * Invalid JSON is a PayloadFileError that names the file, the line and the column; bytes that are
 * not UTF-8 one that names the file and the offset of the first.
 */
export function readPayloadFiles(paths: readonly string[]): PayloadFile[] {
  const files = findPayloadFiles(paths);
  const names = payloadNames(files);
  return files.map((file, i) => {
    const { text, bytes } = readText(file);
    try {
      const { value, lossyNumbers, lossyCount } = parseJson(text);
      return { name: names[i] as string, path: file, value, lossyNumbers, lossyCount, sourceBytes: bytes };
    } catch (error) {
      throw new PayloadFileError(`${file}: ${(error as Error).message}`);
    }
  });
}

/**
 * Each file's name: its path as typed, normalized (`./a//b.json` is `a/b.json`; an absolute path
 * stays absolute, never made relative to the working folder). Two files are never given one name:
 * normalizing folds `link/../x.json` into `x.json`, which may be another file, so a name already
 * taken falls back to the path as typed, then gains a ` (2)`, ` (3)`…
 */
export function payloadNames(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    let name = normalize(path);
    if (taken.has(name)) name = path;
    for (let n = 2; taken.has(name); n++) name = `${path} (${n})`;
    taken.add(name);
    return name;
  });
}
