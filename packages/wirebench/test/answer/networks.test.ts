/**
 * answer/networks.ts: the presets are WebPageTest's connectivity profiles, figure for figure, and
 * an unknown id is refused with the ids there are.
 */

import { WirebenchError } from '@wirebench/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_IDS, findNetworkPreset, NETWORK_PRESETS, NETWORK_ROLES, NETWORK_SOURCE } from '../../src/answer/networks.js';

/**
 * WebPageTest's www/settings/connectivity.ini.sample (commit a7cf6a7742c9e93cf0c06ee6b58a608adb223f20),
 * transcribed section by section: [section] label, bwIn, bwOut, latency.
 */
const CITED = `
[Cable] "Cable (5/1 Mbps 28ms RTT)" 5000000 1000000 28
[DSL] "DSL (1.5 Mbps/384 Kbps 50ms RTT)" 1500000 384000 50
[3GSlow] "3G Slow (400 Kbps, 400ms RTT)" 400000 400000 400
[3G] "3G (1.6 Mbps/768 Kbps 300ms RTT)" 1600000 768000 300
[3GFast] "3G Fast (1.6 Mbps/768 Kbps 150ms RTT)" 1600000 768000 150
[4G] "4G (9 Mbps, 170ms RTT)" 9000000 9000000 170
[LTE] "LTE (12 Mbps, 70ms RTT)" 12000000 12000000 70
[Edge] "Mobile Edge (240 Kbps/200 Kbps 840ms RTT)" 240000 200000 840
[2G] "2G (280 Kbps/256 Kbps 800ms RTT)" 280000 256000 800
[FIOS] "FIOS (20/5 Mbps 4ms RTT)" 20000000 5000000 4
`;

const cited = CITED.trim()
  .split('\n')
  .map((line) => {
    const m = /^\[(\w+)\] "([^"]+)" (\d+) (\d+) (\d+)$/.exec(line);
    if (!m) throw new Error(`bad line ${line}`);
    return { source: m[1], label: m[2], downloadBps: Number(m[3]), uploadBps: Number(m[4]), rttMs: Number(m[5]) };
  });

describe('NETWORK_PRESETS', () => {
  it('are the cited WebPageTest profiles, figure for figure', () => {
    const ours = NETWORK_PRESETS.map(({ source, label, downloadBps, uploadBps, rttMs }) => ({ source, label, downloadBps, uploadBps, rttMs }));
    expect(new Set(ours.map((p) => JSON.stringify(p)))).toEqual(new Set(cited.map((p) => JSON.stringify(p))));
    expect(NETWORK_SOURCE.url).toContain('a7cf6a7742c9e93cf0c06ee6b58a608adb223f20/www/settings/connectivity.ini.sample');
  });

  it("each label states the preset's own figures", () => {
    for (const p of NETWORK_PRESETS) {
      expect(p.label).toContain(`${p.rttMs}ms RTT`);
      const down = p.downloadBps >= 1_000_000 ? `${p.downloadBps / 1_000_000}` : `${p.downloadBps / 1000}`;
      expect(p.label).toContain(down);
    }
  });

  it('have unique lower-case ids, slowest download first, and are frozen', () => {
    const ids = NETWORK_PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toBe(id.toLowerCase());
    const downs = NETWORK_PRESETS.map((p) => p.downloadBps);
    expect([...downs].sort((a, b) => a - b)).toEqual(downs);
    expect(Object.isFrozen(NETWORK_PRESETS)).toBe(true);
    expect(Object.isFrozen(NETWORK_PRESETS[0])).toBe(true);
  });

  it('give the three roles: a slow mobile link, a typical 4G link and Wi-Fi (home broadband)', () => {
    expect(DEFAULT_NETWORK_IDS).toEqual(['3g-slow', '4g', 'cable']);
    expect(findNetworkPreset(NETWORK_ROLES.slowMobile)).toMatchObject({ kind: 'mobile', downloadBps: 400_000, rttMs: 400 });
    expect(findNetworkPreset(NETWORK_ROLES.typical4g)).toMatchObject({ kind: 'mobile', downloadBps: 9_000_000, rttMs: 170 });
    expect(findNetworkPreset(NETWORK_ROLES.wifi)).toMatchObject({ kind: 'fixed', downloadBps: 5_000_000, rttMs: 28 });
  });
});

describe('findNetworkPreset', () => {
  it("finds by our id or WebPageTest's section name, in any case", () => {
    expect(findNetworkPreset('4g').id).toBe('4g');
    expect(findNetworkPreset('4G').id).toBe('4g');
    expect(findNetworkPreset('3GSlow').id).toBe('3g-slow');
    expect(findNetworkPreset('3g-fast').source).toBe('3GFast');
  });

  it('refuses an unknown id with a WirebenchError listing the ids', () => {
    expect(() => findNetworkPreset('5g')).toThrow(WirebenchError);
    expect(() => findNetworkPreset('5g')).toThrow(/no network preset "5g"; expected one of "edge", "2g", "3g-slow".*"fios"/);
  });
});
