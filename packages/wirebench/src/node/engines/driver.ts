/**
 * What every engine's driver gives the code that measures in it, whichever protocol it speaks
 * underneath (Chromium's DevTools protocol through playwright-core, WebDriver BiDi to Firefox
 * through puppeteer-core, classic WebDriver to WebKitGTK's MiniBrowser): pages opened fresh, a
 * function evaluated in them, a condition waited for, the engine's name and version, and a close
 * that ends every process the launch started.
 */
import type { BrowserEngine, EngineName } from '../../measure/types.js';

/** A page of the engine. */
export interface EnginePage {
  /** Loads `url` and resolves once its load event has fired. */
  goto(url: string): Promise<void>;
  /**
   * Runs `fn(arg)` in the page and resolves with its result, awaited there. `fn` is sent as its
   * source: it may use only its argument and the page's globals. `arg` and the result travel as
   * JSON (undefined becomes null in WebKit).
   */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Resolves once `condition(arg)` is truthy in the page, checked every `pollMs` (default 100); rejects after `timeoutMs` (default 30,000; 0: never). */
  waitFor<A>(condition: (arg: A) => unknown, arg: A, options?: { readonly timeoutMs?: number; readonly pollMs?: number }): Promise<void>;
  /**
   * Calls `listener` with a line for each failure the driver sees outside the page's own code: an
   * uncaught error or a console error (Chromium, Firefox), a crash (Chromium), the page closing.
   * WebKit's WebDriver reports none: an evaluate on a page that is gone rejects instead.
   */
  onFailure(listener: (message: string) => void): void;
  /**
   * Sets the page's viewport to `size` in CSS pixels, what `innerWidth` and `innerHeight` then
   * report (it stays across navigations): its size only, with no touch, device pixel ratio or
   * mobile user agent. Chromium and Firefox size the viewport itself; WebKit sizes MiniBrowser's
   * window (WebDriver's Set Window Rect), corrected by what its toolbar takes, and rejects if the
   * viewport does not come out at `size`.
   */
  setViewport(size: { readonly width: number; readonly height: number }): Promise<void>;
  /** Closes the page and whatever the engine opened for it (its browser context, or in WebKit its MiniBrowser). */
  close(): Promise<void>;
}

/** A launched engine. */
export interface EngineDriver<P extends EnginePage = EnginePage> {
  /** Which engine, its browser, version and JavaScript engine, as the browser reported them at launch. */
  readonly engine: BrowserEngine;
  /**
   * A fresh page: in Chromium a new browser context (so a new renderer process), in Firefox a new
   * browser context (a container of its own, so content processes of its own), in WebKit a new
   * WebDriver session (a new MiniBrowser and web process).
   */
  newPage(): Promise<P>;
  /** False once the browser is gone (closed, crashed or killed). */
  connected(): boolean;
  /** Closes every page and ends every process the launch started, waiting until they are gone; never rejects. */
  close(): Promise<void>;
}

/**
 * Where Firefox and WebKit send every request that is not for localhost: port 9 (discard) of this
 * machine, where nothing listens, so it is refused and no request leaves the machine. (Chromium's
 * flags turn its background requests off instead.)
 */
export const DEAD_PROXY_HOST = '127.0.0.1';
export const DEAD_PROXY_PORT = 9;

/** `WebKitGTK 2.50.6`, `Firefox 153.8.0esr`, `Chromium 156.0.8078.108`: how results and tables name the browser. */
export const engineLabel = (engine: BrowserEngine): string => `${engine.browser} ${engine.version}`;

export type { BrowserEngine, EngineName };
