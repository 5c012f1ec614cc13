/**
 * The browser drivers are optional peers of the package: a user who never measures in a browser
 * installs none of them. Each is imported only when its engine is launched, and a missing one is a
 * WirebenchError with the npm line that brings it.
 */
import { WirebenchError } from '@wirebench/core';

/** The npm package that drives each engine that needs one (WebKit's WebDriver client is wirebench's own). */
export const DRIVER_PACKAGES = { chromium: 'playwright-core', firefox: 'puppeteer-core' } as const;

/** `import(specifier)`, or a WirebenchError naming `npm install --save-dev <specifier>` when it is not installed. */
export async function importDriver<T>(specifier: string, engine: string): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // Only the package itself missing: a dependency of it missing is its own error, said as it is.
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && (error as Error).message.includes(`'${specifier}'`)) {
      throw new WirebenchError(
        `${engine} is driven by ${specifier}, an optional peer of wirebench that is not installed: npm install --save-dev ${specifier}`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}
