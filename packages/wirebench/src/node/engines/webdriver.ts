/**
 * The few commands of classic WebDriver (W3C) that wirebench sends WebKitWebDriver: new session,
 * navigate, execute async script, set window rect, delete session. Plain HTTP on 127.0.0.1 with node:http (no timeout
 * but the one given: an evaluate waits for a page that is busy measuring).
 */
import { request } from 'node:http';

/** What a WebDriver server answered with an error: its `error` code and message. */
export class WebDriverError extends Error {
  override readonly name = 'WebDriverError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** Sends one command and resolves with its `value`; rejects with a WebDriverError for an error answer. */
export function webdriverCommand(base: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, timeoutMs = 0): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      `${base}${path}`,
      {
        method,
        headers: payload ? { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length } : {},
        ...(timeoutMs > 0 ? { timeout: timeoutMs } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let parsed: { value?: unknown };
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { value?: unknown };
          } catch {
            reject(new WebDriverError('unknown error', `${method} ${path}: HTTP ${response.statusCode} with no JSON`));
            return;
          }
          const value = parsed.value as { error?: string; message?: string } | null | undefined;
          if ((response.statusCode ?? 500) >= 400 || (value && typeof value === 'object' && typeof value.error === 'string')) {
            reject(new WebDriverError(value?.error ?? 'unknown error', value?.message ?? `HTTP ${response.statusCode}`));
          } else resolve(parsed.value);
        });
      },
    );
    req.on('timeout', () => req.destroy(new WebDriverError('timeout', `${method} ${path}: no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The script `execute/async` runs: calls the function (its source) with the argument, awaits it, and
 * hands back `{ ok, value }` or `{ ok: false, message }`, so a rejection keeps its message and stack.
 */
export function evaluateScript(source: string): string {
  return `const done = arguments[arguments.length - 1];
Promise.resolve()
  .then(() => (${source})(arguments[0]))
  .then(
    (value) => done({ ok: true, value: value === undefined ? null : value }),
    (error) => done({ ok: false, message: error instanceof Error ? (error.stack && error.stack.includes(error.message) ? error.stack : error.message + '\\n' + (error.stack || '')) : String(error) }),
  );`;
}
