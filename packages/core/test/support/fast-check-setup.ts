import fc from 'fast-check';

// Seeded, so a failure in CI reproduces; WIREBENCH_PROPERTY_SEED explores other cases.
// The time limit bounds shrinking too: a failing property on large JSON can shrink for most of an
// hour, and an interrupted run still reports the failure with the smallest case found so far.
fc.configureGlobal({
  seed: Number(process.env['WIREBENCH_PROPERTY_SEED'] ?? 20261123),
  interruptAfterTimeLimit: 60_000,
  markInterruptAsFailure: true,
});
