/**
 * The playground's service worker (built by plugins/service-worker.ts into dist/sw.js, a classic
 * script with no imports). Two jobs:
 *
 * 1. Cross-origin isolation on any static host (the coi-serviceworker pattern): every response it
 *    hands the page — the document, the measuring worker's script, the codec chunks — carries
 *    `Cross-Origin-Opener-Policy: same-origin` and `Cross-Origin-Embedder-Policy: require-corp`,
 *    the headers the dev and preview servers send, so `crossOriginIsolated` is true and
 *    `performance.now()` fine-grained where the host cannot send them (GitHub Pages, a bucket).
 *    The page reloads itself once to come under the worker's control (src/service-worker/register.ts).
 * 2. Offline once loaded: on install it caches every file of the build (the list the build wrote
 *    into this script), and serves them from that cache; the document is fetched from the network
 *    first (so a new deploy shows on the next load) and from the cache when the network fails or
 *    is slower than 3 s.
 *
 * The cache is named after the build: a hash of every file's bytes, so a new deploy changes this
 * script, the browser installs it, and it replaces the previous build's cache.
 */

/** Written by the build: the build's files (relative to the scope) and the hash of their bytes. */
declare const __WIREBENCH_PRECACHE__: { readonly version: string; readonly files: readonly string[] };
/** Written by the build: the headers the dev and preview servers send (vite.config.ts ISOLATION_HEADERS). */
declare const __WIREBENCH_ISOLATION_HEADERS__: Readonly<Record<string, string>>;

const PRECACHE = __WIREBENCH_PRECACHE__;
const worker = self as unknown as ServiceWorkerGlobalScope;
const SCOPE = worker.registration.scope;
/** Caches are per origin, not per scope: the scope in the name keeps two deployments on one origin apart. */
const PREFIX = `wirebench-playground ${SCOPE} `;
const CACHE = `${PREFIX}${PRECACHE.version}`;
const INDEX = new URL('index.html', SCOPE).href;
/** How long a navigation waits for the network before the cached page is served instead. */
const NAVIGATION_TIMEOUT_MS = 3000;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `cache: 'reload'` skips the HTTP cache: a host's max-age must not put the previous deploy's
      // index.html (or manifest) into this build's cache. All or nothing: a missing file fails the
      // install and the previous worker stays.
      await cache.addAll(PRECACHE.files.map((file) => new Request(new URL(file, SCOPE), { cache: 'reload' })));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Keep this build's cache and the one before it (a tab opened before the update may still
      // start a measuring worker from the previous build's chunks, which the host no longer has);
      // delete older ones. CacheStorage lists caches in the order they were created.
      const previous = (await caches.keys()).filter((key) => key.startsWith(PREFIX) && key !== CACHE);
      await Promise.all(previous.slice(0, -1).map((key) => caches.delete(key)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  // A Chromium quirk: DevTools' only-if-cached requests outside same-origin mode throw when fetched.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  // Only this deployment's own files; anything else goes to the network as if there were no worker
  // (and under require-corp a cross-origin resource needs its own CORP or CORS headers).
  if (!request.url.startsWith(SCOPE)) return;
  event.respondWith(request.mode === 'navigate' ? navigation(request) : resource(request));
});

async function navigation(request: Request): Promise<Response> {
  const cached = await caches.open(CACHE).then((cache) => cache.match(INDEX));
  const network = fetch(request);
  network.catch(() => undefined); // a network that fails after the timeout is not an unhandled rejection
  try {
    const response = cached ? await Promise.race([network, timeout(NAVIGATION_TIMEOUT_MS)]) : await network;
    if (response) return isolated(response);
  } catch {
    // offline: the cached page below
  }
  return cached ? isolated(cached) : offline();
}

async function resource(request: Request): Promise<Response> {
  const cached = (await caches.open(CACHE).then((cache) => cache.match(request))) ?? (await previousBuild(request));
  if (cached) return isolated(cached);
  try {
    return isolated(await fetch(request));
  } catch {
    return offline();
  }
}

/** A file of an earlier build still cached (see activate). */
async function previousBuild(request: Request): Promise<Response | undefined> {
  for (const key of (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE).reverse()) {
    const response = await (await caches.open(key)).match(request);
    if (response) return response;
  }
  return undefined;
}

/** The response with the isolation headers added (an opaque or bodiless-by-status one as it is). */
function isolated(response: Response): Response {
  if (response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(__WIREBENCH_ISOLATION_HEADERS__)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function timeout(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms));
}

function offline(): Response {
  return new Response('Offline, and this file is not in the playground’s offline copy.', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
