#!/usr/bin/env node
// The `wirebench` command (the package's bin): the CLI itself is src/cli/main.ts, compiled to dist/ by `npm run build`.
let cli;
try {
  cli = await import('../dist/cli/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli/main.js')) throw error;
  console.error('wirebench: the CLI is not built: run `npm run build` in the wirebench repository');
  process.exit(1);
}
process.exitCode = await cli.main(process.argv.slice(2));
