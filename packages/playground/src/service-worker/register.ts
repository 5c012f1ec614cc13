/**
 * Registers the service worker of the static build (sw.ts): cross-origin isolation where the host
 * sends no COOP/COEP, and the offline copy. Dev builds register nothing (the dev server sends the
 * headers, and has no sw.js).
 *
 * A page the worker does not control yet is not isolated: it reloads itself ONCE to come under the
 * worker's control. Never a loop: before reloading it leaves a mark, and a load that finds the mark
 * (the reloaded one) never reloads, whatever it sees; where storage is unavailable it never reloads
 * at all. A page that is controlled and still not isolated (a browser that ignores the headers from
 * a service worker) does not reload either: a reload would not change that.
 *
 * The mark lives in localStorage under this tab's id (kept in sessionStorage), not in
 * sessionStorage itself: in Chromium the isolated page (COOP puts it in another browsing context
 * group) removed a sessionStorage mark that the tab's next unisolated load (a hard reload) still
 * found, so that load wrongly stayed unisolated (seen in e2e/delivery.test.ts).
 */

/** `true` in `vite build` (vite.config.ts `define`). */
declare const __WIREBENCH_SERVICE_WORKER__: boolean;

const TAB_ID = 'wirebench:tab';
const MARK_PREFIX = 'wirebench:isolation-reload:';
/** A mark older than this was left by a tab that never came back: removed by any load. */
const STALE_MARK_MS = 24 * 3600 * 1000;

export function registerServiceWorker(): void {
  if (!__WIREBENCH_SERVICE_WORKER__ || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const container = navigator.serviceWorker;
  const reloadedByUs = takeMark();
  const register = (): Promise<ServiceWorkerRegistration | undefined> =>
    container.register('./sw.js', { scope: './' }).catch((error: unknown) => {
      console.warn('wirebench: no service worker (no offline copy, no isolation on hosts without COOP/COEP):', error);
      return undefined;
    });

  if (window.crossOriginIsolated) {
    // Already isolated (the host sends the headers, or the worker controls this page): register
    // when the page has loaded, for the offline copy and updates, without competing with the page.
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
    return;
  }
  // Loaded under the worker and still not isolated: this browser ignores the worker's headers.
  const controlledAtLoad = container.controller !== null;
  void register().then((registration) => {
    if (!registration || reloadedByUs || controlledAtLoad) return;
    const reloadOnce = (): void => {
      if (leaveMark()) location.reload();
    };
    // Active (a hard reload bypassed it), or already claimed this page: reload now. Installing
    // (first visit): it claims this page when it activates; reload then.
    if (registration.active || container.controller) reloadOnce();
    else container.addEventListener('controllerchange', reloadOnce, { once: true });
  });
}

/** This tab's mark in localStorage (undefined without storage). */
function markKey(): string | undefined {
  try {
    let tab = sessionStorage.getItem(TAB_ID);
    if (!tab) sessionStorage.setItem(TAB_ID, (tab = crypto.randomUUID()));
    return `${MARK_PREFIX}${tab}`;
  } catch {
    return undefined;
  }
}

/** Whether the previous load of this tab reloaded to get here; clears the mark (so a later load of the user's may reload once again). */
function takeMark(): boolean {
  const key = markKey();
  if (!key) return true; // no storage: act as if reloaded (never reload)
  try {
    const marked = localStorage.getItem(key) !== null;
    localStorage.removeItem(key);
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const other = localStorage.key(i);
      if (other?.startsWith(MARK_PREFIX) && Date.now() - Number(localStorage.getItem(other)) > STALE_MARK_MS) localStorage.removeItem(other);
    }
    return marked;
  } catch {
    return true;
  }
}

function leaveMark(): boolean {
  const key = markKey();
  if (!key) return false;
  try {
    localStorage.setItem(key, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}
