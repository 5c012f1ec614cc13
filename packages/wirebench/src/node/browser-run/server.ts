/**
 * The tiny static server a browser runner (wirebench --engine, bench:browser) loads its page from: 127.0.0.1, an ephemeral port, and
 * COOP/COEP on every response, so the page is cross-origin isolated and `performance.now()` keeps
 * its fine grain.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { cpuPressure } from '../environment.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/** Where the page reads this machine's CPU pressure (the runner's, read from Linux `/proc/pressure/cpu`). */
export const PRESSURE_PATH = '/__cpu-pressure';

/**
 * Serves `root` on 127.0.0.1 at an ephemeral port, cross-origin isolated (COOP + COEP on every
 * response), and the payload files at the paths `files` maps them from (outside `root`: they are
 * read where they are, never copied into the bundle). `PRESSURE_PATH` answers the machine's
 * cumulative CPU pressure in microseconds (empty where the kernel does not tell), so the engine in
 * the page retries contended rounds as it does in Node.
 */
export async function serve(root: string, files: ReadonlyMap<string, string>): Promise<{ server: Server; origin: string }> {
  const handler = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    };
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      response.writeHead(400, headers).end();
      return;
    }
    if (pathname === PRESSURE_PATH) {
      const pressure = cpuPressure();
      response.writeHead(200, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(pressure === undefined ? '' : String(pressure));
      return;
    }
    const file = files.get(pathname) ?? normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    if ((!files.has(pathname) && !file.startsWith(root.endsWith(sep) ? root : root + sep)) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, headers).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { ...headers, 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      response.writeHead(404, headers).end();
    }
  };
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
