/**
 * `npm run bundle:budget`: bundles a tiny browser app per entry of @wirebench/core and builds the
 * playground with its Vite config, prints each one's minified, gzip and brotli bytes (the
 * playground's: its first screen, the entry chunk and its static imports), and fails (exit 1) when
 * an entry's gzipped size grew more than 10 % over bench/baselines/bundle-sizes.json, passed its own
 * limit (the playground's 75,000 B), its build warned, or it bundles a package it must not (a format
 * library in a codec's entry, tinybench outside measure). `-- --update` accepts the sizes: it
 * rewrites the budget file and the tables between the bundle-sizes markers of the READMEs and docs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from 'rolldown';
import { formatBytes } from 'wirebench/report';
import { BUNDLE_APPS, PLAYGROUND_PAGE } from '../bundle/apps.js';
import type { BundleBudget } from '../bundle/budget.js';
import {
  ALLOWED_GROWTH,
  BUNDLE_SIZES_BEGIN,
  BUNDLE_SIZES_END,
  BUNDLE_SIZES_MODULE,
  budgetOf,
  budgetProblems,
  renderBundleSizes,
  renderBundleSizesModule,
} from '../bundle/budget.js';
import type { BundleReport } from '../bundle/sizes.js';
import { bundleApp, bundlePage } from '../bundle/sizes.js';
import { spliceBetween } from '../report/markers.js';
import { command, main } from './command.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COMMAND = 'npm run bundle:budget';
const BUDGET = join(ROOT, 'bench/baselines/bundle-sizes.json');
/** What "loaded later" holds for the packages' entries. */
const CODECS_LATER = 'what `createCodec` imports on demand (every format; an app loads only the ones it creates)';
const isPage = (entry: string): boolean => entry === PLAYGROUND_PAGE.name;
/**
 * The READMEs that show the table, each with its rows: every entry of the packages in the
 * repository's, each package's own in the one npm shows for it, the playground's first screen in its docs.
 */
const READMES: ReadonlyArray<{ readonly file: string; readonly shows: (entry: string) => boolean; readonly later: string }> = [
  { file: join(ROOT, 'README.md'), shows: (entry) => !isPage(entry), later: CODECS_LATER },
  { file: join(ROOT, 'packages/core/README.md'), shows: (entry) => entry.startsWith('@wirebench/core'), later: CODECS_LATER },
  { file: join(ROOT, 'packages/wirebench/README.md'), shows: (entry) => entry.startsWith('wirebench'), later: CODECS_LATER },
  {
    file: join(ROOT, 'docs/playground.md'),
    shows: isPage,
    later:
      "what the page fetches when it needs it: the figures and the answer when a run starts, the comparison when a result file is imported, the share-link reader when the address carries a payload (the measuring worker and its codecs load in the worker's own thread, not counted)",
  },
];
const TARGETS = [...BUNDLE_APPS, PLAYGROUND_PAGE];
const BUNDLER = `rolldown ${VERSION}`;

const USAGE = `${COMMAND} [-- --update]

Bundles a tiny browser app per entry of @wirebench/core (its built dist: run npm run build first;
the npm script does) with ${BUNDLER} (browser, ESM, minified), builds ${PLAYGROUND_PAGE.root} with its
Vite config, and prints the bytes a page loads before each app runs: minified, gzip -9 and brotli 11.
Exits 1 when an entry's gzip bytes grew more than ${ALLOWED_GROWTH * 100} % over ${relative(ROOT, BUDGET)},
when ${PLAYGROUND_PAGE.name}'s first screen is over ${formatBytes(PLAYGROUND_PAGE.maxGzip)} gzipped or its build warns,
or when an entry bundles a package it must not.

  --update     accept the sizes: rewrite ${relative(ROOT, BUDGET)}, ${BUNDLE_SIZES_MODULE} and the tables between
               ${BUNDLE_SIZES_BEGIN} and ${BUNDLE_SIZES_END} in ${READMES.map(({ file }) => relative(ROOT, file)).join(' and ')}
  -h, --help   this text`;

function readBudget(): BundleBudget | undefined {
  if (!existsSync(BUDGET)) return undefined;
  return JSON.parse(readFileSync(BUDGET, 'utf8')) as BundleBudget;
}

function printSizes(reports: readonly BundleReport[], budget: BundleBudget | undefined): void {
  const width = Math.max(...reports.map((report) => report.name.length));
  console.log(`${'entry'.padEnd(width)}  minified      gzip    brotli  budget (gzip)  packages`);
  for (const report of reports) {
    const budgeted = budget?.entries[report.name]?.gzip;
    const cells = [report.minified, report.gzip, report.brotli].map((n) => String(n).padStart(8)).join('  ');
    const packages = report.packages.length > 0 ? report.packages.join(', ') : '-';
    console.log(`${report.name.padEnd(width)}  ${cells}  ${String(budgeted ?? '-').padStart(13)}  ${packages}`);
  }
}

const bundleBudget = command({
  name: 'bundle:budget',
  usage: USAGE,
  options: { update: { type: 'boolean', default: false } },
  async run({ values }) {
    const reports: BundleReport[] = [];
    for (const app of BUNDLE_APPS) reports.push(await bundleApp(app, ROOT));
    reports.push(await bundlePage(PLAYGROUND_PAGE, ROOT));
    const budget = readBudget();
    if (budget && budget.bundler !== BUNDLER) console.log(`bundle:budget: the budget was measured with ${budget.bundler}, this run with ${BUNDLER}`);
    printSizes(reports, budget);

    if (values.update) {
      // Every README is checked before any file is written; one without its markers ends the run (exit 1).
      const readmes = READMES.map(({ file, shows, later }) => {
        const table = renderBundleSizes(
          reports.filter((report) => shows(report.name)),
          TARGETS,
          BUNDLER,
          COMMAND,
          later,
        );
        return [file, spliceBetween(readFileSync(file, 'utf8'), BUNDLE_SIZES_BEGIN, BUNDLE_SIZES_END, table)] as const;
      });
      for (const [file, text] of readmes) writeFileSync(file, text);
      const accepted = budgetOf(reports, BUNDLER, `${COMMAND} -- --update`);
      writeFileSync(BUDGET, `${JSON.stringify(accepted, null, 2)}\n`);
      writeFileSync(join(ROOT, BUNDLE_SIZES_MODULE), renderBundleSizesModule(accepted, `${COMMAND} -- --update`));
      console.log(
        `\nbundle:budget: wrote ${relative(ROOT, BUDGET)}, ${BUNDLE_SIZES_MODULE} and the tables in ${READMES.map(({ file }) => relative(ROOT, file)).join(', ')}`,
      );
    }

    // A package an entry must not bundle fails even with --update: no budget accepts it.
    const problems = budgetProblems(reports, TARGETS, values.update ? readBudget() : budget, COMMAND);
    for (const problem of problems) console.error(`bundle:budget: ${problem}`);
    if (problems.length === 0)
      console.log(
        `\nbundle:budget: every entry within ${ALLOWED_GROWTH * 100} % of its budget (${PLAYGROUND_PAGE.name} within its ${formatBytes(PLAYGROUND_PAGE.maxGzip)} too), bundling only the packages it may`,
      );
    return problems.length > 0 ? 1 : 0;
  },
});

await main(bundleBudget);
