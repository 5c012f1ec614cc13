import { WirebenchError } from '@wirebench/core';

/**
 * Network presets: the links a time-until-usable figure is computed for. Every figure comes from
 * one published source, WebPageTest's connectivity profiles (the traffic-shaping settings its test
 * agents apply at the packet level), so a user can compare our numbers with a WebPageTest run on the
 * same profile:
 *
 *   WebPageTest, `www/settings/connectivity.ini.sample`, commit a7cf6a7742c9e93cf0c06ee6b58a608adb223f20
 *   https://github.com/WPO-Foundation/webpagetest/blob/a7cf6a7742c9e93cf0c06ee6b58a608adb223f20/www/settings/connectivity.ini.sample
 *   (the repository is now catchpoint/WebPageTest). Each profile there gives `bwIn` and `bwOut` in
 *   bits per second and `latency`, the round-trip time in milliseconds; `label` is its name in the
 *   WebPageTest UI. The `FIOS` profile is outside the excerpt of that commit we could read; its
 *   figures are the same in every other version of the file we read (e.g. commit
 *   6a79fedb6bb5792f11d2891d9ae80f8ffb8b1a7d).
 *
 * Left out: `Dial` (56K dial-up), `3G_EM` (a hidden duplicate of `3GSlow`) and `Native` (no shaping,
 * i.e. no network figure at all). WebPageTest has no Wi-Fi profile: a phone on Wi-Fi goes as fast as
 * the line behind the access point, so the Wi-Fi role is played by `Cable`, WebPageTest's default
 * connectivity (`[Cable]` in its API's `--connectivity` help); `FIOS` is the fast fibre line.
 */

/** One link: WebPageTest's figures for it, under our id. */
export interface NetworkPreset {
  /** Our id, lower-case (`--network 4g`). */
  readonly id: string;
  /** The profile's section name in WebPageTest's file (`[3GSlow]`); `findNetworkPreset` takes it too. */
  readonly source: string;
  /** The profile's label in WebPageTest, verbatim. */
  readonly label: string;
  /** A short name for sentences and chart legends. */
  readonly name: string;
  readonly kind: 'mobile' | 'fixed';
  /** Download bandwidth, bits per second (`bwIn`). */
  readonly downloadBps: number;
  /** Upload bandwidth, bits per second (`bwOut`). Unused by the response model (see time-until-usable.ts), kept for request bodies. */
  readonly uploadBps: number;
  /** Round-trip time, milliseconds (`latency`). */
  readonly rttMs: number;
}

/** Where the presets' figures come from. */
export const NETWORK_SOURCE = {
  name: 'WebPageTest connectivity profiles (www/settings/connectivity.ini.sample)',
  url: 'https://github.com/WPO-Foundation/webpagetest/blob/a7cf6a7742c9e93cf0c06ee6b58a608adb223f20/www/settings/connectivity.ini.sample',
} as const;

const preset = (
  id: string,
  source: string,
  label: string,
  name: string,
  kind: NetworkPreset['kind'],
  downloadBps: number,
  uploadBps: number,
  rttMs: number,
): NetworkPreset => Object.freeze({ id, source, label, name, kind, downloadBps, uploadBps, rttMs });

/** Every preset, slowest download first. */
export const NETWORK_PRESETS: readonly NetworkPreset[] = Object.freeze([
  preset('edge', 'Edge', 'Mobile Edge (240 Kbps/200 Kbps 840ms RTT)', 'Edge', 'mobile', 240_000, 200_000, 840),
  preset('2g', '2G', '2G (280 Kbps/256 Kbps 800ms RTT)', '2G', 'mobile', 280_000, 256_000, 800),
  preset('3g-slow', '3GSlow', '3G Slow (400 Kbps, 400ms RTT)', '3G Slow', 'mobile', 400_000, 400_000, 400),
  preset('dsl', 'DSL', 'DSL (1.5 Mbps/384 Kbps 50ms RTT)', 'DSL', 'fixed', 1_500_000, 384_000, 50),
  preset('3g', '3G', '3G (1.6 Mbps/768 Kbps 300ms RTT)', '3G', 'mobile', 1_600_000, 768_000, 300),
  preset('3g-fast', '3GFast', '3G Fast (1.6 Mbps/768 Kbps 150ms RTT)', '3G Fast', 'mobile', 1_600_000, 768_000, 150),
  preset('cable', 'Cable', 'Cable (5/1 Mbps 28ms RTT)', 'Cable', 'fixed', 5_000_000, 1_000_000, 28),
  preset('4g', '4G', '4G (9 Mbps, 170ms RTT)', '4G', 'mobile', 9_000_000, 9_000_000, 170),
  preset('lte', 'LTE', 'LTE (12 Mbps, 70ms RTT)', 'LTE', 'mobile', 12_000_000, 12_000_000, 70),
  preset('fios', 'FIOS', 'FIOS (20/5 Mbps 4ms RTT)', 'FIOS', 'fixed', 20_000_000, 5_000_000, 4),
]);

/**
 * The three links every surface shows by default, by role: a slow mobile link, a typical 4G link and
 * Wi-Fi (home broadband behind it: see above).
 */
export const NETWORK_ROLES = Object.freeze({ slowMobile: '3g-slow', typical4g: '4g', wifi: 'cable' } as const);

/** The ids of `NETWORK_ROLES`, slowest first: the default set of a time-until-usable table. */
export const DEFAULT_NETWORK_IDS: readonly string[] = Object.freeze([NETWORK_ROLES.slowMobile, NETWORK_ROLES.typical4g, NETWORK_ROLES.wifi]);

/**
 * The preset `id` (ours, or WebPageTest's section name; case-insensitive), or a WirebenchError that
 * lists the ids there are.
 */
export function findNetworkPreset(id: string): NetworkPreset {
  const wanted = String(id).toLowerCase();
  const found = NETWORK_PRESETS.find((p) => p.id === wanted || p.source.toLowerCase() === wanted);
  if (!found) {
    const known = NETWORK_PRESETS.map((p) => JSON.stringify(p.id)).join(', ');
    throw new WirebenchError(`no network preset ${JSON.stringify(id)}; expected one of ${known}`);
  }
  return found;
}
