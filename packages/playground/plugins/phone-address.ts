/**
 * `npm run playground` on a laptop, the page on a phone: after Vite's own URL block, print each LAN
 * address the dev server listens on, with a QR code of it that the phone's camera opens.
 *
 * The QR code comes from `uqr` (unjs): no dependencies, ESM with its own types, and the Unicode
 * half-block renderer used for the same purpose by unjs's listhen (Nuxt's dev server). `qrcode`
 * pulls in yargs, pngjs and dijkstrajs for a terminal renderer we would use alone, and
 * `qrcode-terminal` is CommonJS without types, unchanged for years.
 */

import { renderUnicodeCompact } from 'uqr';
import type { Plugin, ResolvedServerUrls } from 'vite';

/** At most this many QR codes (a machine with docker or VPN interfaces lists several addresses). */
const MAX_CODES = 3;

/**
 * The text printed under Vite's URL block: each network URL (with its interface name when Vite
 * knows it), a QR code of each of the first three, and what a phone on plain http does not get.
 * With no network URL (no `--host`), how to get one.
 */
export function formatPhoneAddresses(network: readonly string[], interfaceNames: readonly (string | undefined)[] = []): string {
  if (network.length === 0) {
    return '\n  On a phone: no LAN address (the server listens on this machine only); start it with --host, as `npm run playground` does.\n';
  }
  const lines = ['', `  Open on a phone on the same network${network.length > 1 ? ' (one of these)' : ''}:`];
  network.forEach((url, i) => {
    lines.push(`    ${url}${interfaceNames[i] ? `  (${interfaceNames[i]})` : ''}`);
  });
  for (const url of network.slice(0, MAX_CODES)) {
    lines.push('', `  ${url}`);
    // Light modules as full blocks: scans as printed on a dark terminal, inverted on a light one
    // (phone cameras read both); a 2-module quiet zone keeps it apart from the text around it.
    for (const row of renderUnicodeCompact(url, { border: 2 }).split('\n')) lines.push(`  ${row}`);
  }
  if (network.length > MAX_CODES)
    lines.push('', `  (${network.length - MAX_CODES} more address${network.length - MAX_CODES > 1 ? 'es' : ''} above without a QR code)`);
  lines.push(
    '',
    '  Over plain http a LAN address is not a secure context: the phone gets coarse timers (no',
    '  cross-origin isolation) and no offline copy. For fine timers on the phone, publish the static',
    '  build over https (docs/playground.md, "On a phone").',
    '',
  );
  return lines.join('\n');
}

/** The dev and preview servers print the phone addresses and their QR codes after Vite's URLs. */
export function phoneAddress(print: (text: string) => void = (text) => console.log(text)): Plugin {
  const after = (server: { printUrls(): void; resolvedUrls: ResolvedServerUrls | null }): void => {
    // Vite fills `resolvedUrls` when the server starts listening and its CLI then calls `printUrls`
    // (again after a restart): printing from there puts the addresses right under "➜ Network:".
    const printUrls = server.printUrls.bind(server);
    server.printUrls = () => {
      printUrls();
      const urls = server.resolvedUrls;
      if (urls) print(formatPhoneAddresses(urls.network, urls.networkInterfaceNames));
    };
  };
  return {
    name: 'wirebench:phone-address',
    configureServer: after,
    configurePreviewServer: after,
  };
}
