/**
 * A V8 CPU profile (the `Profiler.stop` result of the inspector protocol, a `.cpuprofile` file) as
 * self-time tables: per function, and per owner of the code (wirebench core, a library, V8's
 * builtins and native code, the garbage collector). Pure: no Node or DOM API.
 */

/** What V8 says a profile node ran: `lineNumber` and `columnNumber` are 0-based, -1 when unknown. */
export interface CallFrame {
  readonly functionName: string;
  readonly scriptId: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

export interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  /** Samples whose top frame was this node (V8 fills it; `samples` says the same, with times). */
  readonly hitCount?: number;
  readonly children?: readonly number[];
  /** Samples per 1-based line of the script, where V8 recorded them. */
  readonly positionTicks?: ReadonlyArray<{ readonly line: number; readonly ticks: number }>;
}

/** A CPU profile as V8 writes it; times in microseconds. */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  /** The node id of each sample's top frame, in order. */
  readonly samples?: readonly number[];
  /** Microseconds from the previous sample (the first: from startTime). */
  readonly timeDeltas?: readonly number[];
}

/** Who a frame's code belongs to, in the owner table. */
export const OWNERS = {
  core: '@wirebench/core',
  native: 'V8 builtins & native',
  gc: 'garbage collector',
  generated: 'generated code (new Function)',
  harness: 'bench harness (the loop)',
  other: 'other',
} as const;

/** Where a frame's code is: a short path (package-relative), its 1-based line, and its owner. */
export interface FrameLocation {
  readonly file: string;
  readonly line: number | undefined;
  readonly owner: string;
}

/**
 * Where a frame is; with `line` (a 1-based line of the frame's script, from positionTicks), where
 * that line is instead of where the function starts.
 */
export type Locate = (frame: CallFrame, line?: number) => FrameLocation;

export interface FunctionRow {
  /** V8's name, `(anonymous)` for a function without one. */
  readonly name: string;
  readonly file: string;
  readonly line: number | undefined;
  readonly owner: string;
  readonly samples: number;
  /** Self time in milliseconds. */
  readonly selfMs: number;
  /** Share of the profile's time, 0–100. */
  readonly percent: number;
  /**
   * The line most of its samples were on, and their share of its samples (0–100): V8 counts a
   * builtin that optimized code calls (a typed array's slice, say) as the caller's own time, on the
   * calling line, so this says which statement the self time is.
   */
  readonly hotLine?: { readonly line: number; readonly percent: number };
}

export interface OwnerRow {
  readonly owner: string;
  readonly samples: number;
  readonly selfMs: number;
  readonly percent: number;
}

export interface ProfileSummary {
  /** Samples counted (idle ones left out). */
  readonly samples: number;
  /** Milliseconds counted: the denominator of every share. */
  readonly totalMs: number;
  /** Samples V8 marked `(idle)`: time the thread waited, not spent on the operation; left out of the shares. */
  readonly idleSamples: number;
  /** Every function with self time, most first. */
  readonly functions: FunctionRow[];
  /** Every owner with self time, most first. */
  readonly owners: OwnerRow[];
}

/** The pseudo-frames V8 adds: they have no script and are named in parentheses. */
const GC = '(garbage collector)';
const PROGRAM = '(program)';
const IDLE = '(idle)';
const ROOT = '(root)';

/**
 * A path as it reads best in a table, and who owns it: `msgpackr/pack.js` (a package in node_modules,
 * owned by that package), `formats/msgpack/codec.js` (@wirebench/core's dist or src), `bench/…`
 * (the harness). Works on file paths and on a bundle's original sources alike.
 */
export function ownerOfPath(path: string): { file: string; owner: string } {
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const file = path.slice(modules + 'node_modules/'.length);
    const parts = file.split('/');
    const name = (parts[0] ?? '').startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
    if (name === OWNERS.core) return { file: parts.slice(3).join('/'), owner: OWNERS.core };
    return { file, owner: name };
  }
  const core = /(?:^|\/)packages\/core\/(?:dist|src)\/(.*)$/.exec(path);
  if (core) return { file: core[1] as string, owner: OWNERS.core };
  const bench = /(?:^|\/)(bench\/.*)$/.exec(path);
  if (bench) return { file: bench[1] as string, owner: OWNERS.harness };
  return { file: path.split('/').slice(-2).join('/'), owner: OWNERS.other };
}

/**
 * Where a frame is, from its URL alone (Node's `file:` URLs; `node:` modules; no URL: V8's builtins
 * and native functions, or code made by `new Function`, which has a script but no URL).
 */
