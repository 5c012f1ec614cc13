/**
 * `wirebench/engines`: the browser engines a page is measured in, each started one way for every
 * caller (the bench's browser runner, the tests, the command line): Chromium (V8) through
 * playwright-core, Firefox (SpiderMonkey) through puppeteer-core over WebDriver BiDi, WebKit
 * (JavaScriptCore) through WebKitGTK's WebKitWebDriver under Xvfb. All from the Debian archive,
 * each with a fresh profile and no network beyond localhost; the npm drivers are optional peers,
 * imported only when their engine is launched. Node only (Linux for WebKit).
 */
import type { EngineName } from '../../measure/types.js';
import type { ChromiumDriver } from './chromium.js';
import { launchChromiumDriver } from './chromium.js';
import type { EngineDriver } from './driver.js';
import { launchFirefoxDriver } from './firefox.js';
import { launchWebKitDriver } from './webkit.js';

export type { PagePollState, PageWatch } from '../browser-run/drive.js';
export { openWatchedPage, POLL_MS, pollUntilDone, watchPage } from '../browser-run/drive.js';
export { PRESSURE_PATH, serve } from '../browser-run/server.js';
export type { EngineBinary } from './binaries.js';
export { aptInstallLine, checkEngine, engineBinaries, engineMissing } from './binaries.js';
export type { ChromiumDriver, ChromiumPage } from './chromium.js';
export { CHROMIUM_FLAGS, launchChromium, launchChromiumPersistent } from './chromium.js';
export type { BrowserEngine, EngineDriver, EngineName, EnginePage } from './driver.js';
export { engineLabel } from './driver.js';
export { FIREFOX_PREFS } from './firefox.js';
export { DRIVER_PACKAGES } from './peer.js';
export { freePort } from './processes.js';
export { MINIBROWSER_ARGS } from './webkit.js';

/**
 * Starts `engine` and resolves once it can open pages. Rejects with a WirebenchError that says what
 * to do when a program is missing (`apt-get install …`), its npm driver is missing
 * (`npm install --save-dev …`), or it does not start; whatever it had started is ended first.
 */
export function launchEngine(engine: 'chromium'): Promise<ChromiumDriver>;
export function launchEngine(engine: EngineName): Promise<EngineDriver>;
export function launchEngine(engine: EngineName): Promise<EngineDriver> {
  switch (engine) {
    case 'chromium':
      return launchChromiumDriver();
    case 'firefox':
      return launchFirefoxDriver();
    case 'webkit':
      return launchWebKitDriver();
  }
}
