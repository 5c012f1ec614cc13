/**
 * Where each engine's programs are on this machine, and what to install when one is missing: every
 * engine comes from the Debian archive (nothing downloads a browser). Each path can be set by an
 * environment variable, read when an engine is launched.
 */
import { existsSync, readdirSync } from 'node:fs';
import { WirebenchError } from '@wirebench/core';
import type { EngineName } from '../../measure/types.js';

/** A program an engine needs: where it is looked for, and how to get it. */
export interface EngineBinary {
  /** What it is, for messages: `Chromium`, `WebKitWebDriver`. */
  readonly name: string;
  /** Where it is (the variable's value, else the first candidate that exists, else the first candidate). */
  readonly path: string;
  /** The environment variable that sets `path`. */
  readonly variable: string;
  /** The Debian package that installs it. */
  readonly aptPackage: string;
}

const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

function binary(name: string, variable: string, aptPackage: string, candidates: readonly string[]): EngineBinary {
  const path = env(variable) ?? candidates.find((candidate) => existsSync(candidate)) ?? (candidates[0] as string);
  return { name, path, variable, aptPackage };
}

/** MiniBrowser, the WebKitGTK browser WebKitWebDriver drives, lives in the library's own folder (`dpkg -L libwebkit2gtk-4.1-0`). */
function miniBrowserCandidates(): string[] {
  const found: string[] = [];
  try {
    for (const triplet of readdirSync('/usr/lib')) found.push(`/usr/lib/${triplet}/webkit2gtk-4.1/MiniBrowser`);
  } catch {
    // no /usr/lib: nothing found
  }
  return [...found.filter((path) => existsSync(path)), '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/libexec/webkit2gtk-4.1/MiniBrowser'];
}

/** Chromium's program: `WIREBENCH_CHROMIUM`, else Debian's `/usr/bin/chromium`. */
export const chromiumBinary = (): EngineBinary => binary('Chromium', 'WIREBENCH_CHROMIUM', 'chromium', ['/usr/bin/chromium']);
/** Firefox's program: `WIREBENCH_FIREFOX`, else Debian's `/usr/bin/firefox-esr` (or `/usr/bin/firefox`). */
export const firefoxBinary = (): EngineBinary => binary('Firefox', 'WIREBENCH_FIREFOX', 'firefox-esr', ['/usr/bin/firefox-esr', '/usr/bin/firefox']);
/** The WebDriver server of WebKitGTK: `WIREBENCH_WEBKIT_DRIVER`, else `/usr/bin/WebKitWebDriver`. */
export const webkitDriverBinary = (): EngineBinary => binary('WebKitWebDriver', 'WIREBENCH_WEBKIT_DRIVER', 'webkit2gtk-driver', ['/usr/bin/WebKitWebDriver']);
/** WebKitGTK's MiniBrowser: `WIREBENCH_MINIBROWSER`, else where libwebkit2gtk-4.1-0 puts it. */
export const miniBrowserBinary = (): EngineBinary => binary('MiniBrowser', 'WIREBENCH_MINIBROWSER', 'webkit2gtk-driver', miniBrowserCandidates());
/** The virtual X server WebKitGTK draws into: `WIREBENCH_XVFB`, else `/usr/bin/Xvfb`. */
export const xvfbBinary = (): EngineBinary => binary('Xvfb', 'WIREBENCH_XVFB', 'xvfb', ['/usr/bin/Xvfb']);

/** Every program an engine needs, in the order it starts them. */
export function engineBinaries(engine: EngineName): EngineBinary[] {
  switch (engine) {
    case 'chromium':
      return [chromiumBinary()];
    case 'firefox':
      return [firefoxBinary()];
    case 'webkit':
      return [xvfbBinary(), webkitDriverBinary(), miniBrowserBinary()];
  }
}

/** `apt-get install -y chromium`, `apt-get install -y webkit2gtk-driver xvfb`: what brings the engines' missing programs. */
export function aptInstallLine(binaries: readonly EngineBinary[]): string {
  return `apt-get install -y ${[...new Set(binaries.map((b) => b.aptPackage))].join(' ')}`;
}

/**
 * Checks that every program `engine` needs is there, before anything starts: a WirebenchError that
 * names what is missing, where it was looked for, and the `apt-get install` line that brings it.
 */
export function checkEngine(engine: EngineName): EngineBinary[] {
  const binaries = engineBinaries(engine);
  const missing = binaries.filter((b) => !existsSync(b.path));
  if (missing.length > 0) {
    const where = missing.map((b) => `${b.name} at ${b.path}`).join(', ');
    const variables = missing.map((b) => b.variable).join(', ');
    throw new WirebenchError(`${engine} cannot start: no ${where}. Install it with \`${aptInstallLine(missing)}\` (or set ${variables})`);
  }
  return binaries;
}

/** Why `engine` cannot start here (what `checkEngine` would throw: the missing programs and the `apt-get install` line), or undefined when it can: for skipping what needs it. */
export function engineMissing(engine: EngineName): string | undefined {
  try {
    checkEngine(engine);
    return undefined;
  } catch (error) {
    if (error instanceof WirebenchError) return error.message;
    throw error;
  }
}
