/**
 * What a missing engine says, before anything starts: the program and where it was looked for, and
 * the apt-get line that installs it; and a missing npm driver, the npm line.
 */
import { WirebenchError } from '@wirebench/core';
import { afterEach, describe, expect, it } from 'vitest';
import { aptInstallLine, checkEngine, engineBinaries, engineMissing } from '../../../src/node/engines/binaries.js';
import { launchEngine } from '../../../src/node/engines/index.js';
import { importDriver } from '../../../src/node/engines/peer.js';

const VARIABLES = ['WIREBENCH_CHROMIUM', 'WIREBENCH_FIREFOX', 'WIREBENCH_WEBKIT_DRIVER', 'WIREBENCH_MINIBROWSER', 'WIREBENCH_XVFB'];
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('a missing engine', () => {
  it.each([
    ['chromium', 'WIREBENCH_CHROMIUM', 'Chromium', 'apt-get install -y chromium'],
    ['firefox', 'WIREBENCH_FIREFOX', 'Firefox', 'apt-get install -y firefox-esr'],
    ['webkit', 'WIREBENCH_MINIBROWSER', 'MiniBrowser', 'apt-get install -y webkit2gtk-driver'],
    ['webkit', 'WIREBENCH_XVFB', 'Xvfb', 'apt-get install -y xvfb'],
  ] as const)('%s without %s: a WirebenchError naming the program and its apt-get line, and nothing started', async (engine, variable, program, line) => {
    process.env[variable] = '/nonexistent/wirebench-test-binary';
    const error = await launchEngine(engine).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WirebenchError);
    expect((error as Error).message).toContain(`no ${program} at /nonexistent/wirebench-test-binary`);
    expect((error as Error).message).toContain(`\`${line}\``);
    expect((error as Error).message).toContain(variable);
    expect(engineMissing(engine)).toBe((error as Error).message);
  });

  it('lists every missing program of WebKit, with one apt-get line for their packages', () => {
    for (const name of ['WIREBENCH_XVFB', 'WIREBENCH_WEBKIT_DRIVER', 'WIREBENCH_MINIBROWSER']) process.env[name] = `/nonexistent/${name}`;
    expect(() => checkEngine('webkit')).toThrow(/no Xvfb at .*, WebKitWebDriver at .*, MiniBrowser at .*`apt-get install -y xvfb webkit2gtk-driver`/);
    expect(engineBinaries('webkit').map((b) => b.name)).toEqual(['Xvfb', 'WebKitWebDriver', 'MiniBrowser']);
    expect(aptInstallLine(engineBinaries('webkit'))).toBe('apt-get install -y xvfb webkit2gtk-driver');
  });
});

describe('a missing npm driver', () => {
  it('is a WirebenchError with the npm line that installs it', async () => {
    const error = await importDriver('wirebench-no-such-driver', 'Firefox').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WirebenchError);
    expect((error as Error).message).toBe(
      'Firefox is driven by wirebench-no-such-driver, an optional peer of wirebench that is not installed: npm install --save-dev wirebench-no-such-driver',
    );
  });
});