export function locateByUrl(frame: CallFrame, scriptLine?: number): FrameLocation {
  const line = scriptLine ?? (frame.lineNumber >= 0 ? frame.lineNumber + 1 : undefined);
  if (frame.functionName === GC) return { file: '', line: undefined, owner: OWNERS.gc };
  if (frame.url === '') {
    const generated = frame.scriptId !== '0' && frame.functionName !== PROGRAM && frame.functionName !== ROOT;
    return { file: '', line: generated ? line : undefined, owner: generated ? OWNERS.generated : OWNERS.native };
  }
  if (frame.url.startsWith('node:')) return { file: frame.url, line, owner: OWNERS.native };
  let path = frame.url;
  try {
    path = decodeURIComponent(new URL(frame.url).pathname);
  } catch {
    // not a URL: a path already
  }
  return { ...ownerOfPath(path), line };
}

/**
 * Each sample's weight in microseconds, as DevTools counts it: the time to the next sample (the last
 * one: to the profile's end). Without samples, each node's hitCount shares the profile's duration.
 */
function sampleWeights(profile: CpuProfile): Map<number, { samples: number; us: number }> {
  const byNode = new Map<number, { samples: number; us: number }>();
  const add = (id: number, samples: number, us: number): void => {
    const entry = byNode.get(id) ?? { samples: 0, us: 0 };
    entry.samples += samples;
    entry.us += us;
    byNode.set(id, entry);
  };
  const { samples, timeDeltas } = profile;
  if (samples && timeDeltas && samples.length > 0 && samples.length === timeDeltas.length) {
    let time = profile.startTime;
    const stamps = timeDeltas.map((delta) => (time += delta));
    samples.forEach((id, i) => {
      const next = i + 1 < stamps.length ? (stamps[i + 1] as number) : profile.endTime;
      add(id, 1, Math.max(0, next - (stamps[i] as number)));
    });
    return byNode;
  }
  const hits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const each = hits > 0 ? (profile.endTime - profile.startTime) / hits : 0;
  for (const node of profile.nodes) if ((node.hitCount ?? 0) > 0) add(node.id, node.hitCount as number, (node.hitCount as number) * each);
  return byNode;
}

/** The line with the most ticks, as the table shows lines (`where`: a script line to a shown line), with its share of the ticks. */
function hotLine(lines: ReadonlyMap<number, number>, where: (scriptLine: number) => number | undefined): FunctionRow['hotLine'] {
  let best: [number, number] | undefined;
  let total = 0;
  for (const [line, ticks] of lines) {
    total += ticks;
    if (!best || ticks > best[1]) best = [line, ticks];
  }
  const line = best && where(best[0]);
  return best && line !== undefined && total > 0 ? { line, percent: (best[1] / total) * 100 } : undefined;
}

/** The profile's self time per function (same name, script and position: one function) and per owner. */
export function summarize(profile: CpuProfile, locate: Locate = locateByUrl): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map<
    string,
    Omit<FunctionRow, 'percent' | 'hotLine'> & { samples: number; selfMs: number; frame: CallFrame; lines: Map<number, number> }
  >();
  let idleSamples = 0;
  for (const [id, weight] of sampleWeights(profile)) {
    const node = nodes.get(id);
    if (!node) throw new Error(`the profile samples node ${id}, which it does not list`);
    const frame = node.callFrame;
    if (frame.functionName === IDLE) {
      idleSamples += weight.samples;
      continue;
    }
    const key = `${frame.functionName}\u0000${frame.scriptId}\u0000${frame.url}\u0000${frame.lineNumber}\u0000${frame.columnNumber}`;
    let row = functions.get(key);
    if (!row) {
      const where = locate(frame);
      row = { name: frame.functionName === '' ? '(anonymous)' : frame.functionName, ...where, samples: 0, selfMs: 0, frame, lines: new Map() };
      functions.set(key, row);
    }
    row.samples += weight.samples;
    row.selfMs += weight.us / 1000;
    for (const { line, ticks } of node.positionTicks ?? []) row.lines.set(line, (row.lines.get(line) ?? 0) + ticks);
  }
  const totalMs = [...functions.values()].reduce((sum, row) => sum + row.selfMs, 0);
  const percent = (ms: number): number => (totalMs > 0 ? (ms / totalMs) * 100 : 0);
  const rows: FunctionRow[] = [...functions.values()]
    .map(({ frame, lines, ...row }) => {
      const hot = hotLine(lines, (line) => locate(frame, line).line);
      return { ...row, percent: percent(row.selfMs), ...(hot ? { hotLine: hot } : {}) };
    })
    .sort((a, b) => b.selfMs - a.selfMs);
  const owners = new Map<string, { samples: number; selfMs: number }>();
  for (const row of rows) {
    const entry = owners.get(row.owner) ?? { samples: 0, selfMs: 0 };
    entry.samples += row.samples;
    entry.selfMs += row.selfMs;
    owners.set(row.owner, entry);
  }
  return {
    samples: rows.reduce((sum, row) => sum + row.samples, 0),
    totalMs,
    idleSamples,
    functions: rows,
    owners: [...owners].map(([owner, o]) => ({ owner, ...o, percent: percent(o.selfMs) })).sort((a, b) => b.selfMs - a.selfMs),
  };
}
