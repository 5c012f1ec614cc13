/**
 * Payloads named by where they come from, so that a fresh worker or page (one per payload) plans
 * its payload again by itself, and nothing else: the Node runner's workers, the browser runner's
 * pages and bench:order all plan through these. Browser-safe.
 */
import type { MeasureTarget } from 'wirebench';
import type { SuiteName } from './index.js';
import { SUITES } from './index.js';
import type { Suite, SuiteContext, SuitePlan } from './suite.js';

/**
 * Where one payload comes from, so a fresh worker or page can plan it again by itself: a built-in
 * suite (seeded, so it plans the same payloads everywhere) and its position among that suite's
 * targets, or the user's file at `index` among the files. `name` checks that the plan agrees.
 */
export interface PayloadRef {
  readonly suite: SuiteName | 'files';
  readonly index: number;
  readonly name: string;
}

/**
 * The payloads of the suites named, then of the files (by name, in order), filtered by name as
 * `planTargets` filters them, with the notes planning the suites left. The suites are planned here
 * (codecs built, nothing timed); the files are not: their names are enough.
 */
export async function listPayloads(
  suites: readonly SuiteName[],
  files: readonly string[],
  context: SuiteContext,
  filter: RegExp | undefined,
): Promise<{ refs: PayloadRef[]; notes: string[] }> {
  const refs: PayloadRef[] = [];
  const notes: string[] = [];
  const keep = (name: string): boolean => !filter || filter.test(name);
  for (const suite of suites) {
    const plan = await SUITES[suite].plan(context);
    notes.push(...plan.notes);
    refs.push(...plan.targets.flatMap((target, index) => (keep(target.payload.name) ? [{ suite, index, name: target.payload.name }] : [])));
  }
  refs.push(...files.flatMap((name, index) => (keep(name) ? [{ suite: 'files' as const, index, name }] : [])));
  return { refs, notes };
}

/**
 * The targets of these payloads, in order, planned here: each built-in suite planned once, each
 * file through `fileSuite(index)` (the suite of that one file: read in Node, fetched in a page).
 * Throws when a suite plans a different payload than the ref names (a suite that is not seeded).
 */
export async function planRefs(
  refs: readonly PayloadRef[],
  context: SuiteContext,
  fileSuite: (index: number) => Suite | Promise<Suite>,
): Promise<{ targets: MeasureTarget[]; notes: () => string[] }> {
  const plans = new Map<string, SuitePlan>();
  const targets: MeasureTarget[] = [];
  for (const ref of refs) {
    const key = ref.suite === 'files' ? `files ${ref.index}` : ref.suite;
    let plan = plans.get(key);
    if (!plan) {
      plan = await (ref.suite === 'files' ? await fileSuite(ref.index) : SUITES[ref.suite]).plan(context);
      plans.set(key, plan);
    }
    const target = plan.targets[ref.suite === 'files' ? 0 : ref.index];
    if (!target || target.payload.name !== ref.name) {
      throw new Error(
        `suite ${ref.suite} planned ${target ? JSON.stringify(target.payload.name) : 'no payload'} at ${ref.index}, where ${JSON.stringify(ref.name)} was listed`,
      );
    }
    targets.push(target);
  }
  // A function: suites add notes while the engine builds their library rows.
  return { targets, notes: () => [...new Set([...plans.values()].flatMap((plan) => plan.notes))] };
}
