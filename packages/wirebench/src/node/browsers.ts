/**
 * Chromium as every wirebench page runs in it (the bench's browser runner, and the tests of the
 * playground, the HTML report and the packed package): Debian's build, headless, with a fresh
 * profile, and nothing that reaches the network beyond the local server (no QUIC, no background
 * requests, no component updates, no sync), so a run measures the page and nothing else.
 */

/** Where Chromium is: `WIREBENCH_CHROMIUM`, else Debian's `/usr/bin/chromium` (`apt-get install chromium`). */
export const CHROMIUM_PATH: string = process.env['WIREBENCH_CHROMIUM'] ?? '/usr/bin/chromium';

/** The flags every launch passes (playwright-core's `args`). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
