/**
 * The processes a launch starts itself (Xvfb and WebKitWebDriver, which starts MiniBrowser and its
 * web and network processes): each in a process group of its own, ended as a group when the engine
 * closes, when a launch fails half-way, and when this process exits or is told to stop.
 */
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The groups started and not ended yet, ended by `endAll` on exit. */
const live = new Set<number>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function endAll(): void {
  for (const group of live) signalGroup(group, 'SIGKILL');
  live.clear();
}

/** On a signal: end the groups, then, unless someone else listens to it too, die of it as Node would have. */
function onSignal(signal: NodeJS.Signals): void {
  endAll();
  unwatch();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

let watching = false;
function watch(): void {
  if (watching) return;
  watching = true;
  process.on('exit', endAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}
function unwatch(): void {
  if (!watching) return;
  watching = false;
  process.off('exit', endAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // already gone
  }
}

/** Whether any process of the group is still there (zombies of ours count as gone). */
function groupAlive(group: number): boolean {
  return processesOf(group).length > 0;
}

/** The pids of the processes in process group `group`, from /proc (Linux), zombies left out. */
export function processesOf(group: number): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat && stat.group === group && stat.state !== 'Z') found.push(Number(entry));
  }
  return found;
}

/** A process's state, parent and group, from /proc/<pid>/stat; undefined once it is gone. */
export function procStat(pid: number): { state: string; parent: number; group: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] as string, parent: Number(fields[1]), group: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** `pid` and every process below it, walking /proc by parent (Linux). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) children.set(stat.parent, [...(children.get(stat.parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    tree.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return tree;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits up to `graceMs` for every pid of `pids` to be gone, then kills the ones left. */
export async function reap(pids: readonly number[], graceMs: number): Promise<void> {
  const alive = (): number[] =>
    pids.filter((pid) => {
      const stat = procStat(pid);
      return stat !== undefined && stat.state !== 'Z';
    });
  const deadline = Date.now() + graceMs;
  while (alive().length > 0 && Date.now() < deadline) await sleep(50);
  for (const pid of alive()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** A program started in a process group of its own, which `end` ends whole. */
export interface Started {
  readonly child: ChildProcess;
  readonly pid: number;
  /** What it wrote on stderr so far (the last 4 kB), for messages when it fails. */
  stderr(): string;
  /** Ends the whole group: SIGTERM, then SIGKILL after `graceMs`; resolves once no process of it is left. */
  end(graceMs?: number): Promise<void>;
}

/** Starts `command` detached, in a group of its own that is ended on exit if nobody ends it before. */
export function start(command: string, args: readonly string[], options: SpawnOptions): Started {
  const child = spawn(command, args, { ...options, detached: true });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    stderr = (stderr + text).slice(-4096);
  });
  // A failure to spawn arrives as an event; the launch finds it out by the process not answering.
  child.on('error', (error) => {
    stderr += `\n${error.message}`;
  });
  const pid = child.pid ?? -1;
  if (pid > 0) {
    live.add(pid);
    watch();
  }
  return {
    child,
    pid,
    stderr: () => stderr.trim(),
    async end(graceMs = 2000) {
      if (pid <= 0) return;
      signalGroup(pid, 'SIGTERM');
      const deadline = Date.now() + graceMs;
      while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
      if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
      while (groupAlive(pid) && Date.now() < deadline + 2000) await sleep(50);
      live.delete(pid);
      if (live.size === 0) unwatch();
    },
  };
}

/** A free TCP port on 127.0.0.1 (free when asked: the caller binds it at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
